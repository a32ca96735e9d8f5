/**
 * The changes of the schemas some `feed:` streams, numbered for SSE ids and kept (the latest
 * FEED_BUFFER of each schema) so that a client reconnecting with Last-Event-ID gets what it missed.
 *
 * Ids start at this process's start time in microseconds, so they keep increasing across restarts;
 * an id from an earlier run, from the future or older than what is kept gets `reset` (reload).
 */
import type { RecordChangeType } from '../records/record-change.js';

export const FEED_BUFFER = 1000;

export interface FeedChange {
  id: number;
  type: RecordChangeType;
  /** The record as JSON text; absent for `reset`. */
  record?: string | undefined;
}

type Subscriber = (change: FeedChange) => void;

class SchemaFeed {
  readonly kept: FeedChange[] = [];
  /** The id of the newest change no longer kept (or the base). */
  forgotten: number;
  readonly subscribers = new Set<Subscriber>();

  constructor(base: number) {
    this.forgotten = base;
  }
}

export class Feeds {
  private readonly base = Date.now() * 1000;
  private last = this.base;
  private readonly bySchema = new Map<string, SchemaFeed>();

  constructor(private readonly limit = FEED_BUFFER) {}

  private feed(schema: string): SchemaFeed {
    let feed = this.bySchema.get(schema);
    if (!feed) {
      feed = new SchemaFeed(this.last);
      this.bySchema.set(schema, feed);
    }
    return feed;
  }

  /** Numbers a change of `schema`, keeps it and hands it to that schema's subscribers. */
  publish(schema: string, type: RecordChangeType, record: string | undefined): void {
    const feed = this.feed(schema);
    const change: FeedChange = { id: ++this.last, type, record };
    feed.kept.push(change);
    if (feed.kept.length > this.limit) feed.forgotten = (feed.kept.shift() as FeedChange).id;
    for (const subscriber of feed.subscribers) subscriber(change);
  }

  subscribe(schema: string, subscriber: Subscriber): () => void {
    const feed = this.feed(schema);
    feed.subscribers.add(subscriber);
    return () => feed.subscribers.delete(subscriber);
  }

  /** The changes after `lastId`, or 'reset' when they are not all kept (or the id is not one of this run's). */
  since(schema: string, lastId: number): FeedChange[] | 'reset' {
    const feed = this.feed(schema);
    if (!Number.isSafeInteger(lastId) || lastId > this.last || lastId < feed.forgotten) return 'reset';
    return feed.kept.filter((c) => c.id > lastId);
  }

  /** The newest id given: a fresh subscriber's starting point. */
  get lastId(): number {
    return this.last;
  }

  /** Forgets the schemas no feed reads any more. */
  keepOnly(schemas: ReadonlySet<string>): void {
    for (const [name, feed] of this.bySchema)
      if (!schemas.has(name) && feed.subscribers.size === 0) this.bySchema.delete(name);
  }
}
