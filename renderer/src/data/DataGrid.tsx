import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState } from 'react';
import type { TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import type { Move } from './CellEditor';
import { useColumnWidths } from './column-widths';
import { type Cell, gridKey } from './grid-keys';
import { GridCell } from './GridCell';
import { GridHeader, nextSort } from './GridHeader';
import type { LoadOptions } from './ReferenceInput';
import { useCellEdits } from './use-cell-edits';
import type { RowsView } from './use-table-rows';

const ROW_HEIGHT = 28;

type Row = Record<string, unknown>;

interface Props {
  table: TableInfo;
  rows: RowsView;
  sort: TableQuery['sort'];
  onSort(sort: TableQuery['sort']): void;
  selected: ReadonlySet<string>;
  onSelect(keys: Set<string>): void;
  keyField: string | undefined;
  /** Writes one cell; rejects with the engine's message when the value is refused. */
  onEdit(row: Row, field: string, value: unknown): Promise<void>;
  onDeleteSelected(): void;
  /** A failure with no cell to show it in (a checkbox toggle). */
  onError(message: string): void;
  /** The records a reference field offers in its cell editor (undefined for other fields). */
  loadFor(field: string): LoadOptions | undefined;
  /** A reference cell's link: shows the record it names. */
  onOpenReference(field: string, value: unknown): void;
}

/**
 * A virtualised grid (only the visible rows exist in the page, fetched a page at a time) that
 * follows the WAI-ARIA grid pattern: one tab stop, the active cell named by aria-activedescendant,
 * arrows, Home/End, PageUp/PageDown, Enter or F2 to edit, typing to replace, Escape to cancel.
 */
export function DataGrid(props: Props) {
  const { table, rows, sort, onSort, selected, onSelect, keyField, onEdit, onDeleteSelected, onError } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const gridId = useId();
  const [active, setActive] = useState<Cell>({ row: 0, col: 1 });
  // Set by a key: the next render scrolls the active cell into view (a mouse wheel must not snap back).
  const reveal = useRef(false);
  const widths = useColumnWidths(table, rows);
  const editable = !table.orphaned && keyField !== undefined;
  const cols = table.fields.length + 1;
  const colOf = (field: string) => table.fields.findIndex((f) => f.name === field) + 1;
  const focusCell = (cell: Cell) => {
    setActive(cell);
    reveal.current = true;
    scroller.current?.focus({ preventScroll: true });
  };
  const edits = useCellEdits({
    table,
    keyField,
    onEdit,
    onError,
    onLeft: (index: number, field: string, move: Move) =>
      focusCell({ row: move === 'down' ? Math.min(index + 1, rows.total - 1) : index, col: colOf(field) }),
  });
  const { editing, setEditing } = edits;
  const virtualizer = useVirtualizer({
    count: rows.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { want } = rows;
  useEffect(() => want(first, last), [first, last, want]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another table closes the editor of this one and starts at its first cell.
  useEffect(() => {
    setEditing(undefined);
    setActive({ row: 0, col: 1 });
  }, [table.table]);
  // Rows deleted under the active cell: it stays on the last row.
  const at: Cell = { row: Math.min(active.row, rows.total - 1), col: Math.min(active.col, cols - 1) };
  const idOf = (cell: Cell) => `${gridId}-${cell.row}-${cell.col}`;

  useEffect(() => {
    if (!reveal.current) return;
    const box = scroller.current;
    const el = document.getElementById(idOf(at));
    if (!box) return;
    if (!el) {
      if (at.row >= 0) virtualizer.scrollToIndex(at.row, { align: 'center' });
      return;
    }
    reveal.current = false;
    const outer = box.getBoundingClientRect();
    const cell = el.getBoundingClientRect();
    const top = outer.top + (at.row >= 0 ? ROW_HEIGHT : 0);
    if (cell.top < top) box.scrollTop -= top - cell.top;
    else if (cell.bottom > outer.bottom) box.scrollTop += cell.bottom - outer.bottom;
    if (cell.left < outer.left + 40 && at.col > 0) box.scrollLeft -= outer.left + 40 - cell.left;
    else if (cell.right > outer.right) box.scrollLeft += cell.right - outer.right;
  });

  const keyOf = (row: Row) => (keyField ? String(row[keyField]) : '');
  const toggleRow = (row: Row) => {
    const next = new Set(selected);
    const key = keyOf(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  const canEdit = (field: string) => editable && field !== keyField;
  const toggleBoolean = (row: Row, field: string) =>
    void onEdit(row, field, row[field] !== true).catch((err: Error) => onError(err.message));

  const onKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    // Keys inside an open editor are the editor's.
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Delete' && selected.size > 0) {
      e.preventDefault();
      onDeleteSelected();
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 2);
    const action = gridKey(e, at, rows.total, cols, page);
    if (!action) return;
    const field = table.fields[at.col - 1];
    const row = at.row >= 0 ? rows.row(at.row) : undefined;
    if (action.kind === 'move') {
      e.preventDefault();
      focusCell(action.to);
      return;
    }
    if (action.kind === 'resize') {
      e.preventDefault();
      if (field) widths.resize(field.name, widths.widthOf(field.name) + action.by);
      return;
    }
    if (at.row === -1) {
      // The header: Enter, F2 or Space sorts by the column.
      if (field && (action.kind === 'activate' || action.kind === 'toggle')) {
        e.preventDefault();
        onSort(nextSort(sort, field.name));
      }
      return;
    }
    if (!row) return;
    if (action.kind === 'select-row' || (!field && (action.kind === 'toggle' || action.kind === 'activate'))) {
      e.preventDefault();
      if (editable) toggleRow(row);
      return;
    }
    if (!field || !canEdit(field.name)) {
      if (action.kind === 'open-reference' && field?.references) props.onOpenReference(field.name, row[field.name]);
      return;
    }
    e.preventDefault();
    if (field.type === 'boolean') {
      if (action.kind !== 'type' && action.kind !== 'open-reference') toggleBoolean(row, field.name);
    } else if (action.kind === 'open-reference') {
      if (field.references && row[field.name] != null) props.onOpenReference(field.name, row[field.name]);
    } else if (action.kind === 'activate') setEditing({ index: at.row, field: field.name });
    else if (action.kind === 'type') setEditing({ index: at.row, field: field.name, typed: action.text });
  };

  // Fixed widths: every row is its own grid, so the columns only line up if no row sizes them.
  const columns = `40px ${table.fields.map((f) => `${widths.widthOf(f.name)}px`).join(' ')}`;
  // The active cell is named only while its row is in the page (a virtualised row far away is not).
  const shown = at.row === -1 || (at.row >= first && at.row <= last);
  return (
    <div
      className="grid"
      ref={scroller}
      data-testid="grid"
      role="grid"
      aria-label={`Rows of ${table.table}${table.orphaned ? ' (read-only)' : ''}`}
      aria-rowcount={rows.total + 1}
      aria-colcount={cols}
      aria-multiselectable={editable ? true : undefined}
      aria-readonly={editable ? undefined : true}
      aria-activedescendant={editing || !shown ? undefined : idOf(at)}
      tabIndex={0}
      onKeyDown={onKey}
    >
      <GridHeader
        fields={table.fields}
        columns={columns}
        sort={sort}
        onSort={onSort}
        widthOf={widths.widthOf}
        onResize={widths.resize}
        idOf={(col) => idOf({ row: -1, col })}
        activeCol={at.row === -1 ? at.col : undefined}
        onActivate={(col) => focusCell({ row: -1, col })}
      />
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
        {items.map((item) => {
          const row = rows.row(item.index);
          const key = row ? keyOf(row) : '';
          const isSelected = row !== undefined && selected.has(key);
          const here = (col: number) => at.row === item.index && at.col === col;
          return (
            <div
              key={item.key}
              className={`grid-row${isSelected ? ' selected' : ''}`}
              style={{ gridTemplateColumns: columns, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={editable && row ? isSelected : undefined}
              data-row={item.index}
            >
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: as in GridCell, the grid takes the keys and the focus. */}
              <span
                id={idOf({ row: item.index, col: 0 })}
                role="gridcell"
                className={`grid-select${here(0) ? ' active' : ''}`}
                onClick={() => focusCell({ row: item.index, col: 0 })}
              >
                {row && editable ? (
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select row ${key}`}
                    checked={isSelected}
                    onChange={() => toggleRow(row)}
                  />
                ) : null}
              </span>
              {table.fields.map((f, i) => {
                const open = () => {
                  if (row && canEdit(f.name)) setEditing({ index: item.index, field: f.name });
                };
                return (
                  <GridCell
                    key={f.name}
                    id={idOf({ row: item.index, col: i + 1 })}
                    field={f}
                    row={row}
                    rowKey={key}
                    active={here(i + 1)}
                    editable={canEdit(f.name)}
                    editing={editing?.index === item.index && editing.field === f.name ? editing : undefined}
                    kept={row ? edits.refusedAt(row, f.name) : undefined}
                    load={props.loadFor(f.name)}
                    onActivate={() => focusCell({ row: item.index, col: i + 1 })}
                    onOpen={open}
                    onToggle={() => row && toggleBoolean(row, f.name)}
                    onOpenReference={() => props.onOpenReference(f.name, row?.[f.name])}
                    onCommit={(text, move) => row && edits.commit(row, item.index, f.name, text, move)}
                    onCancel={() => row && edits.cancel(row, item.index, f.name)}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
