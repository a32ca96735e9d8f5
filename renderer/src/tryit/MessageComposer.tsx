import { Send } from 'lucide-react';

interface Props {
  message: string;
  onChange(message: string): void;
  /** The socket is open: Send frame is enabled. */
  open: boolean;
  onSend(): void;
}

/** The WebSocket text frame to send, with Send frame; Ctrl+Enter (⌘+Enter) in the box sends it too. */
export function MessageComposer({ message, onChange, open, onSend }: Props) {
  return (
    <form
      className="tryit-compose"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="tryit-message">Message (a text frame; Ctrl+Enter sends)</label>
      <textarea
        id="tryit-message"
        rows={3}
        spellCheck={false}
        value={message}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSend();
          }
        }}
        data-testid="tryit-message"
      />
      <button type="submit" className="btn" disabled={!open} data-testid="tryit-send-frame">
        <Send size={14} aria-hidden="true" />
        Send frame
      </button>
    </form>
  );
}
