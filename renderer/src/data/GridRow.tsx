import type { VirtualItem } from '@tanstack/react-virtual';
import type { FieldSummary } from '../../../shared/src/service-summary';
import type { Cell } from './grid-keys';
import { GridCell } from './GridCell';
import type { LoadOptions } from './ReferenceInput';
import type { CellEdits } from './use-cell-edits';
import { ROW_HEIGHT } from './use-grid-cursor';

type Row = Record<string, unknown>;

interface Props {
  item: VirtualItem;
  /** The row, or undefined while its page loads. */
  row: Row | undefined;
  rowKey: string;
  fields: FieldSummary[];
  columns: string;
  selected: boolean;
  /** Rows can be selected (a live table with a key). */
  editable: boolean;
  /** The active cell's column, when it is in this row. */
  activeCol: number | undefined;
  /** The open editor and the refused values the grid keeps. */
  edits: CellEdits;
  idOf(cell: Cell): string;
  canEdit(field: string): boolean;
  loadFor(field: string): LoadOptions | undefined;
  onActivate(cell: Cell): void;
  onToggleRow(row: Row): void;
  onToggleBoolean(row: Row, field: string): void;
  onOpenReference(field: string, value: unknown): void;
}

/** One row of the data grid, placed by the virtualiser: its selection checkbox, then a cell per field. */
export function GridRow(p: Props) {
  const { row, item, rowKey: key, edits } = p;
  const index = item.index;
  const editing = edits.editing?.index === index ? edits.editing : undefined;
  return (
    <div
      className={`grid-row${p.selected ? ' selected' : ''}`}
      style={{ gridTemplateColumns: p.columns, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={p.editable && row ? p.selected : undefined}
      data-row={index}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as in GridCell, the grid takes the keys and the focus. */}
      <span
        id={p.idOf({ row: index, col: 0 })}
        role="gridcell"
        className={`grid-select${p.activeCol === 0 ? ' active' : ''}`}
        onClick={() => p.onActivate({ row: index, col: 0 })}
      >
        {row && p.editable ? (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select row ${key}`}
            checked={p.selected}
            onChange={() => p.onToggleRow(row)}
          />
        ) : null}
      </span>
      {p.fields.map((f, i) => (
        <GridCell
          key={f.name}
          id={p.idOf({ row: index, col: i + 1 })}
          field={f}
          row={row}
          rowKey={key}
          active={p.activeCol === i + 1}
          editable={p.canEdit(f.name)}
          editing={editing?.field === f.name ? editing : undefined}
          kept={row ? edits.refusedAt(row, f.name) : undefined}
          load={p.loadFor(f.name)}
          onActivate={() => p.onActivate({ row: index, col: i + 1 })}
          onOpen={() => {
            if (row && p.canEdit(f.name)) edits.setEditing({ index, field: f.name });
          }}
          onToggle={() => row && p.onToggleBoolean(row, f.name)}
          onOpenReference={() => p.onOpenReference(f.name, row?.[f.name])}
          onCommit={(text, move) => row && edits.commit(row, index, f.name, text, move)}
          onCancel={() => row && edits.cancel(row, index, f.name)}
        />
      ))}
    </div>
  );
}
