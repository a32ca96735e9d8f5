import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { SchemaModel, ServiceModel } from '../model.js';
import { fromPackage } from '../package-root.js';
import { migrateTable, type TableMigration } from './migrate.js';
import { TableStore, type TableChange } from './table-store.js';

export type { Database };

/**
 * Inside Electron, the better-sqlite3 build for Electron's ABI (scripts/native-sqlite.mjs puts it in
 * native/electron/, or MOCKYARD_SQLITE_BINDING names one); under Node, the package's own build.
 */
function nativeBinding(): string | undefined {
  if (process.env.MOCKYARD_SQLITE_BINDING) return process.env.MOCKYARD_SQLITE_BINDING;
  if (!process.versions.electron) return undefined;
  const built = fromPackage('native', 'electron', 'better_sqlite3.node');
  return existsSync(built) ? built : undefined;
}

/**
 * Opens (or creates) a SQLite file in WAL mode. Never deletes or rewrites an existing file:
 * a file that is not a database is reported and left alone.
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const binding = nativeBinding();
  const db = new Database(file, binding ? { nativeBinding: binding } : {});
  try {
    db.pragma('busy_timeout = 2000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

export interface StoreSetup {
  stores: Map<string, TableStore>;
  warnings: Problem[];
}

/**
 * Migrates every schema's table in one transaction, seeds tables it created, and prepares a
 * TableStore per schema. On failure nothing is changed and the error says which table.
 */
/**
 * What each table was last migrated to on a connection. A reload that leaves a schema as it was
 * (the usual edit touches one endpoint) skips that table's migration: no schema queries at all.
 */
const migrated = new WeakMap<Database.Database, Map<string, { signature: string; migration: TableMigration }>>();

const signatureOf = (schema: SchemaModel): string =>
  JSON.stringify([schema.fields.map((f) => [f.name, f.type, f.unique, f.autoId ?? '']), [...schema.lookupColumns].sort()]);

export function setUpStore(
  db: Database.Database,
  model: ServiceModel,
  onChange: (schema: SchemaModel, change: TableChange | 'reset') => void,
): StoreSetup {
  const warnings: Problem[] = [];
  const stores = new Map<string, TableStore>();
  const known = migrated.get(db) ?? new Map<string, { signature: string; migration: TableMigration }>();
  const done: [string, { signature: string; migration: TableMigration }][] = [];
  const migrateAll = db.transaction(() => {
    for (const schema of model.schemas.values()) {
      const signature = signatureOf(schema);
      const previous = known.get(schema.table);
      let migration: TableMigration;
      if (previous?.signature === signature) migration = { ...previous.migration, created: false };
      else {
        try {
          migration = migrateTable(db, schema);
        } catch (err) {
          throw new Error(messages.migrationFailed(schema.table, (err as Error).message));
        }
      }
      done.push([schema.table, { signature, migration }]);
      const store = new TableStore(db, schema, (change) => onChange(schema, change));
      stores.set(schema.name, store);
      for (const column of migration.hiddenColumns) {
        warnings.push({ code: 'hiddenColumn', severity: 'warning', message: messages.hiddenColumn(schema.table, column), range: schema.range, path: ['schemas', schema.name] });
      }
      if (migration.created) insertSeed(new TableStore(db, schema, () => {}), model.seed.get(schema.name) ?? []);
    }
  });
  migrateAll();
  // Only a committed migration is remembered; a failed one is retried next time.
  migrated.set(db, new Map(done));
  return { stores, warnings };
}

function insertSeed(store: TableStore, rows: readonly unknown[]): void {
  for (const row of rows) store.create(row, []);
}

/** Puts every schema's table (or only `only`'s) back to its `seed:` rows, in one transaction. */
export function resetStore(db: Database.Database, model: ServiceModel, only?: string): Record<string, number> {
  const counts: Record<string, number> = {};
  db.transaction(() => {
    for (const schema of model.schemas.values()) {
      if (only !== undefined && schema.name !== only) continue;
      db.prepare(`DELETE FROM "${schema.table}"`).run();
      const rows = model.seed.get(schema.name) ?? [];
      insertSeed(new TableStore(db, schema, () => {}), rows);
      counts[schema.table] = rows.length;
    }
  })();
  return counts;
}
