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
  /**
   * Set when this migration added exactly one field and hid exactly one column of that field's type:
   * likely a rename without `renamedFrom`, which the warning then suggests.
   */
  renameHint?: { column: string; field: string };
}

/** The rename hint of a migration: its one added field and the one hidden column recorded with that field's type. */
export function renameHint(
  schema: SchemaModel,
  added: readonly string[],
  hidden: readonly string[],
  recorded: ReadonlyMap<string, string>,
): TableMigration['renameHint'] {
  const fields = added.map((name) => schema.fieldMap.get(name)).filter((f) => f !== undefined && !f.autoId);
  const [field] = fields;
  if (fields.length !== 1 || !field) return undefined;
  const candidates = hidden.filter((column) => recorded.get(column) === field.type);
  const [column] = candidates;
  return candidates.length === 1 && column !== undefined ? { column, field: field.name } : undefined;
}

/**
 * The warnings both stores give after migrating a table: one per column the table keeps that the
 * schema no longer has (the data stays, the API no longer shows it); for a likely undeclared rename,
 * the warning suggests the `renamedFrom` line and points at the new field.
 */
export function hiddenColumnWarnings(schema: SchemaModel, migration: TableMigration): Problem[] {
  const hint = migration.renameHint;
  return migration.hiddenColumns.map((column) =>
    hint?.column === column
      ? {
          code: 'undeclaredRename',
          severity: 'warning',
          message: messages.undeclaredRename(schema.table, column, hint.field),
          range: schema.range,
          path: ['schemas', schema.name, 'properties', hint.field],
        }
      : {
          code: 'hiddenColumn',
          severity: 'warning',
          message: messages.hiddenColumn(schema.table, column),
          range: schema.range,
          path: ['schemas', schema.name],
        },
  );
}
