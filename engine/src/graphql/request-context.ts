import type { RecordService } from '../records/record-service.js';
import { RelatedRows } from './related-rows.js';

/** One change of a table feed, as the realtime feeds number it (the record as JSON text; none for `reset`). */
export interface FeedEvent {
  id: number;
  type: 'created' | 'updated' | 'deleted' | 'reset';
  record?: string | undefined;
}

/** The table feeds a subscription reads (realtime/feed-buffer.ts), and what it does with a client that lags. */
export interface FeedSource {
  /** `ended` is called when the schema leaves the config (a reload): the subscription completes. */
  subscribe(schema: string, subscriber: (change: FeedEvent) => void, ended: () => void): () => void;
  /** Whether a client with `queued` changes (`bytes` of records) not yet sent is too far behind (then it is dropped). */
  lagging(queued: number, bytes: number): boolean;
  /** Drops the client (its send buffer is full). */
  drop(): void;
}

/** What a GraphQL request's resolvers share: its version's records, its relation batches, and its log notes. */
export interface RequestContext {
  records: RecordService;
  related: RelatedRows;
  notes: string[];
  /** The table feeds: only over graphql-ws (subscriptions). */
  feeds?: FeedSource;
}

/**
 * A request's context over HTTP. Its relation batches are made on first use: most queries name no
 * relation, and need no loaders.
 */
export class HttpRequestContext implements RequestContext {
  private rows: RelatedRows | undefined;

  constructor(
    readonly records: RecordService,
    readonly notes: string[],
  ) {}

  get related(): RelatedRows {
    this.rows ??= new RelatedRows(this.records, this.notes);
    return this.rows;
  }
}
