import type { FieldSummary } from '../../../shared/src/service-summary';
import type { Cell } from './grid-keys';
import type { LoadOptions } from './ReferenceInput';
import type { CellEdits } from './use-cell-edits';

type Row = Record<string, unknown>;

/** What the data grid's rows and its keys share: the columns, what can be edited, and what a row or key can do. */
export interface GridContext {
  fields: FieldSummary[];
  /** The CSS grid columns every row uses (fixed widths, so that the rows line up). */
  columns: string;
  /** Rows can be selected and cells edited (a live table with a key). */
  editable: boolean;
  /** The open editor and the refused values the grid keeps. */
  edits: CellEdits;
  /** The element id of a cell, for aria-activedescendant. */
  idOf(cell: Cell): string;
  canEdit(field: string): boolean;
  /** The records a reference field offers in its cell editor (undefined for other fields). */
  loadFor(field: string): LoadOptions | undefined;
  focusCell(cell: Cell): void;
  toggleRow(row: Row): void;
  toggleBoolean(row: Row, field: string): void;
  openReference(field: string, value: unknown): void;
}
