import type Database from 'better-sqlite3';
import type { HiddenColumns } from '../../../../shared/src/studio-values.js';
import { DomainError } from '../../domain-error.js';
import type { SchemaModel } from '../../model/service-model.js';
import { META_TABLE, tableExists } from './migrate.js';
import { ident } from './sql.js';

const AFFINITY_TYPE: Record<string, string> = { INTEGER: 'integer', NUMERIC: 'number', REAL: 'number', TEXT: 'string' };

function hiddenOf(db: Database.Database, schema: SchemaModel): { name: string; type: string }[] {
  if (!tableExists(db, schema.table)) return [];
  const columns = db.prepare(`PRAGMA table_info(${ident(schema.table)})`).all() as { name: string; type: string }[];
  const recorded = tableExists(db, META_TABLE)
    ? new Map(
        (
          db.prepare(`SELECT column_name, field_type FROM ${META_TABLE} WHERE table_name = ?`).all(schema.table) as {
            column_name: string;
            field_type: string;
          }[]
        ).map((r) => [r.column_name, r.field_type]),
      )
    : new Map<string, string>();
  return columns
    .filter((c) => !schema.fieldMap.has(c.name))
    .map((c) => ({ name: c.name, type: recorded.get(c.name) ?? AFFINITY_TYPE[c.type.toUpperCase()] ?? 'json' }));
}

/** The hidden columns of a live table (see Store.hiddenColumns). */
export function hiddenColumns(db: Database.Database, schema: SchemaModel, limit: number): HiddenColumns {
  const hidden = hiddenOf(db, schema);
  const t = ident(schema.table);
  const total = tableExists(db, schema.table) ? (db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number) : 0;
  if (hidden.length === 0) return { columns: [], rows: [], total };
  const counts = db
    .prepare(`SELECT ${hidden.map((c) => `count(${ident(c.name)})`).join(', ')} FROM ${t}`)
    .raw()
    .get() as number[];
  const key = schema.idField ? [schema.idField.name] : [];
  const rows = db
    .prepare(`SELECT ${[...key, ...hidden.map((c) => c.name)].map(ident).join(', ')} FROM ${t} ORDER BY rowid LIMIT ?`)
    .all(limit) as Record<string, unknown>[];
  return { columns: hidden.map((c, i) => ({ ...c, values: counts[i] ?? 0 })), rows, total };
}

/** Drops a hidden column (see Store.dropHiddenColumn), with Mockyard's indexes on it and its recorded type. */
export function dropHiddenColumn(db: Database.Database, schema: SchemaModel, column: string): number {
  if (!hiddenOf(db, schema).some((c) => c.name === column))
    throw new DomainError('not_found', `Table '${schema.table}' has no hidden column '${column}'.`);
  return db.transaction(() => {
    const values = db
      .prepare(`SELECT count(${ident(column)}) FROM ${ident(schema.table)}`)
      .pluck()
      .get() as number;
    for (const { name } of db.prepare(`PRAGMA index_list(${ident(schema.table)})`).all() as { name: string }[]) {
      const on = db.prepare(`PRAGMA index_info(${ident(name)})`).all() as { name: string }[];
      if (on.some((c) => c.name === column)) db.exec(`DROP INDEX ${ident(name)}`);
    }
    db.exec(`ALTER TABLE ${ident(schema.table)} DROP COLUMN ${ident(column)}`);
    if (tableExists(db, META_TABLE))
      db.prepare(`DELETE FROM ${META_TABLE} WHERE table_name = ? AND column_name = ?`).run(schema.table, column);
    return values;
  })();
}
