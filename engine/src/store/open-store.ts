import { isPostgresUrl } from '../../../shared/src/database-url.js';
import type { Store } from './store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

/**
 * The store for `server.database`: a PostgreSQL URL opens a pool (loaded only then, so a SQLite
 * mock never loads the driver); anything else is a SQLite file.
 */
export async function openStore(database: string, options: { schema?: string } = {}): Promise<Store> {
  if (!isPostgresUrl(database)) return SqliteStore.open(database);
  const { openPostgresStore } = await import('./postgres/index.js');
  return openPostgresStore(database, options);
}
