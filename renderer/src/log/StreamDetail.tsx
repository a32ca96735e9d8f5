import { RotateCw, X } from 'lucide-react';
import type { LogEntry, StreamFrame, StreamLog } from '../../../shared/src/log-entry';
import { NotesList } from './NotesList';
import { methodLabel, streamCounts, streamState } from './stream-labels';
import './stream.css';

const ARROW = { in: '↓', out: '↑' } as const;
const WORD = { in: 'from the client', out: 'to the client' } as const;

function FrameItem({ frame: f }: { frame: StreamFrame }) {
  return (
    <li className={`stream-frame frame-${f.direction}`} data-testid={`stream-frame-${f.direction}`}>
      <span className="frame-at">+{f.at} ms</span>
      <span className="frame-dir" title={WORD[f.direction]}>
        <span aria-hidden="true">{ARROW[f.direction]}</span>
        <span className="visually-hidden">{WORD[f.direction]}</span>
      </span>
      <span className="frame-text">{f.binary ? `(binary, ${f.bytes} bytes)` : f.text}</span>
    </li>
  );
}

/** How the connection stands: open, or closed with its code and reason (an SSE stream: ended). */
function StateLine({ stream }: { stream: StreamLog }) {
  const state = streamState(stream);
  return (
    <p className="stream-state" data-testid="stream-state">
      <span className={stream.open ? 'stream-open' : undefined}>
        {stream.open
          ? 'Open'
          : stream.protocol === 'sse'
            ? 'Ended'
            : `Closed with code ${state.text}${stream.closeReason ? `: ${stream.closeReason}` : ''}`}
      </span>
      {' · '}
      {streamCounts(stream)}
    </p>
  );
}

/**
 * A WebSocket connection or SSE stream in the Log: one entry that stays open, its frames in and out
 * with their times since it opened (the latest ones the engine keeps), and how it ended.
 */
export function StreamDetail({
  entry,
  stream,
  onReplay,
  onClose,
}: {
  entry: LogEntry;
  stream: StreamLog;
  onReplay(entry: LogEntry): void;
  onClose(): void;
}) {
  const headers = Object.entries(entry.requestHeaders).filter(([, v]) => v !== undefined);
  const kept = stream.frames.length;
  const total = stream.framesIn + stream.framesOut;
  return (
    <section className="log-detail" aria-label="Connection detail" data-testid="log-detail">
      <header>
        <code className="request-line">
          {methodLabel(entry)} {entry.path}
          {entry.query ? `?${entry.query}` : ''}
        </code>
        <span className={`status-badge status-${Math.floor(entry.status / 100)}xx`}>{entry.status}</span>
        <button
          type="button"
          data-testid="replay"
          onClick={() => onReplay(entry)}
          title="Open this connection again in Try it"
        >
          <RotateCw size={14} aria-hidden="true" />
          Try again
        </button>
        <button type="button" className="icon" onClick={onClose} aria-label="Close detail">
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      <p className="meta">
        {new Date(entry.time).toLocaleString()}
        {stream.open ? '' : ` · open ${(entry.duration / 1000).toFixed(1)} s`} ·{' '}
        {entry.endpoint ?? 'no matching endpoint'}
      </p>
      <StateLine stream={stream} />
      <NotesList notes={entry.notes} testId="log-notes" />
      <details>
        <summary>Request headers</summary>
        <table className="headers">
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <th>{name}</th>
                <td>{Array.isArray(value) ? value.join(', ') : String(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <h4>
        {stream.protocol === 'sse' ? 'Events' : 'Frames'}{' '}
        <span className="muted" data-testid="stream-kept">
          {stream.framesDropped > 0 ? `(the latest ${kept} of ${total})` : `(${total})`}
        </span>
      </h4>
      {kept === 0 ? (
        <p className="empty">None yet.</p>
      ) : (
        <ol className="stream-frames" data-testid="stream-frames">
          {stream.frames.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: frames are appended only; the window slides as one.
            <FrameItem key={`${total - kept + i}`} frame={f} />
          ))}
        </ol>
      )}
    </section>
  );
}
