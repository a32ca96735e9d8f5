import type { ServiceModel } from '../../model/service-model.js';
import { type PlannedRename, plannedRenames, RenameBlocked } from '../renames.js';
import type { Connection } from './connection.js';
import {
  ident,
  lookupIndexName,
  META_TABLE,
  primaryKeyName,
  qualified,
  sortIndexName,
  uniqueIndexName,
} from './sql.js';

const INDEX_NAMES = [uniqueIndexName, lookupIndexName, sortIndexName];

async function columnsOf(db: Connection, pgSchema: string, table: string): Promise<Set<string> | undefined> {
  const rows = await db.query(
    `SELECT a.attname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = $1::text AND c.relname = $2::text AND c.relkind IN ('r', 'p')`,
    [pgSchema, table],
  );
  return rows.length === 0 ? undefined : new Set(rows.map(([name]) => name as string));
}

async function indexesOf(db: Connection, pgSchema: string, table: string): Promise<Set<string>> {
  const rows = await db.query('SELECT indexname FROM pg_indexes WHERE schemaname = $1::text AND tablename = $2::text', [
    pgSchema,
    table,
  ]);
  return new Set(rows.map(([name]) => name as string));
}

/** Renames Mockyard's indexes (and key constraint) named after the old table or column, so conflicts keep naming the right field. */
async function renameIndexes(
  db: Connection,
  pgSchema: string,
  table: string,
  pairs: [oldTable: string, oldColumn: string, newTable: string, newColumn: string][],
): Promise<void> {
  const existing = await indexesOf(db, pgSchema, table);
  for (const [oldTable, oldColumn, newTable, newColumn] of pairs)
    for (const name of INDEX_NAMES) {
      const before = name(oldTable, oldColumn);
      const after = name(newTable, newColumn);
      if (before !== after && existing.has(before) && !existing.has(after))
        await db.exec(`ALTER INDEX ${ident(pgSchema)}.${ident(before)} RENAME TO ${ident(after)}`);
    }
}

async function renameTable(db: Connection, pgSchema: string, rename: PlannedRename): Promise<boolean> {
  const { from, to } = rename;
  const columns = await columnsOf(db, pgSchema, from);
  if (!columns) return false; // done before (by this replica or another), or never made
  if (await columnsOf(db, pgSchema, to)) {
    const counted = await db.query(`SELECT count(*) FROM ${qualified(pgSchema, to)}`);
    const rows = Number(counted[0]?.[0]);
    if (rows > 0) throw new RenameBlocked(rename, rows);
    await db.exec(`DROP TABLE ${qualified(pgSchema, to)}`); // empty: made by a reload before the rename was declared
  }
  await db.exec(`ALTER TABLE ${qualified(pgSchema, from)} RENAME TO ${ident(to)}`);
  const pk = await db.query(
    `SELECT 1 FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname = $1::text AND k.conname = $2::text`,
    [pgSchema, primaryKeyName(from)],
  );
  if (pk.length > 0)
    await db.exec(
      `ALTER TABLE ${qualified(pgSchema, to)} RENAME CONSTRAINT ${ident(primaryKeyName(from))} TO ${ident(primaryKeyName(to))}`,
    );
  await renameIndexes(
    db,
    pgSchema,
    to,
    [...columns].map((c) => [from, c, to, c]),
  );
  const meta = qualified(pgSchema, META_TABLE);
  await db.query(`DELETE FROM ${meta} WHERE table_name = $1::text`, [to]);
  await db.query(`UPDATE ${meta} SET table_name = $1::text WHERE table_name = $2::text`, [to, from]);
  return true;
}

async function renameColumn(db: Connection, pgSchema: string, rename: PlannedRename): Promise<boolean> {
  const { table, from, to } = rename;
  const columns = await columnsOf(db, pgSchema, table);
  if (!columns?.has(from)) return false;
  const t = qualified(pgSchema, table);
  if (columns.has(to)) {
    const counted = await db.query(`SELECT count(*) FROM ${t} WHERE ${ident(to)} IS NOT NULL`);
    const rows = Number(counted[0]?.[0]);
    if (rows > 0) throw new RenameBlocked(rename, rows);
    // The column a reload added (all null) before the rename was declared gives way to the old one; its indexes go with it.
    await db.exec(`ALTER TABLE ${t} DROP COLUMN ${ident(to)}`);
  }
  await db.exec(`ALTER TABLE ${t} RENAME COLUMN ${ident(from)} TO ${ident(to)}`);
  await renameIndexes(db, pgSchema, table, [[table, from, table, to]]);
  const meta = qualified(pgSchema, META_TABLE);
  await db.query(`DELETE FROM ${meta} WHERE table_name = $1::text AND column_name = $2::text`, [table, to]);
  await db.query(`UPDATE ${meta} SET column_name = $1::text WHERE table_name = $2::text AND column_name = $3::text`, [
    to,
    table,
    from,
  ]);
  return true;
}

/**
 * Makes the config's declared renames (`renamedFrom:`) the database has not had yet, as on SQLite:
 * inside the caller's transaction, which holds the schema's advisory lock, so of replicas applying
 * one config together the first renames and the others find the old names gone.
 */
export async function applyRenames(db: Connection, pgSchema: string, model: ServiceModel): Promise<void> {
  for (const rename of plannedRenames(model)) {
    if (rename.kind === 'table') await renameTable(db, pgSchema, rename);
    else await renameColumn(db, pgSchema, rename);
  }
}
