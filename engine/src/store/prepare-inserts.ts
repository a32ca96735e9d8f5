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
 * Checks and converts rows one at a time, as `insertOf` (the store's own conversion of a checked
 * record: it fills in defaults and generated keys) makes them; rows writing the same fields share one
 * SQL text.
 */
export class InsertPreparer {
  private readonly sqlFor = new Map<string, string>();
  // The previous row's fields and SQL: rows in a row mostly write the same fields, so most skip the join and lookup.
  private lastNames: readonly string[] = [];
  private lastSql: string | undefined;

  constructor(
    private readonly schema: SchemaModel,
    private readonly insertOf: (record: Row) => InsertOf,
  ) {}

  /** Row `row` (1-based) checked and converted, or refused as a create of it would be. */
  prepare(row: number, body: unknown): PreparedInsert | RefusedInsert {
    const problem = recordProblem(this.schema, body, 'create');
    if (problem) return { row, refused: new DomainError('invalid', problem.message, { field: problem.field }) };
    const record: Row = { ...(body as Row) };
    const insert = this.insertOf(record);
    let sql = this.lastSql !== undefined && sameNames(insert.names, this.lastNames) ? this.lastSql : undefined;
    if (sql === undefined) {
      const key = insert.names.join('\u0000');
      sql = this.sqlFor.get(key);
      if (sql === undefined) {
        sql = insert.sql();
        this.sqlFor.set(key, sql);
      }
    }
    this.lastNames = insert.names;
    this.lastSql = sql;
    return { row, sql, values: insert.values, record };
  }
}

/**
 * Checks and converts rows for `TableStore.insertMany`, one step per row, so that the write itself
 * runs nothing but prepared statements (see InsertPreparer). Stops at the first row that does not
 * fit and ends the list with it: the rows before it are still written first, so a conflict among
 * them is reported before it, as when each row was checked just before its insert.
 */
export function* prepareInserts(
  schema: SchemaModel,
  rows: readonly { row: number; record: unknown }[],
  insertOf: (record: Row) => InsertOf,
): Steps<(PreparedInsert | RefusedInsert)[]> {
  const preparer = new InsertPreparer(schema, insertOf);
  const prepared: (PreparedInsert | RefusedInsert)[] = [];
  for (const { row, record } of rows) {
    yield;
    const insert = preparer.prepare(row, record);
    prepared.push(insert);
    if ('refused' in insert) break;
  }
  return prepared;
}
