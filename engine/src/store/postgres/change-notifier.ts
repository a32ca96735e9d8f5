/**
 * Tells other replicas about this store's writes (see changes.ts for the listening side), off the
 * write path.
 *
 * A NOTIFY in the write's own statement made every writing transaction take PostgreSQL's one
 * cluster-wide notify lock at commit, so concurrent POSTs committed one at a time (the bench's
 * POST throughput was about a third lower with it). Instead, a committed write notes its table and
 * change here, and the notes go out in one `pg_notify` statement of their own after the reply:
 * one statement in flight at a time, the notes made meanwhile coalesced (one per table and change)
 * into the next. A rolled-back write notes nothing (`Connection.afterCommit`). A replica killed
 * between a write and its note leaves other studios to see that write on their next refresh.
 */
import { CHANNEL, changePayload, type NotifiedChange } from './changes.js';
import type { Connection } from './connection.js';

/** `SELECT pg_notify(...), ...` for `n` payloads. */
const sendSql = (n: number): string =>
  `SELECT ${Array.from({ length: n }, (_, i) => `pg_notify('${CHANNEL}', $${i + 1}::text)`).join(', ')}`;

export class ChangeNotifier {
  /** Payloads not sent yet, in the order first noted; a Set, so repeats coalesce. */
  private pending = new Set<string>();
  private sending: Promise<void> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly storeId: string,
    private readonly pgSchema: string,
  ) {}

  /** A committed change of `table`: sent with the others of this moment, after the current turn. */
  note(table: string, change: NotifiedChange): void {
    this.pending.add(changePayload(this.storeId, this.pgSchema, table, change));
    this.sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.send());
  }

  private async send(): Promise<void> {
    while (this.pending.size > 0) {
      const payloads = [...this.pending];
      this.pending = new Set();
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
    while (this.sending) await this.sending;
  }
}
