/**
 * What the record service tells about the writes it makes, once each, after they commit: the
 * studio refreshes from it today, and a realtime feed (GraphQL subscriptions, server-sent events)
 * can forward it as it is: the record travels as the JSON text the store produced, never parsed.
 */
export type RecordChangeType = 'created' | 'updated' | 'deleted' | 'reset';

export interface RecordChange {
  /** 1, 2, 3…: the order the writes committed in, across every schema and config version of one engine. */
  seq: number;
  type: RecordChangeType;
  /** The schema's name, e.g. `User`, and its table, e.g. `users`. */
  schema: string;
  table: string;
  /**
   * The record as JSON text: as written for `created` and `updated`, as it was for `deleted` (a
   * record `onDelete: cascade` removed is a `deleted` of its own schema); absent for `reset`.
   */
  record?: string;
}

/** A change before it has its place in the order. */
export type PendingChange = Omit<RecordChange, 'seq'>;

/**
 * Numbers changes and hands them to one listener in commit order. Writes made in one transaction
 * (a delete and its cascade, a studio delete of many rows) are published together once it commits;
 * a transaction that fails publishes nothing. With no listener nothing is built.
 */
export class ChangeFeed {
  private seq = 0;

  constructor(
    private readonly listener: (change: RecordChange) => void,
    /** Whether anyone listens now (checked before each write's change is made). */
    readonly active: () => boolean = () => true,
  ) {}

  publish(changes: readonly PendingChange[]): void {
    for (const change of changes) this.listener({ seq: ++this.seq, ...change });
  }
}
