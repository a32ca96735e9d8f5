import type { LogEntry, StreamFrame, StreamLog } from '../../../shared/src/log-entry';
import { DetailFrame } from './DetailFrame';
import { HeadersTable } from './HeadersTable';
import { NotesList } from './NotesList';
import { streamCounts, streamState } from './stream-labels';
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
  const kept = stream.frames.length;
  const total = stream.framesIn + stream.framesOut;
  return (
    <DetailFrame entry={entry} onReplay={onReplay} onClose={onClose}>
      <p className="meta">
        {new Date(entry.time).toLocaleString()}
        {stream.open ? '' : ` · open ${(entry.duration / 1000).toFixed(1)} s`} ·{' '}
        {entry.endpoint ?? 'no matching endpoint'}
      </p>
      <StateLine stream={stream} />
      <NotesList notes={entry.notes} testId="log-notes" />
      <details>
        <summary>Request headers</summary>
        <HeadersTable headers={entry.requestHeaders} />
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
    </DetailFrame>
  );
}
