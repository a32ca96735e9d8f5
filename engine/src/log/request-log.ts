import type { LogEntry } from '../../../shared/src/log-entry.js';
import { BodyArena, type BodyRef } from './body-arena.js';

export interface RequestLogOptions {
  /** Entries kept; the oldest goes when a new one comes. Default 1,000. */
  limit?: number;
  /** Longest body kept per entry, in bytes. Default 64 KiB. */
  bodyLimit?: number;
}

export const DEFAULT_LOG_LIMIT = 1000;
/** Longest body kept per log entry, in bytes (not the request body limit, which is `server.bodyLimit`). */
export const DEFAULT_LOG_BODY_BYTES = 64 * 1024;
/** Body memory per kept entry, on average; the arena is sized from the entry limit. */
const ARENA_BYTES_PER_ENTRY = 16 * 1024;
const MIN_ARENA = 1024 * 1024;
const MAX_ARENA = 64 * 1024 * 1024;

/** A request as the runtime hands it over, bodies as text; `add` sets its id. Nothing of the object itself is kept. */
export type ServedRequest = LogEntry;

type Params = LogEntry['params'];

const arenaFor = (limit: number): BodyArena =>
  new BodyArena(Math.min(MAX_ARENA, Math.max(MIN_ARENA, limit * ARENA_BYTES_PER_ENTRY)));

const isEmpty = (params: Params): boolean => {
  for (const _ in params) return false;
  return true;
};

/**
 * Where a body sits in the arena, one typed array per field: `size` 0 is an empty body. Numbers in
 * typed arrays are not objects, so the GC has nothing of them to copy or trace.
 */
class BodyColumn {
  private readonly start: Float64Array;
  private readonly length: Float64Array;
  private readonly size: Float64Array;

  constructor(limit: number) {
    this.start = new Float64Array(limit);
    this.length = new Float64Array(limit);
    this.size = new Float64Array(limit);
  }

  set(i: number, ref: BodyRef | undefined): void {
    this.start[i] = ref ? ref.start : 0;
    this.length[i] = ref ? ref.length : 0;
    this.size[i] = ref ? ref.size : 0;
  }

  get(i: number): BodyRef | undefined {
    const size = this.size[i] as number;
    return size === 0 ? undefined : { start: this.start[i] as number, length: this.length[i] as number, size };
  }
}

/**
 * A bounded ring buffer of the latest requests, kept in columns: numbers in typed arrays, bodies in
 * a fixed-size byte arena, and in plain arrays only the few objects a request brings that are its
 * own (path, headers). An entry is an object again only when someone reads it.
 *
 * Why columns: an entry kept as the object the runtime made outlives many young-generation GCs
 * (1,000 requests), so each GC copied it with its dozen small objects (two body references, boxed
 * numbers, empty notes and params) and promoted it to the old generation, which must then be
 * collected too. Under wrk on the 100-row list, whose responses fill the young generation every
 * couple of thousand requests, `--quiet` spent 2.47 µs a request in GC against 0.99 with `--no-log`
 * (--cpu-prof); with columns, 1.24. Against the bare server (medians of 15 paired 1 s rounds),
 * `--quiet` went from 2.95 to 3.08 on the list and from 0.902 to 0.928 on /health.
 */
export class RequestLog {
  limit: number;
  bodyLimit: number;
  private arena: BodyArena;
  private next = 0;
  private size = 0;
  private lastId = 0;
  private ids!: Float64Array;
  private times!: Float64Array;
  private durations!: Float64Array;
  private statuses!: Uint16Array;
  private requestBodies!: BodyColumn;
  private responseBodies!: BodyColumn;
  private methods!: string[];
  private paths!: string[];
  private queries!: string[];
  private endpoints!: (string | null)[];
  private requestHeaders!: LogEntry['requestHeaders'][];
  private responseHeaders!: LogEntry['responseHeaders'][];
  /** Undefined where the route had none, as most have: no object kept for nothing. */
  private params!: (Params | undefined)[];
  private notes!: (string[] | undefined)[];

  constructor(options: RequestLogOptions = {}) {
    this.limit = Math.max(1, options.limit ?? DEFAULT_LOG_LIMIT);
    this.bodyLimit = Math.max(0, options.bodyLimit ?? DEFAULT_LOG_BODY_BYTES);
    this.arena = arenaFor(this.limit);
    this.allocate();
  }

  /** Changes the limits; shrinking keeps the newest entries. */
  configure(options: RequestLogOptions): void {
    if (options.bodyLimit !== undefined) this.bodyLimit = Math.max(0, options.bodyLimit);
    if (options.limit === undefined || options.limit === this.limit) return;
    const kept = this.entries().slice(-Math.max(1, options.limit));
    this.limit = Math.max(1, options.limit);
    this.arena = arenaFor(this.limit);
    this.clear();
    for (const entry of kept) this.put(entry);
  }

  /** Puts back entries loaded from disk; new ids continue after theirs. */
  restore(entries: readonly LogEntry[]): void {
    for (const e of entries.slice(-this.limit)) this.put(e);
    this.lastId = Math.max(this.lastId, ...entries.map((e) => e.id));
  }

  /** Keeps a served request and returns its id. */
  add(served: ServedRequest): number {
    served.id = ++this.lastId;
    this.put(served);
    return served.id;
  }

  /** The newest entry. */
  last(): LogEntry | undefined {
    return this.size === 0 ? undefined : this.entryAt((this.next - 1 + this.limit) % this.limit);
  }

  /** Kept entries, oldest first. */
  entries(): LogEntry[] {
    const out: LogEntry[] = [];
    const start = (this.next - this.size + this.limit) % this.limit;
    for (let i = 0; i < this.size; i++) out.push(this.entryAt((start + i) % this.limit));
    return out;
  }

  get count(): number {
    return this.size;
  }

  clear(): void {
    this.allocate();
    this.next = 0;
    this.size = 0;
  }

  private allocate(): void {
    const n = this.limit;
    this.ids = new Float64Array(n);
    this.times = new Float64Array(n);
    this.durations = new Float64Array(n);
    this.statuses = new Uint16Array(n);
    this.requestBodies = new BodyColumn(n);
    this.responseBodies = new BodyColumn(n);
    this.methods = new Array<string>(n).fill('');
    this.paths = new Array<string>(n).fill('');
    this.queries = new Array<string>(n).fill('');
    this.endpoints = new Array<string | null>(n).fill(null);
    this.requestHeaders = new Array<LogEntry['requestHeaders']>(n).fill({});
    this.responseHeaders = new Array<LogEntry['responseHeaders']>(n).fill({});
    this.params = new Array<Params | undefined>(n).fill(undefined);
    this.notes = new Array<string[] | undefined>(n).fill(undefined);
  }

  private put(entry: LogEntry): void {
    const i = this.next;
    this.ids[i] = entry.id;
    this.times[i] = entry.time;
    this.durations[i] = entry.duration;
    this.statuses[i] = entry.status;
    this.requestBodies.set(i, this.arena.put(entry.requestBody, this.bodyLimit));
    this.responseBodies.set(i, this.arena.put(entry.responseBody, this.bodyLimit));
    this.methods[i] = entry.method;
    this.paths[i] = entry.path;
    this.queries[i] = entry.query;
    this.endpoints[i] = entry.endpoint;
    this.requestHeaders[i] = entry.requestHeaders;
    this.responseHeaders[i] = entry.responseHeaders;
    this.params[i] = isEmpty(entry.params) ? undefined : entry.params;
    this.notes[i] = entry.notes.length === 0 ? undefined : entry.notes;
    this.next = (i + 1) % this.limit;
    if (this.size < this.limit) this.size++;
  }

  private body(ref: BodyRef | undefined): string {
    if (!ref) return '';
    const text = this.arena.get(ref);
    if (text === undefined) return `[body of ${ref.size} bytes no longer kept: newer requests reused its memory]`;
    return ref.size > ref.length ? `${text}… [truncated, ${ref.size - ref.length} more bytes]` : text;
  }

  /** The entry at slot `i` as the studio and the admin API see it. */
  private entryAt(i: number): LogEntry {
    const params = this.params[i];
    const notes = this.notes[i];
    return {
      id: this.ids[i] as number,
      time: this.times[i] as number,
      method: this.methods[i] as string,
      path: this.paths[i] as string,
      query: this.queries[i] as string,
      requestHeaders: this.requestHeaders[i] as LogEntry['requestHeaders'],
      requestBody: this.body(this.requestBodies.get(i)),
      endpoint: this.endpoints[i] as string | null,
      // The router's params are a null-prototype object: a plain copy for the reader.
      params: params ? { ...params } : {},
      status: this.statuses[i] as number,
      responseHeaders: this.responseHeaders[i] as LogEntry['responseHeaders'],
      responseBody: this.body(this.responseBodies.get(i)),
      duration: this.durations[i] as number,
      notes: notes ? [...notes] : [],
    };
  }
}
