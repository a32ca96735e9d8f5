import { resolve } from 'node:path';
import { isPostgresUrl } from '../../shared/src/database-url.js';

/**
 * The database the command line chooses: `--db` (a SQLite file, resolved against the working
 * directory, `:memory:`, or a postgres:// URL), else (for `serve`) `DATABASE_URL` as platforms that host
 * PostgreSQL set it;
 * undefined leaves the config's `server.database`.
 */
export function databaseOption(db: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  // `:memory:` is SQLite in memory (nothing on disk), not a file of that name.
  if (db === ':memory:') return db;
  if (db !== undefined && db !== '') return isPostgresUrl(db) ? db : resolve(db);
  const url = env.DATABASE_URL;
  return url && isPostgresUrl(url) ? url : undefined;
}
