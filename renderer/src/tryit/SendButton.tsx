import { Send } from 'lucide-react';
import type { ServerStatus } from '../../../shared/src/studio-contract';

/**
 * Send, for the panels that send one request at a time. Not disabled while sending (busy instead):
 * a disabled button drops focus to the page, where Escape no longer reaches the panel.
 */
export function SendButton({ status, sending }: { status: ServerStatus | undefined; sending: boolean }) {
  return (
    <button
      type="submit"
      className="btn primary"
      disabled={status?.state !== 'running'}
      aria-busy={sending}
      data-testid="tryit-send"
    >
      <Send size={14} aria-hidden="true" />
      {sending ? 'Sending…' : 'Send'}
    </button>
  );
}
