import { HttpError } from '../../http-error.js';
import { recordProblem } from '../../model/record-check.js';
import type { FieldModel, SchemaModel } from '../../model/service-model.js';
import type { Steps } from '../../time-slice.js';
import type { PreparedInsert, RefusedInsert } from '../store.js';
import { ident, qualified } from './sql.js';
import { castOf, insertValues } from './values.js';

type Row = Record<string, unknown>;

/** `INSERT INTO "schema"."table" (…) VALUES ($1::bigint, …)`, or DEFAULT VALUES when no field is written. */
export function insertSql(pgSchema: string, schema: SchemaModel, fields: readonly FieldModel[]): string {
  const into = fields.length
    ? `(${fields.map((f) => ident(f.name)).join(', ')}) VALUES (${fields.map((f, i) => `$${i + 1}::${castOf(f)}`).join(', ')})`
    : 'DEFAULT VALUES';
  return `INSERT INTO ${qualified(pgSchema, schema.table)} ${into}`;
}

/**
 * Checks and converts rows for insertMany, one step per row, as the SQLite store's prepareInserts
 * does: stops at the first row that does not fit and ends the list with it.
 */
export function* prepareInserts(
  pgSchema: string,
  schema: SchemaModel,
  rows: readonly { row: number; record: unknown }[],
): Steps<(PreparedInsert | RefusedInsert)[]> {
  const prepared: (PreparedInsert | RefusedInsert)[] = [];
  const sqlFor = new Map<string, string>();
  for (const { row, record: body } of rows) {
    yield;
    const problem = recordProblem(schema, body, 'create');
    if (problem) {
      prepared.push({ row, refused: new HttpError(400, problem.message, {}, problem.field) });
      break;
    }
    const record: Row = { ...(body as Row) };
    const { fields, values } = insertValues(schema, record);
    const key = fields.map((f) => f.name).join('\u0000');
    let sql = sqlFor.get(key);
    if (sql === undefined) {
      sql = insertSql(pgSchema, schema, fields);
      sqlFor.set(key, sql);
    }
    prepared.push({ row, sql, values, record });
  }
  return prepared;
}
