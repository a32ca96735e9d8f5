import type { VirtualItem } from '@tanstack/react-virtual';
import type { GridContext } from './grid-context';
import { GridCell } from './GridCell';
import { ROW_HEIGHT } from './use-grid-cursor';

type Row = Record<string, unknown>;

interface Props {
  item: VirtualItem;
  /** The row, or undefined while its page loads. */
  row: Row | undefined;
  rowKey: string;
  selected: boolean;
  /** The active cell's column, when it is in this row. */
  activeCol: number | undefined;
  grid: GridContext;
}

/** One row of the data grid, placed by the virtualiser: its selection checkbox, then a cell per field. */
export function GridRow(p: Props) {
  const { row, item, rowKey: key, grid } = p;
  const { edits } = grid;
  const index = item.index;
  const editing = edits.editing?.index === index ? edits.editing : undefined;
  return (
    <div
      className={`grid-row${p.selected ? ' selected' : ''}`}
      style={{ gridTemplateColumns: grid.columns, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={grid.editable && row ? p.selected : undefined}
      data-row={index}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as in GridCell, the grid takes the keys and the focus. */}
      <span
        id={grid.idOf({ row: index, col: 0 })}
        role="gridcell"
        className={`grid-select${p.activeCol === 0 ? ' active' : ''}`}
        onClick={() => grid.focusCell({ row: index, col: 0 })}
      >
        {row && grid.editable ? (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select row ${key}`}
            checked={p.selected}
            onChange={() => grid.toggleRow(row)}
          />
        ) : null}
      </span>
      {grid.fields.map((f, i) => (
        <GridCell
          key={f.name}
          id={grid.idOf({ row: index, col: i + 1 })}
          field={f}
          row={row}
          rowKey={key}
          active={p.activeCol === i + 1}
          editable={grid.canEdit(f.name)}
          editing={editing?.field === f.name ? editing : undefined}
          kept={row ? edits.refusedAt(row, f.name) : undefined}
          load={grid.loadFor(f.name)}
          onActivate={() => grid.focusCell({ row: index, col: i + 1 })}
          onOpen={() => {
            if (row && grid.canEdit(f.name)) edits.setEditing({ index, field: f.name });
          }}
          onToggle={() => row && grid.toggleBoolean(row, f.name)}
          onOpenReference={() => grid.openReference(f.name, row?.[f.name])}
          onCommit={(text, move) => row && edits.commit(row, index, f.name, text, move)}
          onCancel={() => row && edits.cancel(row, index, f.name)}
        />
      ))}
    </div>
  );
}
