import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { SchemaModel } from '../model/service-model.js';

/** What bringing one table in line with its schema did (both stores migrate to the same rules). */
export interface TableMigration {
  table: string;
  created: boolean;
  addedColumns: string[];
  retypedColumns: string[];
  /** Columns whose field was removed (or whose old values a type change could not keep): kept, not shown. */
  hiddenColumns: string[];
}

/**
 * The warnings both stores give after migrating a table: one per column the table keeps that the
 * schema no longer has (the data stays, the API no longer shows it).
 */
export function hiddenColumnWarnings(schema: SchemaModel, columns: readonly string[]): Problem[] {
  return columns.map((column) => ({
    code: 'hiddenColumn',
    severity: 'warning',
    message: messages.hiddenColumn(schema.table, column),
    range: schema.range,
    path: ['schemas', schema.name],
  }));
}
