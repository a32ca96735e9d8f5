import type Database from 'better-sqlite3';

/** A list page as a table store answers it. */
export interface Page {
  body: string;
  total: number;
}

/** Pages kept at most, in bytes of their JSON text (a 100-record page of a small schema is ~10 KB). */
const MAX_BYTES = 4 * 1024 * 1024;

/**
 * List pages already read, kept while the database is as it was when they were read: a client that
 * polls a list (a front end's table, a dashboard) then costs one version read (a few µs) instead of
 * a query that writes 100 records as JSON (~60 µs for 100 small records, more with relations).
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
  private readonly pages = new Map<string, Page>();
  private bytes = 0;
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
      this.bytes = 0;
      this.version = now;
      return undefined;
    }
    return this.pages.get(key);
  }

  /** Keeps a page just read (after a `get` that missed), dropping the oldest pages beyond the budget. */
  set(key: string, page: Page): void {
    if (this.db.inTransaction || this.version === undefined || page.body.length > MAX_BYTES) return;
    const replaced = this.pages.get(key);
    if (replaced) this.bytes -= replaced.body.length;
    this.pages.set(key, page);
    this.bytes += page.body.length;
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= MAX_BYTES) break;
      this.pages.delete(oldest);
      this.bytes -= kept.body.length;
    }
  }
}
