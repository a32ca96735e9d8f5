import type { SchemaModel, ServiceModel } from '../../model/service-model.js';
import type { MaybePromise, PreparedTables, Store, StoredTable, TableChange } from '../store.js';
import { Checkpointer } from './checkpointer.js';
import type { HiddenColumns } from '../../../../shared/src/studio-values.js';
import { type Database, forgetMigration, nativeBinding, openDatabase, resetStore, setUpStore } from './database.js';
import { dropHiddenColumn, hiddenColumns } from './hidden-columns.js';
import { ident } from './sql.js';
import { checkFileInPlace, forgetFile, rememberFile } from './file-identity.js';

/** Tables Mockyard keeps for itself, and SQLite's own. */
const INTERNAL = /^(sqlite_|_mockyard_|.*__mockyard_rebuild$)/;

/** Above this many rows, sorting by a column gives that column an index first. */
const SORT_INDEX_ROWS = 10_000;

/**
 * The embedded store: one SQLite file (WAL), answering synchronously. Its table stores are
 * SqliteTableStore; migrations and seeding run in one transaction (database.ts). The WAL is
 * checkpointed by a worker thread once the store is written to (checkpointer.ts).
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  /** Undefined for `:memory:`, which has no WAL. */
  readonly checkpointer: Checkpointer | undefined;

  private constructor(
    readonly db: Database.Database,
    readonly location: string,
  ) {
    if (location !== ':memory:') {
      this.checkpointer = new Checkpointer(db, location, nativeBinding());
      rememberFile(db, location);
    }
  }

  /** Opens (or creates) the file; never deletes or rewrites an existing one. */
  static open(file: string): SqliteStore {
    return new SqliteStore(openDatabase(file), file);
  }

  prepare(model: ServiceModel, onChange: (schema: SchemaModel, change: TableChange | 'reset') => void): PreparedTables {
    const checkpointer = this.checkpointer;
    // Every write of a table store reports a change: the checkpointer counts them there.
    const changed = checkpointer
      ? (schema: SchemaModel, change: TableChange | 'reset') => {
          checkpointer.wrote();
          onChange(schema, change);
        }
      : onChange;
    const { stores, warnings, created } = setUpStore(this.db, model, changed);
    return { tables: stores, warnings, created };
  }

  reset(model: ServiceModel, only?: string): Record<string, number> {
    checkFileInPlace(this.db);
    return resetStore(this.db, model, only);
  }

  /** SQLite's transactions are synchronous: `work` must not hand back a promise. */
  transaction<T>(work: () => MaybePromise<T>): T {
    return this.db.transaction(() => {
      const result = work();
      if (result instanceof Promise) throw new TypeError('A SQLite transaction cannot wait for a promise.');
      return result;
    })();
  }

  tables(live: readonly string[]): StoredTable[] {
    const names = new Set(live);
    const all = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    return all
      .filter((table) => !INTERNAL.test(table))
      .map((table) => {
        const rows = this.db
          .prepare(`SELECT count(*) FROM ${ident(table)}`)
          .pluck()
          .get() as number;
        if (names.has(table)) return { table, rows };
        const columns = this.db.prepare(`PRAGMA table_info(${ident(table)})`).all() as { name: string; type: string }[];
        return { table, rows, columns: columns.map((c) => ({ name: c.name, type: c.type.toLowerCase() })) };
      });
  }

  hiddenColumns(schema: SchemaModel, limit: number): HiddenColumns {
    return hiddenColumns(this.db, schema, limit);
  }

  dropHiddenColumn(schema: SchemaModel, column: string): number {
    const dropped = dropHiddenColumn(this.db, schema, column);
    forgetMigration(this.db, schema.table);
    return dropped;
  }

  orphanRows(table: string, offset: number, limit: number): Record<string, unknown>[] {
    return this.db
      .prepare(`SELECT * FROM ${ident(table)} ORDER BY rowid LIMIT ? OFFSET ?`)
      .all(limit, offset) as Record<string, unknown>[];
  }

  /**
   * Sorting a big table by a column without an index means sorting every row for every page the grid
   * asks for (0.7 s at a million rows); one index, made once, makes each page a short index walk.
   * An index holds no data of its own, so adding one loses nothing.
   */
  ensureSortIndex(schema: SchemaModel, field: string): void {
    if (!schema.fieldMap.has(field) || schema.fieldMap.get(field)?.autoId) return;
    const rows = this.db
      .prepare(`SELECT count(*) FROM ${ident(schema.table)}`)
      .pluck()
      .get() as number;
    if (rows < SORT_INDEX_ROWS) return;
    this.db.exec(
      `CREATE INDEX IF NOT EXISTS ${ident(`mockyard_sort_${schema.table}_${field}`)} ON ${ident(schema.table)} (${ident(field)})`,
    );
  }

  async close(): Promise<void> {
    forgetFile(this.db);
    await this.checkpointer?.close();
    this.db.close();
  }
}
