/**
 * Writes made by other replicas, for the studio's data browser: LISTEN/NOTIFY, not polling.
 *
 * Every committed write of a PostgresTableStore is sent as `pg_notify('mockyard_changes', payload)`
 * by the store's ChangeNotifier, after the reply, coalesced and at most every 100 ms
 * (change-notifier.ts); never for a write rolled back. The payload is JSON: the writing store's id
 * (random per store), the PostgreSQL schema, the table and the change. Each store LISTENs on one dedicated
 * connection (outside the pool) and reports changes from other stores (other replicas, or another
 * store in this process) to the `onChange` of its latest `prepare`; its own writes it has reported
 * already. When the listening connection breaks, it connects again every second; once back, every
 * table is reported changed, since notifications sent meanwhile are lost.
 */
import pg from 'pg';
import type { SharedRecordChange, TableChange } from '../store.js';

export const CHANNEL = 'mockyard_changes';

export type NotifiedChange = TableChange | 'reset';

interface Payload {
  from: string;
  schema: string;
  table: string;
  change: NotifiedChange;
}

/** A record change for the feeds of other replicas (only for schemas a feed streams). */
interface RecordPayload {
  from: string;
  schema: string;
  record: SharedRecordChange;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes: a bigger record goes as a `reset` (its feeds reload). */
const MAX_PAYLOAD = 7900;

export function recordPayload(from: string, schema: string, change: SharedRecordChange): string {
  const text = JSON.stringify({ from, schema, record: change } satisfies RecordPayload);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text;
  return JSON.stringify({ from, schema, record: { type: 'reset', schema: change.schema } } satisfies RecordPayload);
}

function parseRecordPayload(p: Partial<RecordPayload>): RecordPayload | undefined {
  const r = p.record;
  if (
    typeof p.from === 'string' &&
    typeof p.schema === 'string' &&
    r !== null &&
    typeof r === 'object' &&
    typeof r.schema === 'string' &&
    RECORD_TYPES.has(String(r.type)) &&
    (r.record === undefined || typeof r.record === 'string')
  )
    return p as RecordPayload;
  return undefined;
}

const RECORD_TYPES = new Set<string>(['created', 'updated', 'deleted', 'reset']);

export const changePayload = (from: string, schema: string, table: string, change: NotifiedChange): string =>
  JSON.stringify({ from, schema, table, change } satisfies Payload);

const CHANGES = new Set<string>(['insert', 'update', 'delete', 'reset']);

function parsePayload(text: string | undefined): Payload | RecordPayload | undefined {
  try {
    const p = JSON.parse(text ?? '') as Partial<Payload>;
    if ('record' in p) return parseRecordPayload(p as Partial<RecordPayload>);
    if (
      typeof p.from === 'string' &&
      typeof p.schema === 'string' &&
      typeof p.table === 'string' &&
      CHANGES.has(String(p.change))
    )
      return p as Payload;
  } catch {}
  return undefined;
}

const RECONNECT_MS = 1000;

/** One LISTENing connection that reconnects by itself until closed. */
export class ChangeListener {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private connects = 0;
  private failed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly storeId: string,
    private readonly pgSchema: string,
    /** A table another store changed. */
    private readonly deliver: (table: string, change: NotifiedChange) => void,
    /** The connection is back after a break: changes may have been missed. */
    private readonly resumed: () => void,
    /** A record change another store shared for its feeds. */
    private readonly deliverRecord: (change: SharedRecordChange) => void = () => {},
  ) {}

  /** Connects and listens; a failure only schedules another try. */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.config);
    this.client = client;
    client.on('error', () => this.retry(client));
    client.on('end', () => this.retry(client));
    client.on('notification', (n) => {
      const p = parsePayload(n.payload);
      if (!p || p.from === this.storeId || p.schema !== this.pgSchema) return;
      if ('record' in p) this.deliverRecord(p.record);
      else this.deliver(p.table, p.change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      this.retry(client);
      return;
    }
    // A connection after a break (or after a first attempt that failed) may have missed changes.
    if (this.connects++ > 0 || this.failed) this.resumed();
    this.failed = false;
  }

  private retry(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.failed = true;
    this.client = undefined;
    client.end().catch(() => {});
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.start();
    }, RECONNECT_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
