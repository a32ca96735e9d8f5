import { DomainError } from '../domain-error.js';
import { recordProblem } from '../model/record-check.js';
import type { SchemaModel } from '../model/service-model.js';
import type { Steps } from '../time-slice.js';
import type { PreparedInsert, RefusedInsert } from './store.js';

type Row = Record<string, unknown>;

/** One row's insert as a store writes it: the fields written (they choose the SQL), their values, the SQL. */
export interface InsertOf {
  names: readonly string[];
  values: unknown[];
  sql(): string;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Checks and converts rows for `TableStore.insertMany`, one step per row, so that the write itself
 * runs nothing but prepared statements. `insertOf` is the store's own conversion of a checked
 * record (it fills in defaults and generated keys); rows writing the same fields share one SQL text.
 * Stops at the first row that does not fit and ends the list with it: the rows before it are still
 * written first, so a conflict among them is reported before it, as when each row was checked just
 * before its insert.
 */
export function* prepareInserts(
  schema: SchemaModel,
  rows: readonly { row: number; record: unknown }[],
  insertOf: (record: Row) => InsertOf,
): Steps<(PreparedInsert | RefusedInsert)[]> {
  const prepared: (PreparedInsert | RefusedInsert)[] = [];
  const sqlFor = new Map<string, string>();
  // The previous row's fields and SQL: rows in a row mostly write the same fields, so most skip the join and lookup.
  let lastNames: readonly string[] = [];
  let lastSql: string | undefined;
  for (const { row, record: body } of rows) {
    yield;
    const problem = recordProblem(schema, body, 'create');
    if (problem) {
      prepared.push({ row, refused: new DomainError('invalid', problem.message, { field: problem.field }) });
      break;
    }
    const record: Row = { ...(body as Row) };
    const insert = insertOf(record);
    let sql = lastSql !== undefined && sameNames(insert.names, lastNames) ? lastSql : undefined;
    if (sql === undefined) {
      const key = insert.names.join('\u0000');
      sql = sqlFor.get(key);
      if (sql === undefined) {
        sql = insert.sql();
        sqlFor.set(key, sql);
      }
    }
    lastNames = insert.names;
    lastSql = sql;
    prepared.push({ row, sql, values: insert.values, record });
  }
  return prepared;
}
