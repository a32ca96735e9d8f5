/**
 * The PostgreSQL store (issue 17): `openPostgresStore(url, { schema, poolSize })`.
 *
 * Driver: `pg` (node-postgres) with its `pg.Pool`: pure JavaScript (no native build to ship next to
 * better-sqlite3), the most used PostgreSQL driver for Node, with named prepared statements,
 * LISTEN/NOTIFY on a plain client and pool events for a server that goes away.
 */
import { DomainError } from '../../domain-error.js';
import { Connection } from './connection.js';
import { toStoreError } from './errors.js';
import { PostgresStore } from './postgres-store.js';

export { PostgresStore } from './postgres-store.js';
export { PostgresTableStore } from './table-store.js';

export interface PostgresStoreOptions {
  /** The PostgreSQL schema holding the config's tables (`server.schema`); created if missing. Default `mockyard`. */
  schema?: string;
  /** Connections in the pool. Default 10. */
  poolSize?: number;
  /** Tell other replicas about writes (NOTIFY) and hear theirs (LISTEN on one more connection). Default true. */
  notify?: boolean;
  /**
   * How long a call waits for a pooled connection to come free (then it fails as `busy`), and a new
   * connection for PostgreSQL's handshake (then `unavailable`). Default 5000 ms.
   */
  connectionTimeoutMs?: number;
}

/** `host:port/database` of a connection URL, for messages (never the user or password). */
export function postgresLocation(url: string): { host: string; port: string; location: string } {
  try {
    const u = new URL(url);
    const host = u.hostname || 'localhost';
    const port = u.port || '5432';
    return { host, port, location: `${host}:${port}${u.pathname}` };
  } catch {
    return { host: '?', port: '?', location: 'PostgreSQL' };
  }
}

/**
 * Opens a pool on `url` and checks that the server answers. Rejects with a DomainError `unavailable`
 * naming host and port when it cannot be reached, and with the server's words for anything else
 * (a wrong password, a missing database).
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const { host, port, location } = postgresLocation(url);
  const connection = new Connection({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    keepAlive: true,
    application_name: 'mockyard',
  });
  try {
    await connection.pool.query('SELECT 1');
  } catch (err) {
    await connection.close().catch(() => {});
    const failure = toStoreError(err);
    if (failure instanceof DomainError)
      throw new DomainError(
        'unavailable',
        `Database unavailable: cannot reach PostgreSQL at ${host}:${port} (${(err as Error).message})`,
      );
    throw new Error(`PostgreSQL at ${host}:${port} refused to open the database: ${(err as Error).message}`);
  }
  const notify = options.notify ?? true;
  const store = new PostgresStore(connection, location, options.schema ?? 'mockyard', {
    notify,
    listen: notify ? { connectionString: url, keepAlive: true, application_name: 'mockyard-listen' } : undefined,
  });
  await store.listen();
  return store;
}
