import type { HiddenColumns, SaveResult } from '../../../shared/src/studio-contract.js';
import { DomainError } from '../domain-error.js';
import type { Engine } from '../engine.js';
import type { StudioSession } from './session.js';
import { storeFor } from './tables.js';

/** The grid shows this many rows of a table's hidden columns (read-only); the counts cover every row. */
const HIDDEN_ROWS = 200;

function databaseOf(engine: Engine) {
  const store = engine.store;
  if (!store) throw new DomainError('not_found', 'No database is open.');
  return store;
}

/** `tables.hiddenColumns`: the columns a live table keeps for removed fields, with their values. */
export async function hiddenColumnsOf(engine: Engine, table: string): Promise<HiddenColumns> {
  const { schema } = storeFor(engine, table);
  return databaseOf(engine).hiddenColumns(schema, HIDDEN_ROWS);
}

/**
 * `tables.restoreHiddenColumn`: writes the column back as a field of its last type (on the saved text,
 * and on the editor's draft through the change event) and applies it; the column's values show again.
 */
export async function restoreHiddenColumn(session: StudioSession, table: string, column: string): Promise<SaveResult> {
  const { schema } = storeFor(session.engine, table);
  const hidden = (await databaseOf(session.engine).hiddenColumns(schema, 0)).columns.find((c) => c.name === column);
  if (!hidden) throw new DomainError('not_found', `Table '${table}' has no hidden column '${column}'.`);
  const applied = await session.saveChanges([
    { path: ['schemas', schema.name, 'properties', column], value: hidden.type },
  ]);
  if (!applied)
    throw new DomainError(
      'invalid',
      `A field '${column}' of type ${hidden.type} would not be valid in ${schema.name}.`,
    );
  return { applied, problems: [], endpoints: session.endpointList, version: session.status().version };
}

/** `tables.dropHiddenColumn`: drops the column and its values for good; the studio asked first. */
export async function dropHiddenColumn(engine: Engine, table: string, column: string): Promise<{ dropped: number }> {
  const { schema } = storeFor(engine, table);
  return { dropped: await databaseOf(engine).dropHiddenColumn(schema, column) };
}
