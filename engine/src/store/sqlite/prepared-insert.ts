import type { FieldModel, SchemaModel } from '../../model/service-model.js';
import type { Steps } from '../../time-slice.js';
import { createdFields } from '../key-values.js';
import { type InsertOf, prepareInserts as prepareRows } from '../prepare-inserts.js';
import type { PreparedInsert, RefusedInsert } from '../store.js';
import { ident } from './sql.js';
import { toSqlValue } from './sql-value.js';

type Row = Record<string, unknown>;

/** The names of the fields written: made once for the schema's own list (a row that writes every field). */
const names = new WeakMap<SchemaModel, string[]>();
function namesOf(schema: SchemaModel, fields: readonly FieldModel[]): string[] {
  if (fields !== schema.fields) return fields.map((f) => f.name);
  let known = names.get(schema);
  if (!known) {
    known = fields.map((f) => f.name);
    names.set(schema, known);
  }
  return known;
}

/** The fields a create writes for `record` (see `createdFields`, which fills `record`) and their values as SQLite stores them. */
export function insertValues(
  schema: SchemaModel,
  record: Row,
): { names: string[]; values: (string | number | null)[] } {
  const fields = createdFields(schema, record);
  return { names: namesOf(schema, fields), values: fields.map((f) => toSqlValue(f, record[f.name])) };
}

/** `INSERT INTO table (names) VALUES (?, …)`, or DEFAULT VALUES when no field is written (`() VALUES ()` is not SQL). */
export function insertSql(schema: SchemaModel, names: readonly string[]): string {
  const columnsAndValues = names.length
    ? `(${names.map(ident).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
    : 'DEFAULT VALUES';
  return `INSERT INTO ${ident(schema.table)} ${columnsAndValues}`;
}

/**
 * `insertSql`'s text for `columns` written (at least one) extended to `rows` rows: one statement for
 * many rows costs half of a statement per row (a db.json's 50,000 seed rows; issue 41's bench).
 */
export function insertRowsSql(sql: string, columns: number, rows: number): string {
  return sql + `, (${Array.from({ length: columns }, () => '?').join(', ')})`.repeat(rows - 1);
}

/** The most rows one `insertRowsSql` statement takes: within SQLite's oldest limit of 999 bound values, and at most 50. */
export const rowsPerInsert = (columns: number): number => Math.max(1, Math.min(50, Math.floor(999 / columns)));

/**
 * `insertSql` for a create whose id AUTOINCREMENT picks, carrying its own check: it inserts nothing
 * (and returns no row) when that id would pass 2^53 − 1, the largest a JSON client reads exactly.
 * AUTOINCREMENT picks one more than the larger of the table's largest id ever (`sqlite_sequence`)
 * and its largest id now. One statement instead of a query before each create (that query took 12 %
 * of the server's CPU under wrk on POST /users), and no write can come between the check and the insert.
 */
export function insertWithIdLeftSql(schema: SchemaModel, names: readonly string[], idColumn: string): string {
  // `INSERT … SELECT` has a WHERE where `VALUES` has none; with no field written the id is given as NULL (the next one).
  const columns = names.length ? names : [idColumn];
  const values = names.length ? names.map(() => '?').join(', ') : 'NULL';
  const table = ident(schema.table);
  const name = `'${schema.table.replace(/'/g, "''")}'`;
  const largest = `max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${name}), 0), coalesce((SELECT max(${ident(idColumn)}) FROM ${table}), 0))`;
  return `INSERT INTO ${table} (${columns.map(ident).join(', ')}) SELECT ${values} WHERE ${largest} < ${Number.MAX_SAFE_INTEGER}`;
}

/** SQLite's conversion of a checked record for a bulk insert (see the shared `InsertPreparer`). */
export const sqliteInsertOf =
  (schema: SchemaModel) =>
  (record: Row): InsertOf => {
    const { names, values } = insertValues(schema, record);
    return { names, values, sql: () => insertSql(schema, names) };
  };

/** Checks and converts rows for `TableStore.insertMany` (see the shared `prepareInserts`). */
export function prepareInserts(
  schema: SchemaModel,
  rows: readonly { row: number; record: unknown }[],
): Steps<(PreparedInsert | RefusedInsert)[]> {
  return prepareRows(schema, rows, sqliteInsertOf(schema));
}
