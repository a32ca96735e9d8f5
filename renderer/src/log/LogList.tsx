import { LogRow, logCellId } from './LogRow';
import { LOG_ROW_HEIGHT, type LogListState } from './use-log-list';

/** The list's column heads; the Endpoint column's legend explains the ● mark. */
function LogHead() {
  return (
    <div className="log-row log-head" role="row" aria-rowindex={1}>
      <span role="columnheader" className="time">
        Time
      </span>
      <span role="columnheader">Method</span>
      <span role="columnheader">Path</span>
      <span role="columnheader" className="num">
        Status
      </span>
      <span role="columnheader" className="num">
        ms
      </span>
      <span role="columnheader">
        Endpoint{' '}
        <span
          className="log-legend"
          title="A request marked ● has notes: ignored query parameters, validation failures, latency added. Select it to read them."
          data-testid="log-legend"
        >
          (<span aria-hidden="true">●</span> has notes)
        </span>
      </span>
    </div>
  );
}

/** The requests as a virtualised ARIA grid: one tab stop, the selected request named by aria-activedescendant. */
export function LogList({ list }: { list: LogListState }) {
  const { shown, selectedId } = list;
  return (
    <div
      className="log-list"
      ref={list.scroller}
      onScroll={list.onScroll}
      role="grid"
      aria-label="Requests (arrow keys choose one)"
      aria-rowcount={shown.length + 1}
      aria-activedescendant={list.selectedInView ? logCellId(selectedId as number) : undefined}
      tabIndex={0}
      onKeyDown={list.onKey}
      data-testid="log-list"
    >
      <LogHead />
      <div style={{ height: list.totalSize, position: 'relative' }} role="rowgroup">
        {list.items.map((item) => {
          const e = shown[item.index];
          if (!e) return null;
          return (
            <LogRow
              key={e.id}
              entry={e}
              index={item.index}
              selected={e.id === selectedId}
              top={item.start}
              height={LOG_ROW_HEIGHT}
              onSelect={list.toggleSelected}
            />
          );
        })}
      </div>
    </div>
  );
}
