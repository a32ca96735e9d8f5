import { memo } from 'react';
import type { LogEntry } from '../../../shared/src/log-entry';
import { methodLabel, streamState } from './stream-labels';

/**
 * The time of day on a 24-hour clock (h23: `hour12: false` writes midnight as 24:00:00 in en-US),
 * from one formatter: `toLocaleTimeString` builds an Intl.DateTimeFormat on every call, and during a
 * burst that was one of the log's two largest costs in the renderer (a CPU profile of 8 clicks at
 * 500 requests a second: 368 of 2505 ms).
 */
const timeOfDay = new Intl.DateTimeFormat([], {
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

const statusClass = (status: number): string => `status-${Math.floor(status / 100)}xx`;

/** The element id of an entry's first cell: the list names its selected row by aria-activedescendant. */
export const logCellId = (id: number): string => `log-entry-${id}`;

interface Props {
  entry: LogEntry;
  /** Its place in the list shown (0 is the newest), for aria-rowindex. */
  index: number;
  selected: boolean;
  /** Its offset in the list, in px. */
  top: number;
  height: number;
  onSelect(id: number): void;
}

/**
 * One request in the log's list. Memoised: a batch of new requests re-renders only the rows whose
 * place changed, and the row of an open WebSocket or SSE stream when its entry is sent again.
 */
export const LogRow = memo(function LogRow({ entry: e, index, selected, top, height, onSelect }: Props) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a row of the log's ARIA grid; the list takes the focus and the arrow keys (LogTab).
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`log-row${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, height }}
      onClick={() => onSelect(e.id)}
      data-testid="log-row"
    >
      <span role="gridcell" className="time" id={logCellId(e.id)}>
        {timeOfDay.format(e.time)}
      </span>
      <span role="gridcell" data-direction={e.outgoing ? 'outgoing' : 'incoming'}>
        {e.outgoing ? (
          <span className="outgoing-marker" title="An outgoing callback (webhook) the mock sent">
            <span aria-hidden="true">↗ </span>
            <span className="visually-hidden">Outgoing callback </span>
          </span>
        ) : null}
        {methodLabel(e)}
      </span>
      <span role="gridcell" className="path" title={e.outgoing?.url}>
        {e.outgoing ? e.outgoing.url : `${e.path}${e.query ? `?${e.query}` : ''}`}
      </span>
      {e.stream ? (
        <span
          role="gridcell"
          className={`num ${e.stream.open ? 'stream-open' : statusClass(e.status)}`}
          title={streamState(e.stream).title}
        >
          {streamState(e.stream).text}
        </span>
      ) : e.outgoing?.error ? (
        <span role="gridcell" className="num status-5xx" title={`Callback failed: ${e.outgoing.error}`}>
          failed
        </span>
      ) : (
        <span role="gridcell" className={`num ${statusClass(e.status)}`}>
          {e.status}
        </span>
      )}
      <span role="gridcell" className="num">
        {e.stream ? (e.stream.open ? '…' : `${(e.duration / 1000).toFixed(1)} s`) : e.duration.toFixed(1)}
      </span>
      <span role="gridcell" className="endpoint" title={e.endpoint ?? 'no match'}>
        {e.endpoint ?? 'no match'}
        {e.notes.length ? (
          <span className="note-marker" title={e.notes.join('\n')}>
            {' '}
            <span aria-hidden="true">●</span>
            <span className="visually-hidden">(notes)</span>
          </span>
        ) : null}
      </span>
    </div>
  );
});
