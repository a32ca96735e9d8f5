import type { SchemaModel } from '../../model/service-model.js';
import type { Steps } from '../../time-slice.js';
import { createdFields } from '../key-values.js';
import { prepareInserts as prepareRows } from '../prepare-inserts.js';
import type { PreparedInsert, RefusedInsert } from '../store.js';
import { ident } from './sql.js';
import { toSqlValue } from './sql-value.js';

type Row = Record<string, unknown>;

/** The fields a create writes for `record` (see `createdFields`, which fills `record`) and their values as SQLite stores them. */
export function insertValues(
  schema: SchemaModel,
  record: Row,
): { names: string[]; values: (string | number | null)[] } {
  const fields = createdFields(schema, record);
  return { names: fields.map((f) => f.name), values: fields.map((f) => toSqlValue(f, record[f.name])) };
}

/** `INSERT INTO table (names) VALUES (?, …)`, or DEFAULT VALUES when no field is written (`() VALUES ()` is not SQL). */
export function insertSql(schema: SchemaModel, names: readonly string[]): string {
  const columnsAndValues = names.length
    ? `(${names.map(ident).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
    : 'DEFAULT VALUES';
  return `INSERT INTO ${ident(schema.table)} ${columnsAndValues}`;
}

/** Checks and converts rows for `TableStore.insertMany` (see the shared `prepareInserts`). */
export function prepareInserts(
  schema: SchemaModel,
  rows: readonly { row: number; record: unknown }[],
): Steps<(PreparedInsert | RefusedInsert)[]> {
  return prepareRows(schema, rows, (record) => {
    const { names, values } = insertValues(schema, record);
    return { names, values, sql: () => insertSql(schema, names) };
  });
}
