import type Database from 'better-sqlite3';
import type { FieldType } from '../../../shared/src/config-schema.js';
import type { SchemaModel } from '../model.js';
import { AFFINITY, columnDefinition, ident, lookupIndexName, uniqueIndexName } from './sql.js';

const META_TABLE = '_mockyard_fields';

export interface TableMigration {
  table: string;
  created: boolean;
  addedColumns: string[];
  retypedColumns: string[];
  /** Columns whose field was removed: their data is kept, but the API no longer shows them. */
  hiddenColumns: string[];
}

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
}

const tableExists = (db: Database.Database, table: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

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
  const names = [...schema.fields.map((f) => f.name).filter((n) => columns.some((c) => c.name === n)), ...kept.map((c) => c.name)];
  const list = names.map(ident).join(', ');
  db.exec(`DROP TABLE IF EXISTS ${ident(temp)}`);
  db.exec(`CREATE TABLE ${ident(temp)} (${defs.join(', ')})`);
  db.exec(`INSERT INTO ${ident(temp)} (${list}) SELECT ${list} FROM ${ident(table)}`);
  db.exec(`DROP TABLE ${ident(table)}`);
  db.exec(`ALTER TABLE ${ident(temp)} RENAME TO ${ident(table)}`);
}

function syncIndexes(db: Database.Database, schema: SchemaModel): void {
  const { table } = schema;
  const existing = db.prepare(`PRAGMA index_list(${ident(table)})`).all() as { name: string }[];
  for (const field of schema.fields) {
    if (field.autoId) continue; // the primary key is already unique and indexed
    if (field.unique) {
      db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${ident(uniqueIndexName(table, field.name))} ON ${ident(table)} (${ident(field.name)})`);
    } else if (schema.lookupColumns.has(field.name)) {
      db.exec(`CREATE INDEX IF NOT EXISTS ${ident(lookupIndexName(table, field.name))} ON ${ident(table)} (${ident(field.name)})`);
    }
  }
  // A unique rule that was removed from the config must stop giving 409s; dropping an index loses no data.
  for (const { name } of existing) {
    const field = name.startsWith(`mockyard_unique_${table}_`) ? name.slice(`mockyard_unique_${table}_`.length) : undefined;
    if (field !== undefined && !schema.fieldMap.get(field)?.unique) db.exec(`DROP INDEX ${ident(name)}`);
  }
}

/**
 * Brings one table in line with its schema without losing data: creates it, adds new columns,
 * keeps removed ones (hidden), and keeps stored values when a field changes type.
 * Runs inside the caller's transaction.
 */
export function migrateTable(db: Database.Database, schema: SchemaModel): TableMigration {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (table_name TEXT NOT NULL, column_name TEXT NOT NULL, field_type TEXT NOT NULL, PRIMARY KEY (table_name, column_name))`);
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
        if (field.autoId) needsRebuild = true; // a primary key cannot be added with ALTER TABLE
        else db.exec(`ALTER TABLE ${ident(table)} ADD COLUMN ${columnDefinition(field)}`);
        result.addedColumns.push(field.name);
        continue;
      }
      const before = recorded.get(field.name);
      if (before !== undefined && before !== field.type) result.retypedColumns.push(field.name);
      const wantsPk = field.autoId !== undefined;
      if (column.type.toUpperCase() !== (field.autoId === 'uuid' ? 'TEXT' : AFFINITY[field.type]) || wantsPk !== column.pk > 0) {
        needsRebuild = true;
      }
    }
    result.hiddenColumns = columns.filter((c) => !schema.fieldMap.has(c.name)).map((c) => c.name);
    if (needsRebuild) rebuild(db, schema, columns);
  }
  const record = db.prepare(`INSERT OR REPLACE INTO ${META_TABLE} (table_name, column_name, field_type) VALUES (?, ?, ?)`);
  for (const field of schema.fields) record.run(table, field.name, field.type);
  syncIndexes(db, schema);
  return result;
}
