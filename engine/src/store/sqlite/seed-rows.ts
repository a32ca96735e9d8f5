/**
 * A table's seed rows, checked and inserted in the caller's transaction: what prepareInserts and
 * insertMany do for a data import, without holding every prepared row until the write (a db.json's
 * 50,000 rows made the collector copy them all; issue 41's bench), and with rows that write the same
 * fields inserted up to `rowsPerInsert` to a statement (half the time of a statement per row).
 */
import type Database from 'better-sqlite3';
import type { SchemaModel } from '../../model/service-model.js';
import { AutoIds, idsExhausted } from '../id-limit.js';
import { InsertPreparer } from '../prepare-inserts.js';
import type { PreparedInsert } from '../store.js';
import { insertRowsSql, rowsPerInsert, sqliteInsertOf } from './prepared-insert.js';
import { toStoreError } from './sqlite-errors.js';

/**
 * Inserts `rows` into `schema`'s table; `largestId` is the id the next automatic one follows (none
 * for a table without automatic ids). Throws the first row's refusal or conflict, as insertMany
 * does (the rows before a refused one are written first, so a conflict among them is the error).
 */
export function insertSeedRows(
  db: Database.Database,
  schema: SchemaModel,
  rows: readonly unknown[],
  largestId: number | undefined,
): void {
  const statements = new Map<string, Database.Statement>();
  const run = (sql: string, values: unknown[]): void => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    statement.run(values);
  };
  // Prepared rows of one SQL text in one statement; when it fails, one at a time, so the error names its row's value.
  const insert = (batch: readonly PreparedInsert[]): void => {
    const first = batch[0];
    if (!first) return;
    const columns = first.values.length;
    if (batch.length > 1 && columns > 0) {
      const values: unknown[] = [];
      for (const p of batch) for (const v of p.values) values.push(v);
      try {
        // A failed statement undoes its own rows, so they can be tried again one by one.
        run(insertRowsSql(first.sql, columns, batch.length), values);
        return;
      } catch {}
    }
    for (const p of batch) {
      try {
        run(p.sql, p.values);
      } catch (err) {
        throw toStoreError(err, schema, p.record);
      }
    }
  };
  const ids = largestId === undefined ? undefined : new AutoIds(schema.idField?.name ?? 'id', largestId, true);
  const preparer = new InsertPreparer(schema, sqliteInsertOf(schema));
  let batch: PreparedInsert[] = [];
  for (let i = 0; i < rows.length; i++) {
    const p = preparer.prepare(i + 1, rows[i]);
    if ('refused' in p || ids?.passesLimit(p.record)) {
      insert(batch);
      throw 'refused' in p ? p.refused : idsExhausted(schema);
    }
    if (batch.length > 0 && batch[0]?.sql !== p.sql) {
      insert(batch);
      batch = [];
    }
    batch.push(p);
    if (batch.length >= rowsPerInsert(p.values.length)) {
      insert(batch);
      batch = [];
    }
  }
  insert(batch);
}
