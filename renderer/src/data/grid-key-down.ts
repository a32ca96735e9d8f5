import type { GridContext } from './grid-context';
import { type Cell, gridKey } from './grid-keys';
import type { Editing } from './use-cell-edits';

type Row = Record<string, unknown>;

/** What the data grid's keys need to know about the grid, and what they can do to it. */
export interface KeyedGrid extends GridContext {
  at: Cell;
  total: number;
  cols: number;
  /** Rows to a screen. */
  page: number;
  /** How many rows are selected. */
  selected: number;
  row(index: number): Row | undefined;
  widen(field: string, by: number): void;
  sortBy(field: string): void;
  edit(editing: Editing): void;
  deleteSelected(): void;
}

/**
 * A key on the grid itself (the grid pattern, see grid-keys.ts): Delete removes the selected rows;
 * on the header a key sorts or resizes the column; on a row it selects it, toggles a checkbox,
 * opens a reference or starts an edit. Keys inside an open editor are the editor's.
 */
export function gridKeyDown(e: React.KeyboardEvent<HTMLDivElement>, g: KeyedGrid) {
  if (e.target !== e.currentTarget) return;
  if (e.key === 'Delete' && g.selected > 0) {
    e.preventDefault();
    g.deleteSelected();
    return;
  }
  const { at } = g;
  const action = gridKey(e, at, g.total, g.cols, g.page);
  if (!action) return;
  const field = g.fields[at.col - 1];
  const row = at.row >= 0 ? g.row(at.row) : undefined;
  if (action.kind === 'move') {
    e.preventDefault();
    g.focusCell(action.to);
    return;
  }
  if (action.kind === 'resize') {
    e.preventDefault();
    if (field) g.widen(field.name, action.by);
    return;
  }
  if (at.row === -1) {
    // The header: Enter, F2 or Space sorts by the column.
    if (field && (action.kind === 'activate' || action.kind === 'toggle')) {
      e.preventDefault();
      g.sortBy(field.name);
    }
    return;
  }
  if (!row) return;
  if (action.kind === 'select-row' || (!field && (action.kind === 'toggle' || action.kind === 'activate'))) {
    e.preventDefault();
    if (g.editable) g.toggleRow(row);
    return;
  }
  if (!field || !g.canEdit(field.name)) {
    if (action.kind === 'open-reference' && field?.references) g.openReference(field.name, row[field.name]);
    return;
  }
  e.preventDefault();
  if (field.type === 'boolean') {
    if (action.kind !== 'type' && action.kind !== 'open-reference') g.toggleBoolean(row, field.name);
  } else if (action.kind === 'open-reference') {
    if (field.references && row[field.name] != null) g.openReference(field.name, row[field.name]);
  } else if (action.kind === 'activate') g.edit({ index: at.row, field: field.name });
  else if (action.kind === 'type') g.edit({ index: at.row, field: field.name, typed: action.text });
}
