import type { Store } from '../store.js';
import type { Database } from './database.js';
import { SqliteStore } from './sqlite-store.js';

/** The SQLite connection behind a store, when it is one (tests and benchmarks look inside). */
export const sqliteOf = (store: Store | undefined): Database.Database | undefined =>
  store instanceof SqliteStore ? store.db : undefined;
