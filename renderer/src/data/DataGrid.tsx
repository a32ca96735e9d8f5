import { useEffect } from 'react';
import type { TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import type { Move } from './CellEditor';
import { useColumnWidths } from './column-widths';
import type { GridContext } from './grid-context';
import { gridKeyDown } from './grid-key-down';
import { GridHeader, nextSort } from './GridHeader';
import { GridRow } from './GridRow';
import { useCellEdits } from './use-cell-edits';
import { useGridCursor } from './use-grid-cursor';
import type { DataTabState } from './use-data-tab';

type Row = Record<string, unknown>;

interface Props {
  /** The rows, sort, ticked rows, references and cell writes of the Data tab. */
  tab: DataTabState;
  /** The table shown. */
  table: TableInfo;
  onDeleteSelected(): void;
}

/**
 * A virtualised grid (only the visible rows exist in the page, fetched a page at a time) that
 * follows the WAI-ARIA grid pattern: one tab stop, the active cell named by aria-activedescendant,
 * arrows, Home/End, PageUp/PageDown, Enter or F2 to edit, typing to replace, Escape to cancel.
 */
export function DataGrid(props: Props) {
  const { table } = props;
  const { rows, sort, keyField } = props.tab;
  const { chosen: selected, setChosen: onSelect, setSort: onSort, editCell: onEdit, setError: onError } = props.tab;
  // json-server mode: the fields writes sent that the db.json never had follow the declared ones, read-only.
  const extraFields = table.extras ? rows.extraFields.filter((x) => !table.fields.some((f) => f.name === x.name)) : [];
  const extras = new Set(extraFields.map((f) => f.name));
  const fields = [...table.fields, ...extraFields];
  // Extra fields are absent from some rows, so they are not measured: they keep the default width.
  const widths = useColumnWidths(table, rows);
  const editable = !table.orphaned && keyField !== undefined;
  const cols = fields.length + 1;
  const cursor = useGridCursor(rows.total, cols);
  const { at, idOf, focusCell } = cursor;
  const colOf = (field: string) => fields.findIndex((f) => f.name === field) + 1;
  const edits = useCellEdits({
    table,
    keyField,
    onEdit,
    onError,
    onLeft: (index: number, field: string, move: Move) =>
      focusCell({ row: move === 'down' ? Math.min(index + 1, rows.total - 1) : index, col: colOf(field) }),
  });
  const { editing, setEditing } = edits;
  const { want } = rows;
  const { first, last, restart } = cursor;
  useEffect(() => want(first, last), [first, last, want]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another table closes the editor of this one and starts at its first cell.
  useEffect(() => {
    setEditing(undefined);
    restart();
  }, [table.table]);

  const keyOf = (row: Row) => (keyField ? String(row[keyField]) : '');
  const toggleRow = (row: Row) => {
    const next = new Set(selected);
    const key = keyOf(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  const canEdit = (field: string) => editable && field !== keyField && !extras.has(field);
  // An extra field is no column of the table: the engine cannot sort by it.
  const sortBy = (next: TableQuery['sort']) => (next && extras.has(next.field) ? undefined : onSort(next));
  const toggleBoolean = (row: Row, field: string) =>
    void onEdit(row, field, row[field] !== true).catch((err: Error) => onError(err.message));

  const grid: GridContext = {
    fields,
    // Fixed widths: every row is its own grid, so the columns only line up if no row sizes them.
    columns: `40px ${fields.map((f) => `${widths.widthOf(f.name)}px`).join(' ')}`,
    editable,
    edits,
    idOf,
    canEdit,
    loadFor: props.tab.loadFor,
    focusCell,
    toggleRow,
    toggleBoolean,
    openReference: props.tab.references.open,
  };
  return (
    <div
      className="grid"
      ref={cursor.scroller}
      data-testid="grid"
      role="grid"
      aria-label={`Rows of ${table.table}${table.orphaned ? ' (read-only)' : ''}`}
      aria-rowcount={rows.total + 1}
      aria-colcount={cols}
      aria-multiselectable={editable ? true : undefined}
      aria-readonly={editable ? undefined : true}
      aria-activedescendant={editing || !cursor.shown ? undefined : idOf(at)}
      tabIndex={0}
      onKeyDown={(e) =>
        gridKeyDown(e, {
          ...grid,
          at,
          total: rows.total,
          cols,
          page: cursor.page(),
          selected: selected.size,
          row: rows.row,
          widen: (field, by) => widths.resize(field, widths.widthOf(field) + by),
          sortBy: (field) => sortBy(nextSort(sort, field)),
          edit: setEditing,
          deleteSelected: props.onDeleteSelected,
        })
      }
    >
      <GridHeader
        fields={fields}
        extras={extras}
        columns={grid.columns}
        sort={sort}
        onSort={sortBy}
        widthOf={widths.widthOf}
        onResize={widths.resize}
        idOf={(col) => idOf({ row: -1, col })}
        activeCol={at.row === -1 ? at.col : undefined}
        onActivate={(col) => focusCell({ row: -1, col })}
      />
      <div style={{ height: cursor.totalSize, position: 'relative' }} role="rowgroup">
        {cursor.items.map((item) => {
          const row = rows.row(item.index);
          const key = row ? keyOf(row) : '';
          return (
            <GridRow
              key={item.key}
              item={item}
              row={row}
              rowKey={key}
              selected={row !== undefined && selected.has(key)}
              activeCol={at.row === item.index ? at.col : undefined}
              grid={grid}
            />
          );
        })}
      </div>
    </div>
  );
}
