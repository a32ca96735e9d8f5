import type { LogEntry } from '../../../shared/src/log-entry.js';
import { openDatabase, type Database } from '../store/sqlite/database.js';

/**
 * The request log kept on disk (optional, off by default): a `requests` table in its own SQLite
 * file, so the log survives a restart without touching the user's data file. Entries are written
 * in batches and trimmed to the log's limit.
 */
export class LogFile {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly trim: Database.Statement;
  private readonly write: (entries: readonly LogEntry[], limit: number) => void;

  constructor(readonly file: string) {
    this.db = openDatabase(file);
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS requests (id INTEGER PRIMARY KEY, time INTEGER NOT NULL, entry TEXT NOT NULL)',
    );
    this.insert = this.db.prepare('INSERT OR REPLACE INTO requests (id, time, entry) VALUES (?, ?, ?)');
    this.trim = this.db.prepare('DELETE FROM requests WHERE id <= (SELECT max(id) FROM requests) - ?');
    this.write = this.db.transaction((entries: readonly LogEntry[], limit: number) => {
      for (const e of entries) this.insert.run(e.id, e.time, JSON.stringify(e));
      this.trim.run(limit);
    });
  }

  append(entries: readonly LogEntry[], limit: number): void {
    if (entries.length) this.write(entries, limit);
  }

  /** The newest `limit` entries, oldest first. */
  load(limit: number): LogEntry[] {
    const rows = this.db
      .prepare('SELECT entry FROM (SELECT id, entry FROM requests ORDER BY id DESC LIMIT ?) ORDER BY id')
      .pluck()
      .all(limit) as string[];
    return rows.map((r) => JSON.parse(r) as LogEntry);
  }

  clear(): void {
    this.db.exec('DELETE FROM requests');
  }

  close(): void {
    this.db.close();
  }
}
