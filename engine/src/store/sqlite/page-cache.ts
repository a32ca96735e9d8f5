import type Database from 'better-sqlite3';
import { KeptPages } from '../kept-pages.js';
import type { Page } from '../store.js';

/**
 * List pages kept while the database is as it was when they were read: a client that polls a list
 * (a front end's table, a dashboard) then costs one version read (a few µs) instead of a query that
 * writes 100 records as JSON (~60 µs for 100 small records, more with relations).
 *
 * The version is read from SQLite itself on every lookup, so no write can be missed, whoever makes it:
 * - `total_changes()`: rows inserted, updated or deleted on this connection (every table store, reset,
 *   import, seed; a rolled-back write counts too, which only empties the cache once more);
 * - `data_version`: commits by any other connection (another process, a SQLite browser);
 * - `schema_version`: tables and columns changed on this connection (a migration, a dropped table).
 * Inside a transaction nothing is read from or kept in the cache: what it reads may yet be rolled back.
 */
export class PageCache {
  private version: string | undefined;
  private readonly pages = new KeptPages<undefined>();
  private readonly versionStatement: Database.Statement<unknown[], unknown>;

  constructor(private readonly db: Database.Database) {
    this.versionStatement = db
      .prepare(
        "SELECT total_changes() || ':' || d.data_version || ':' || s.schema_version FROM pragma_data_version() AS d, pragma_schema_version() AS s",
      )
      .pluck();
  }

  /** The page kept for `key`, if the database has not changed since; a change empties the cache. */
  get(key: string): Page | undefined {
    if (this.db.inTransaction) return undefined;
    const now = this.versionStatement.get() as string;
    if (now !== this.version) {
      this.pages.clear();
      this.version = now;
      return undefined;
    }
    return this.pages.get(key)?.page;
  }

  /** Keeps a page just read (after a `get` that missed). */
  set(key: string, page: Page): void {
    if (!this.db.inTransaction && this.version !== undefined) this.pages.set(key, page, undefined);
  }
}
