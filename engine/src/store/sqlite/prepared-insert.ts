import { randomUUID } from 'node:crypto';
import { HttpError } from '../../http-error.js';
import { recordProblem } from '../../model/record-check.js';
import type { SchemaModel } from '../../model/service-model.js';
import type { Steps } from '../../time-slice.js';
import type { PreparedInsert, RefusedInsert } from '../store.js';
import { ident } from './sql.js';
import { toSqlValue } from './sql-value.js';

type Row = Record<string, unknown>;

/**
 * The fields a create writes for `record` and their values as SQLite stores them. An integer auto
 * id not given is left to SQLite; a uuid key missing or null is made here; other missing fields
 * get their default or null. Fills those values into `record`, so a conflict can name them.
 */
export function insertValues(
  schema: SchemaModel,
  record: Row,
): { names: string[]; values: (string | number | null)[] } {
  const fields = schema.fields.filter((f) => !(f.autoId === 'integer' && record[f.name] == null));
  for (const f of fields) {
    // A uuid key sent as null is generated like a missing one (as a null integer id is): the column is NOT NULL.
    if (f.autoId === 'uuid' && record[f.name] === null) record[f.name] = randomUUID();
    else if (record[f.name] === undefined) record[f.name] = f.autoId === 'uuid' ? randomUUID() : (f.default ?? null);
  }
  return { names: fields.map((f) => f.name), values: fields.map((f) => toSqlValue(f, record[f.name])) };
}

/** `INSERT INTO table (names) VALUES (?, …)`, or DEFAULT VALUES when no field is written (`() VALUES ()` is not SQL). */
export function insertSql(schema: SchemaModel, names: readonly string[]): string {
  const columnsAndValues = names.length
    ? `(${names.map(ident).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
    : 'DEFAULT VALUES';
  return `INSERT INTO ${ident(schema.table)} ${columnsAndValues}`;
}

export type { PreparedInsert, RefusedInsert };

/**
 * Checks and converts rows for `TableStore.insertMany`, one step per row, so that the write itself
 * runs nothing but prepared statements. Stops at the first row that does not fit and ends the list
 * with it: the rows before it are still written first, so a conflict among them is reported
 * before it, as when each row was checked just before its insert.
 */
export function* prepareInserts(
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
    const { names, values } = insertValues(schema, record);
    const key = names.join('\u0000');
    let sql = sqlFor.get(key);
    if (sql === undefined) {
      sql = insertSql(schema, names);
      sqlFor.set(key, sql);
    }
    prepared.push({ row, sql, values, record });
  }
  return prepared;
}
