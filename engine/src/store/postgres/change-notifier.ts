/**
 * Tells other replicas about this store's writes (see changes.ts for the listening side), off the
 * write path.
 *
 * A NOTIFY in the write's own statement made every writing transaction take PostgreSQL's one
 * cluster-wide notify lock at commit, so concurrent POSTs committed one at a time (the bench's
 * POST throughput was about a third lower with it). Instead, a committed write notes its table and
 * change here, and the notes go out in one `pg_notify` statement of their own after the reply,
 * coalesced (one per table and change). A rolled-back write notes nothing (`Connection.afterCommit`).
 * A replica killed between a write and its note leaves other studios to see that write on their
 * next refresh.
 *
 * Sends are at least `MIN_INTERVAL_MS` apart: a note made sooner waits for the rest of that
 * interval, with the notes made meanwhile. A listener needs to know that a table changed, not each
 * write, and each send costs a statement, a wake-up of every listening connection and a message
 * to each listener. Measured under wrk on POST /users with PostgreSQL pinned to the server's core
 * (medians of 16 paired 2 s rounds against the bare server): sent after every turn of the event
 * loop, the notes took Mockyard from 0.91 of the bare server's throughput (no notes at all) to
 * 0.83, and its CPU from 111 to 128 µs a request; paced, it did 0.89 and 117 µs.
 */
import { CHANNEL, changePayload, type NotifiedChange, recordPayload } from './changes.js';
import type { SharedRecordChange } from '../store.js';
import type { Connection } from './connection.js';

export const MIN_INTERVAL_MS = 100;

/** `SELECT pg_notify(...), ...` for `n` payloads. */
const sendSql = (n: number): string =>
  `SELECT ${Array.from({ length: n }, (_, i) => `pg_notify('${CHANNEL}', $${i + 1}::text)`).join(', ')}`;

export class ChangeNotifier {
  /**
   * Changes not sent yet, by table, in the order first noted; Sets, so repeats coalesce. Their
   * payloads are written when they are sent, so a write costs no JSON of its own.
   */
  private pending = new Map<string, Set<NotifiedChange>>();
  private sending: Promise<void> | undefined;
  /** When the last send started (performance.now()); -Infinity before the first. */
  private lastSent = Number.NEGATIVE_INFINITY;
  /** Ends the wait for the interval now (flushed: the pool is about to close). */
  private hurry: (() => void) | undefined;
  /** Set by `flushed`: from then on nothing waits for the interval. */
  private closing = false;

  constructor(
    private readonly connection: Connection,
    private readonly storeId: string,
    private readonly pgSchema: string,
  ) {}

  /** Record changes for other replicas' feeds, as payloads, in commit order. */
  private records: string[] = [];

  /** A committed record change a feed streams: sent, in order, with the notes of this moment. */
  noteRecord(change: SharedRecordChange): void {
    this.records.push(recordPayload(this.storeId, this.pgSchema, change));
    this.sending ??= this.send();
  }

  /** A committed change of `table`: sent with the others of this moment, after the current turn. */
  note(table: string, change: NotifiedChange): void {
    const changes = this.pending.get(table);
    if (changes) changes.add(change);
    else this.pending.set(table, new Set([change]));
    this.sending ??= this.send();
  }

  /** Resolves after the current turn, and no sooner than `MIN_INTERVAL_MS` after the last send began. */
  private due(): Promise<void> {
    const wait = this.closing ? 0 : this.lastSent + MIN_INTERVAL_MS - performance.now();
    return new Promise<void>((resolve) => {
      const timer = wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve);
      this.hurry = () => {
        if (wait > 0) clearTimeout(timer as NodeJS.Timeout);
        else clearImmediate(timer as NodeJS.Immediate);
        resolve();
      };
    });
  }

  private async send(): Promise<void> {
    while (this.pending.size > 0 || this.records.length > 0) {
      await this.due();
      this.hurry = undefined;
      const payloads: string[] = this.records;
      this.records = [];
      for (const [table, changes] of this.pending)
        for (const change of changes) payloads.push(changePayload(this.storeId, this.pgSchema, table, change));
      this.pending = new Map();
      this.lastSent = performance.now();
      // A failure (PostgreSQL gone) loses these notes; listeners that lost their connection too
      // report every table changed once they are back.
      await this.connection
        .query(sendSql(payloads.length), payloads, { outside: true, named: payloads.length === 1 })
        .catch(() => undefined);
    }
    this.sending = undefined;
  }

  /** Resolves once every note made so far is sent (or failed), before the pool closes. */
  async flushed(): Promise<void> {
    this.closing = true;
    while (this.sending) {
      this.hurry?.();
      await this.sending;
    }
  }
}
