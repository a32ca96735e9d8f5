import type Database from 'better-sqlite3';
import type { ServiceModel } from '../../model/service-model.js';
import { type PlannedRename, plannedRenames, RenameBlocked } from '../renames.js';
import { ensureMetaTable, META_TABLE, tableExists } from './migrate.js';
import { ident } from './sql.js';

const columnsOf = (db: Database.Database, table: string): Set<string> =>
  new Set((db.prepare(`PRAGMA table_info(${ident(table)})`).all() as { name: string }[]).map((c) => c.name));

/**
 * Drops Mockyard's indexes on a table (all, or those on one column). SQLite cannot rename an index,
 * and the names carry the table and column: the migration makes them again under the new names
 * (unique and lookup ones at once, sort ones on the next big sort).
 */
function dropOurIndexes(db: Database.Database, table: string, column?: string): void {
  const indexes = db.prepare(`PRAGMA index_list(${ident(table)})`).all() as { name: string }[];
  for (const { name } of indexes) {
    if (!name.startsWith('mockyard_')) continue;
    if (column !== undefined) {
      const on = db.prepare(`PRAGMA index_info(${ident(name)})`).all() as { name: string }[];
      if (!on.some((c) => c.name === column)) continue;
    }
    db.exec(`DROP INDEX ${ident(name)}`);
  }
}

function renameTable(db: Database.Database, rename: PlannedRename): boolean {
  const { from, to } = rename;
  if (!tableExists(db, from)) return false; // done before, or never made: the hint may stay in the file
  if (tableExists(db, to)) {
    const rows = db
      .prepare(`SELECT count(*) FROM ${ident(to)}`)
      .pluck()
      .get() as number;
    if (rows > 0) throw new RenameBlocked(rename, rows);
    db.exec(`DROP TABLE ${ident(to)}`); // an empty table a reload made before the rename was declared
  }
  ensureMetaTable(db);
  dropOurIndexes(db, from);
  db.exec(`ALTER TABLE ${ident(from)} RENAME TO ${ident(to)}`);
  db.prepare(`DELETE FROM ${META_TABLE} WHERE table_name = ?`).run(to);
  db.prepare(`UPDATE ${META_TABLE} SET table_name = ? WHERE table_name = ?`).run(to, from);
  return true;
}

function renameColumn(db: Database.Database, rename: PlannedRename): boolean {
  const { table, from, to } = rename;
  if (!tableExists(db, table)) return false;
  const columns = columnsOf(db, table);
  if (!columns.has(from)) return false;
  if (columns.has(to)) {
    const rows = db
      .prepare(`SELECT count(*) FROM ${ident(table)} WHERE ${ident(to)} IS NOT NULL`)
      .pluck()
      .get() as number;
    if (rows > 0) throw new RenameBlocked(rename, rows);
    // The column a reload added (all null) before the rename was declared gives way to the old one.
    dropOurIndexes(db, table, to);
    db.exec(`ALTER TABLE ${ident(table)} DROP COLUMN ${ident(to)}`);
  }
  ensureMetaTable(db);
  dropOurIndexes(db, table, from);
  db.exec(`ALTER TABLE ${ident(table)} RENAME COLUMN ${ident(from)} TO ${ident(to)}`);
  db.prepare(`DELETE FROM ${META_TABLE} WHERE table_name = ? AND column_name = ?`).run(table, to);
  db.prepare(`UPDATE ${META_TABLE} SET column_name = ? WHERE table_name = ? AND column_name = ?`).run(to, table, from);
  return true;
}

/**
 * Makes the config's declared renames (`renamedFrom:`) that the database has not had yet, inside the
 * caller's transaction, before the tables are migrated: a table or column is renamed with its rows,
 * values and unique values; one whose old name is gone is left alone, so applying the config again
 * finds nothing to do. Returns the tables it changed.
 */
export function applyRenames(db: Database.Database, model: ServiceModel): Set<string> {
  const changed = new Set<string>();
  for (const rename of plannedRenames(model)) {
    const done = rename.kind === 'table' ? renameTable(db, rename) : renameColumn(db, rename);
    if (done) changed.add(rename.table);
  }
  return changed;
}

/** Whether the config declares any rename (the migration then takes the write lock first, as another process may make it too). */
export const declaresRenames = (model: ServiceModel): boolean => plannedRenames(model).length > 0;
