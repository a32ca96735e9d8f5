import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LogEntry } from '../../../shared/src/log-entry';
import { CloseButton } from '../components/CloseButton';
import { methodLabel } from './stream-labels';

const REPLAY = {
  request: { label: 'Replay', title: 'Open this request in Try it, to edit and send it again' },
  connection: { label: 'Try again', title: 'Open this connection again in Try it' },
} as const;

/**
 * A Log detail's frame: its head (the request line, WS or SSE for a connection, and its status, the
 * entry's own actions, Replay to Try it, Close), then what the detail shows.
 */
export function DetailFrame({
  entry,
  onReplay,
  onClose,
  actions,
  children,
}: {
  entry: LogEntry;
  onReplay(entry: LogEntry): void;
  onClose(): void;
  /** Buttons before Replay (a request's Copy as curl). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const replay = entry.stream ? REPLAY.connection : REPLAY.request;
  return (
    <section
      className="log-detail"
      aria-label={entry.stream ? 'Connection detail' : 'Request detail'}
      data-testid="log-detail"
    >
      <header>
        <code className="request-line">
          {methodLabel(entry)} {entry.path}
          {entry.query ? `?${entry.query}` : ''}
        </code>
        <span className={`status-badge status-${Math.floor(entry.status / 100)}xx`}>{entry.status}</span>
        {actions}
        <button type="button" data-testid="replay" onClick={() => onReplay(entry)} title={replay.title}>
          <RotateCw size={14} aria-hidden="true" />
          {replay.label}
        </button>
        <CloseButton label="Close detail" onClose={onClose} />
      </header>
      {children}
    </section>
  );
}
