import type { FieldModel, SchemaModel } from '../../model/service-model.js';
import type { Steps } from '../../time-slice.js';
import { prepareInserts as prepareRows } from '../prepare-inserts.js';
import type { PreparedInsert, RefusedInsert } from '../store.js';
import { ident, qualified } from './sql.js';
import { castOf, insertValues } from './values.js';

/** `INSERT INTO "schema"."table" (…) VALUES ($1::bigint, …)`, or DEFAULT VALUES when no field is written. */
export function insertSql(pgSchema: string, schema: SchemaModel, fields: readonly FieldModel[]): string {
  const into = fields.length
    ? `(${fields.map((f) => ident(f.name)).join(', ')}) VALUES (${fields.map((f, i) => `$${i + 1}::${castOf(f)}`).join(', ')})`
    : 'DEFAULT VALUES';
  return `INSERT INTO ${qualified(pgSchema, schema.table)} ${into}`;
}

/** Checks and converts rows for insertMany (see the shared `prepareInserts`). */
export function prepareInserts(
  pgSchema: string,
  schema: SchemaModel,
  rows: readonly { row: number; record: unknown }[],
): Steps<(PreparedInsert | RefusedInsert)[]> {
  return prepareRows(schema, rows, (record) => {
    const { fields, values } = insertValues(schema, record);
    return { names: fields.map((f) => f.name), values, sql: () => insertSql(pgSchema, schema, fields) };
  });
}
