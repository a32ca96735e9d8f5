import { existsSync, mkdirSync } from 'node:fs';
import { addRegexpFunction } from '../like-regexp.js';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { messages } from '../../../../shared/src/messages.js';
import type { Problem } from '../../../../shared/src/problems.js';
import { hiddenColumnWarnings, type TableMigration } from '../table-migration.js';
import type { SchemaModel, ServiceModel } from '../../model/service-model.js';
import { fromPackage } from '../../package-root.js';
import { migrateTable, tableExists } from './migrate.js';
import { applyRenames, declaresRenames } from './renames.js';
import { PageCache } from './page-cache.js';
import { SqliteTableStore as TableStore, type TableChange } from './table-store.js';

export type { Database };

/**
 * Inside Electron, the better-sqlite3 build for Electron's ABI and this process's OS and CPU
 * (scripts/native-sqlite.mjs puts one per packaged arch in native/electron/<platform>-<arch>/, with
 * electron-builder's arch names: armv7l for Node's arm), or the one MOCKYARD_SQLITE_BINDING names;
 * under Node, the package's own build. A universal macOS app holds darwin-x64 and darwin-arm64 and
 * runs as either (x64 under Rosetta).
 */
export function nativeBinding(): string | undefined {
  if (process.env.MOCKYARD_SQLITE_BINDING) return process.env.MOCKYARD_SQLITE_BINDING;
  if (!process.versions.electron) return undefined;
  const arch = process.arch === 'arm' ? 'armv7l' : process.arch;
  const built = fromPackage('native', 'electron', `${process.platform}-${arch}`, 'better_sqlite3.node');
  return existsSync(built) ? built : undefined;
}

const LEFT_ALONE = 'Mockyard leaves the file as it is';

/**
 * SQLite's own words ("file is not a database", "attempt to write a readonly database") plus what is
 * wrong and what to do about it. The error keeps its SQLite code.
 */
export function explainSqliteError(err: unknown): Error {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const detail = typeof e?.message === 'string' ? e.message : String(err);
  let explained: string;
  if (code.startsWith('SQLITE_NOTADB'))
    explained = `it is not a SQLite database (${detail}). ${LEFT_ALONE}: move it away or choose another file (server.database or --db).`;
  else if (code.startsWith('SQLITE_CORRUPT'))
    explained = `the database file is damaged (${detail}). ${LEFT_ALONE}: restore a backup, move it away or choose another file (server.database or --db).`;
  else if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    explained = `it is locked by another program (${detail}); close that program or finish its transaction, then save the config again.`;
  else if (code.startsWith('SQLITE_READONLY'))
    explained = `it cannot be written (${detail}): the file or its folder is read-only. Make them writable or choose another file (server.database or --db).`;
  else if (code.startsWith('SQLITE_CANTOPEN'))
    explained = `it cannot be opened (${detail}): check that it is a file and that its folder can be read and written.`;
  else if (code.startsWith('SQLITE_IOERR')) explained = `the disk reported an error (${detail}).`;
  else return err instanceof Error ? err : new Error(detail);
  return Object.assign(new Error(explained), { code });
}

/**
 * Opens (or creates) a SQLite file in WAL mode. Never deletes or rewrites an existing file:
 * a file that is not a database is reported and left alone.
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const binding = nativeBinding();
  let db: Database.Database;
  try {
    db = new Database(file, binding ? { nativeBinding: binding } : {});
  } catch (err) {
    throw explainSqliteError(err);
  }
  try {
    // journal_mode and synchronous are also the bench's bare server's (bench/src/baseline-server.ts).
    db.pragma('busy_timeout = 2000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    addRegexpFunction(db);
  } catch (err) {
    db.close();
    throw explainSqliteError(err);
  }
  return db;
}

export interface StoreSetup {
  stores: Map<string, TableStore>;
  warnings: Problem[];
  /** The schemas whose tables were created (and seeded). */
  created: string[];
}

/**
 * What each table was last migrated to on a connection. A reload that leaves a schema as it was
 * (the usual edit touches one endpoint) skips that table's migration: no schema queries at all.
 */
const migrated = new WeakMap<Database.Database, Map<string, { signature: string; migration: TableMigration }>>();

/** Makes the next setup migrate `table` again (its columns changed outside a migration, e.g. a hidden one was dropped). */
export function forgetMigration(db: Database.Database, table: string): void {
  migrated.get(db)?.delete(table);
}

const signatureOf = (schema: SchemaModel): string =>
  JSON.stringify([
    schema.fields.map((f) => [f.name, f.type, f.unique, f.autoId ?? '']),
    [...schema.lookupColumns].sort(),
  ]);

/**
 * Migrates every schema's table in one transaction, seeds tables it created, and prepares a
 * TableStore per schema. On failure nothing is changed and the error says which table.
 */
export function setUpStore(
  db: Database.Database,
  model: ServiceModel,
  onChange: (schema: SchemaModel, change: TableChange | 'reset') => void,
): StoreSetup {
  const warnings: Problem[] = [];
  const stores = new Map<string, TableStore>();
  const created: string[] = [];
  const known = migrated.get(db) ?? new Map<string, { signature: string; migration: TableMigration }>();
  const done: [string, { signature: string; migration: TableMigration }][] = [];
  const pages = new PageCache(db);
  const migrateAll = db.transaction(() => {
    const renamed = applyRenames(db, model);
    for (const schema of model.schemas.values()) {
      const signature = signatureOf(schema);
      const previous = known.get(schema.table);
      let migration: TableMigration;
      if (previous?.signature === signature && !renamed.has(schema.table))
        migration = { ...previous.migration, created: false };
      else {
        try {
          migration = migrateTable(db, schema);
        } catch (err) {
          throw new Error(messages.migrationFailed(schema.table, explainSqliteError(err).message));
        }
      }
      done.push([schema.table, { signature, migration }]);
      const store = new TableStore(db, schema, (change) => onChange(schema, change), pages);
      stores.set(schema.name, store);
      warnings.push(...hiddenColumnWarnings(schema, migration));
      if (migration.created) {
        new TableStore(db, schema, () => {}).insertSeed(model.seed.get(schema.name) ?? []);
        created.push(schema.name);
      }
    }
  });
  // A rename is made once: another process on the file must see it made (or make it) under the
  // write lock, not decide from a snapshot that both then act on. Without renames nothing is
  // written to an unchanged database, so no lock is taken.
  if (declaresRenames(model)) migrateAll.immediate();
  else migrateAll();
  // Only a committed migration is remembered; a failed one is retried next time.
  migrated.set(db, new Map(done));
  return { stores, warnings, created };
}

/** Puts every schema's table (or only `only`'s) back to its `seed:` rows, in one transaction. */
export function resetStore(db: Database.Database, model: ServiceModel, only?: string): Record<string, number> {
  const counts: Record<string, number> = {};
  db.transaction(() => {
    for (const schema of model.schemas.values()) {
      if (only !== undefined && schema.name !== only) continue;
      db.prepare(`DELETE FROM "${schema.table}"`).run();
      // Auto ids start again at 1 after a reset, as on PostgreSQL (AUTOINCREMENT remembers the largest one).
      if (schema.idField?.autoId === 'integer' && tableExists(db, 'sqlite_sequence'))
        db.prepare('DELETE FROM sqlite_sequence WHERE name = ?').run(schema.table);
      const rows = model.seed.get(schema.name) ?? [];
      new TableStore(db, schema, () => {}).insertSeed(rows);
      counts[schema.table] = rows.length;
    }
  })();
  return counts;
}
