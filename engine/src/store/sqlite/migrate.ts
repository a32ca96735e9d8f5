import type Database from 'better-sqlite3';
import type { FieldType } from '../../../../shared/src/config-schema.js';
import { storedDateTime } from '../../../../shared/src/field-types.js';
import type { SchemaModel } from '../../model/service-model.js';
import { renameHint, type TableMigration } from '../table-migration.js';
import { AFFINITY, columnDefinition, ident, lookupIndexName, uniqueIndexName } from './sql.js';

export const META_TABLE = '_mockyard_fields';

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

/** A random UUID v4 per row, for rows that get a `string` id during a rebuild. */
const UUID_SQL =
  "lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || " +
  "substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))";

export const tableExists = (db: Database.Database, table: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/** Whether the table's integer key was declared without AUTOINCREMENT (tables made before ids were never reused). */
function reusesIds(db: Database.Database, table: string): boolean {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as
    | { sql: string }
    | undefined;
  return row !== undefined && !/\bAUTOINCREMENT\b/i.test(row.sql);
}

function recordedTypes(db: Database.Database, table: string): Map<string, FieldType> {
  const rows = db.prepare(`SELECT column_name, field_type FROM ${META_TABLE} WHERE table_name = ?`).all(table) as {
    column_name: string;
    field_type: FieldType;
  }[];
  return new Map(rows.map((r) => [r.column_name, r.field_type]));
}

/**
 * Rebuilds a table whose column affinities must change (a field changed type), copying every row and
 * every column, hidden ones included: SQLite cannot alter a column's type in place.
 */
function rebuild(db: Database.Database, schema: SchemaModel, columns: ColumnInfo[]): void {
  const { table } = schema;
  const temp = `${table}__mockyard_rebuild`;
  const defs = schema.fields.map(columnDefinition);
  const kept = columns.filter((c) => !schema.fieldMap.has(c.name));
  for (const c of kept) defs.push(`${ident(c.name)} ${c.type}`);
  // Target columns and the expression filling each: the old column's values, or for a new UUID key a fresh UUID per row
  // (a new integer key needs nothing: SQLite numbers the rows).
  const copies: [string, string][] = [];
  for (const field of schema.fields) {
    const exists = columns.some((c) => c.name === field.name);
    if (field.autoId === 'uuid')
      copies.push([field.name, exists ? `coalesce(${ident(field.name)}, ${UUID_SQL})` : UUID_SQL]);
    else if (exists) copies.push([field.name, ident(field.name)]);
  }
  for (const c of kept) copies.push([c.name, ident(c.name)]);
  const list = copies.map(([name]) => ident(name)).join(', ');
  const values = copies.map(([, expr]) => expr).join(', ');
  db.exec(`DROP TABLE IF EXISTS ${ident(temp)}`);
  db.exec(`CREATE TABLE ${ident(temp)} (${defs.join(', ')})`);
  db.exec(`INSERT INTO ${ident(temp)} (${list}) SELECT ${values} FROM ${ident(table)}`);
  db.exec(`DROP TABLE ${ident(table)}`);
  db.exec(`ALTER TABLE ${ident(temp)} RENAME TO ${ident(table)}`);
}

const STORED_GLOB = '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z';

/**
 * Rewrites datetimes stored as written (before they were stored in UTC to the millisecond) in the
 * stored form, so filters compare instants. Text that is no datetime is kept as it is.
 */
function normaliseDateTimes(db: Database.Database, table: string, column: string): void {
  const col = ident(column);
  const rows = db
    .prepare(`SELECT rowid AS r, ${col} AS v FROM ${ident(table)} WHERE typeof(${col}) = 'text' AND ${col} NOT GLOB ?`)
    .all(STORED_GLOB) as { r: number; v: string }[];
  const update = db.prepare(`UPDATE ${ident(table)} SET ${col} = ? WHERE rowid = ?`);
  for (const { r, v } of rows) {
    const stored = storedDateTime(v);
    if (stored !== undefined) update.run(stored, r);
  }
}

/** Refuses to make a column unique while two rows share a value, saying which value, instead of SQLite's terse error. */
function checkNoDuplicates(db: Database.Database, table: string, column: string): void {
  const dup = db
    .prepare(
      `SELECT ${ident(column)} AS value, count(*) AS n FROM ${ident(table)} WHERE ${ident(column)} IS NOT NULL GROUP BY 1 HAVING count(*) > 1 LIMIT 1`,
    )
    .get() as { value: unknown; n: number } | undefined;
  if (dup) {
    throw new Error(
      `field '${column}' cannot be made unique: ${dup.n} rows have the value ${JSON.stringify(dup.value)}. ` +
        'Change or delete the duplicates first, or remove `unique: true`.',
    );
  }
}

function syncIndexes(db: Database.Database, schema: SchemaModel): void {
  const { table } = schema;
  const existing = db.prepare(`PRAGMA index_list(${ident(table)})`).all() as { name: string }[];
  const names = new Set(existing.map((i) => i.name));
  const wanted = new Set<string>();
  for (const field of schema.fields) {
    if (field.autoId) continue; // the primary key is already unique and indexed
    if (field.unique) {
      const name = uniqueIndexName(table, field.name);
      wanted.add(name);
      if (!names.has(name)) checkNoDuplicates(db, table, field.name);
      db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(table)} (${ident(field.name)})`);
    } else if (schema.lookupColumns.has(field.name)) {
      const name = lookupIndexName(table, field.name);
      wanted.add(name);
      db.exec(`CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(table)} (${ident(field.name)})`);
    }
  }
  // A unique rule removed from the config must stop giving 409s, and an index no endpoint looks up by only slows
  // writes; dropping an index loses no data. Indexes Mockyard did not create are left alone.
  for (const name of names) {
    const ours = name.startsWith(`mockyard_unique_${table}_`) || name.startsWith(`mockyard_lookup_${table}_`);
    if (ours && !wanted.has(name)) db.exec(`DROP INDEX ${ident(name)}`);
  }
}

/** The table recording each column's field type (what a later migration converts from). */
export function ensureMetaTable(db: Database.Database): void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${META_TABLE} (table_name TEXT NOT NULL, column_name TEXT NOT NULL, field_type TEXT NOT NULL, PRIMARY KEY (table_name, column_name))`,
  );
}

/**
 * Brings one table in line with its schema without losing data: creates it, adds new columns,
 * keeps removed ones (hidden), and keeps stored values when a field changes type.
 * Runs inside the caller's transaction.
 */
export function migrateTable(db: Database.Database, schema: SchemaModel): TableMigration {
  ensureMetaTable(db);
  const { table } = schema;
  const result: TableMigration = { table, created: false, addedColumns: [], retypedColumns: [], hiddenColumns: [] };
  if (!tableExists(db, table)) {
    db.exec(`CREATE TABLE ${ident(table)} (${schema.fields.map(columnDefinition).join(', ')})`);
    result.created = true;
  } else {
    const columns = db.prepare(`PRAGMA table_info(${ident(table)})`).all() as ColumnInfo[];
    const recorded = recordedTypes(db, table);
    let needsRebuild = false;
    for (const field of schema.fields) {
      const column = columns.find((c) => c.name === field.name);
      if (!column) {
        if (field.autoId)
          needsRebuild = true; // a primary key cannot be added with ALTER TABLE
        else db.exec(`ALTER TABLE ${ident(table)} ADD COLUMN ${columnDefinition(field)}`);
        result.addedColumns.push(field.name);
        continue;
      }
      const before = recorded.get(field.name);
      if (before !== undefined && before !== field.type) result.retypedColumns.push(field.name);
      const wantsPk = field.autoId !== undefined;
      if (
        column.type.toUpperCase() !== (field.autoId === 'uuid' ? 'TEXT' : AFFINITY[field.type]) ||
        wantsPk !== column.pk > 0
      ) {
        needsRebuild = true;
      }
    }
    // The rebuild copies every id, and AUTOINCREMENT then starts past the largest one kept.
    if (schema.idField?.autoId === 'integer' && reusesIds(db, table)) needsRebuild = true;
    const hidden = columns.filter((c) => !schema.fieldMap.has(c.name));
    result.hiddenColumns = hidden.map((c) => c.name);
    result.renameHint = renameHint(schema, result.addedColumns, result.hiddenColumns, recorded);
    // A hidden NOT NULL column (e.g. a removed UUID `id`) would make every insert fail; the rebuild keeps its data without the constraint.
    if (hidden.some((c) => c.notnull !== 0)) needsRebuild = true;
    if (needsRebuild) rebuild(db, schema, columns);
  }
  // Only changed bookkeeping is written: an unchanged schema starts without writing to the file,
  // so a database another program holds (or a damaged one) can still be opened and read.
  const recorded = recordedTypes(db, table);
  const record = db.prepare(
    `INSERT OR REPLACE INTO ${META_TABLE} (table_name, column_name, field_type) VALUES (?, ?, ?)`,
  );
  for (const field of schema.fields)
    if (recorded.get(field.name) !== field.type) record.run(table, field.name, field.type);
  for (const field of schema.fields) if (field.type === 'datetime') normaliseDateTimes(db, table, field.name);
  syncIndexes(db, schema);
  return result;
}
