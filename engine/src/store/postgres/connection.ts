import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { isUnavailable, toStoreError } from './errors.js';
import type { PgValue } from './values.js';

/** A transaction in progress: its client, and what to do once it commits (report changed tables). */
interface Transaction {
  client: pg.PoolClient;
  afterCommit: (() => void)[];
}

export interface QueryOptions {
  /**
   * A read may run once more when the connection it got was already dead (the first query after
   * PostgreSQL came back can meet a pooled connection from before); a write never is.
   */
  retry?: boolean;
  /** Whether to prepare the statement once per connection (default); texts seen rarely are sent unnamed. */
  named?: boolean;
  /** Run on a pooled client even inside a transaction (a statement that must not wait for its commit). */
  outside?: boolean;
  /** Every value as the text PostgreSQL wrote (no parsing of numbers, booleans or arrays). */
  raw?: boolean;
}

/** Type parsers that keep each value's text as it is. */
const RAW_TYPES: pg.CustomTypesConfig = { getTypeParser: () => (text: string) => text };

/**
 * Whether a failed statement left its connection fit for the next one: PostgreSQL answered it with
 * an error (a unique violation, a check, a lock timeout) and is ready for more. A socket error, a
 * driver-side timeout or a server that says it is going away leaves the connection in doubt.
 */
const leavesConnectionHealthy = (err: unknown): boolean => err instanceof pg.DatabaseError && !isUnavailable(err);

/**
 * The pool, and the one way this store talks to PostgreSQL: `query` runs on the transaction's
 * client inside `transaction(work)` (found with AsyncLocalStorage, so TableStore calls made by
 * `work` join it) and on any pooled client otherwise. Statements are named (prepared once per
 * connection); their text carries every parameter's cast, so a retyped column gets new statements.
 */
export class Connection {
  readonly pool: pg.Pool;
  private readonly current = new AsyncLocalStorage<Transaction>();
  /**
   * Transactions running now. On Node before 24, an enabled AsyncLocalStorage keeps an async hook on
   * every promise and async resource of the process (each request's too); it is enabled by the first
   * transaction's run() and disabled again when the last running transaction ends, so the requests
   * that use none (reads, creates, updates) run without the hook.
   */
  private running = 0;
  private readonly names = new Map<string, string>();
  /** The last error of an idle pooled client (PostgreSQL went away); kept for messages only. */
  lastIdleError: Error | undefined;

  constructor(config: pg.PoolConfig) {
    this.pool = new pg.Pool(config);
    // An idle client whose server went away emits 'error'; without a listener that would crash the
    // process. The pool drops the client; the next query connects again.
    this.pool.on('error', (err) => {
      this.lastIdleError = err;
    });
  }

  private statementName(text: string): string {
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= 2000) this.names.clear();
      name = `mockyard_${this.names.size + 1}_${Date.now().toString(36)}`;
      this.names.set(text, name);
    }
    return name;
  }

  /**
   * Runs one statement on a pooled client, which goes back to the pool after an error PostgreSQL
   * answered (pg-pool's own `pool.query` destroys it on any error: every 409 then cost a new session,
   * with its fork, login and statements prepared again).
   */
  private async pooled(config: pg.QueryArrayConfig): Promise<pg.QueryArrayResult> {
    const client = await this.pool.connect();
    // While checked out, the pool does not listen for the client's errors: a server that goes away
    // mid-statement must fail the statement, not crash the process.
    let broken: Error | undefined;
    const onError = (err: Error): void => {
      broken = err;
    };
    client.on('error', onError);
    try {
      return await client.query(config);
    } catch (err) {
      if (!leavesConnectionHealthy(err)) broken ??= err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.removeListener('error', onError);
      client.release(broken ?? false);
    }
  }

  /** Runs one statement; rows come as arrays. Failures are DomainErrors where they have a kind. */
  async query(text: string, values: readonly PgValue[] = [], options: QueryOptions = {}): Promise<unknown[][]> {
    const tx = options.outside ? undefined : this.current.getStore();
    const config: pg.QueryArrayConfig = { text, values: values as PgValue[], rowMode: 'array' };
    if (options.named !== false) config.name = this.statementName(text);
    if (options.raw) config.types = RAW_TYPES;
    try {
      return (await (tx ? tx.client.query(config) : this.pooled(config))).rows;
    } catch (err) {
      if (!tx && options.retry && isUnavailable(err)) {
        try {
          return (await this.pooled(config)).rows;
        } catch (again) {
          throw toStoreError(again);
        }
      }
      throw toStoreError(err);
    }
  }

  /** Runs statements that take no parameters (DDL), unnamed. */
  async exec(text: string): Promise<void> {
    const tx = this.current.getStore();
    try {
      await (tx ? tx.client.query(text) : this.pooled({ text, rowMode: 'array' }));
    } catch (err) {
      throw toStoreError(err);
    }
  }

  /** Whether the caller runs inside `transaction`. */
  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs `then` after the current transaction commits (never, if it rolls back); at once outside one. */
  afterCommit(then: () => void): void {
    const tx = this.current.getStore();
    if (tx) tx.afterCommit.push(then);
    else then();
  }

  /**
   * Runs `work` in one transaction on one client: every query it makes (directly or through a
   * TableStore) runs there. A transaction inside another joins it.
   */
  async transaction<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw toStoreError(err);
    }
    // While checked out, the pool does not listen for the client's errors: a server that goes away
    // mid-transaction must fail the transaction, not crash the process.
    let broken: Error | undefined;
    const onError = (err: Error): void => {
      broken = err;
    };
    client.on('error', onError);
    const tx: Transaction = { client, afterCommit: [] };
    this.running++;
    try {
      await client.query('BEGIN');
      const result = await this.current.run(tx, work);
      await client.query('COMMIT');
      for (const then of tx.afterCommit) then();
      return result;
    } catch (err) {
      broken ??= isUnavailable(err) ? (err as Error) : undefined;
      if (!broken) await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw toStoreError(err);
    } finally {
      if (--this.running === 0) this.current.disable();
      client.removeListener('error', onError);
      // A broken client is destroyed, not returned to the pool.
      client.release(broken ?? false);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
