import type { LogEntry } from '../../../shared/src/log-entry.js';
import { BodyArena, type BodyRef } from './body-arena.js';

export interface RequestLogOptions {
  /** Entries kept; the oldest goes when a new one comes. Default 1,000. */
  limit?: number;
  /** Longest body kept per entry, in bytes. Default 64 KiB. */
  bodyLimit?: number;
  /** Memory for the kept bodies, in bytes (at least 1 MiB). Default: 16 KiB per entry, at most 64 MiB. */
  arenaBytes?: number;
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

const arenaFor = (limit: number, bytes?: number): BodyArena =>
  new BodyArena(Math.min(MAX_ARENA, Math.max(MIN_ARENA, bytes ?? limit * ARENA_BYTES_PER_ENTRY)));

const isEmpty = (params: Params): boolean => {
  for (const _ in params) return false;
  return true;
};

/** An entry's numbers, at `slot * NUMBERS + …` in one Float64Array: a body's place is start, length and size (0: empty). */
const ID = 0;
const TIME = 1;
const DURATION = 2;
const STATUS = 3;
const REQUEST_BODY = 4;
const RESPONSE_BODY = 7;
const NUMBERS = 10;

/** An entry's objects, at `slot * OBJECTS + …` in one array. */
const METHOD = 0;
const PATH = 1;
const QUERY = 2;
const ENDPOINT = 3;
const REQUEST_HEADERS = 4;
const RESPONSE_HEADERS = 5;
/** Undefined where the route had none, as most have: no object kept for nothing. */
const PARAMS = 6;
const NOTES = 7;
/** Undefined but for a callback the mock sent. */
const OUTGOING = 8;
/** Undefined but for a WebSocket connection or SSE stream: its StreamLog, which changes while it is open. */
const STREAM = 9;
const OBJECTS = 10;

/**
 * A bounded ring buffer of the latest requests, kept as rows: an entry's numbers side by side in one
 * typed array, its bodies in a fixed-size byte arena, and in one plain array only the few objects a
 * request brings that are its own (path, headers). An entry is an object again only when someone
 * reads it.
 *
 * Why not the objects the runtime made: an entry kept as an object outlives many young-generation
 * GCs (1,000 requests), so each GC copied it with its dozen small objects (two body references,
 * boxed numbers, empty notes and params) and promoted it to the old generation, which must then be
 * collected too. Under wrk on the 100-row list, whose responses fill the young generation every
 * couple of thousand requests, `--quiet` spent 2.47 µs a request in GC against 0.99 with `--no-log`
 * (--cpu-prof); without the objects, 1.24.
 *
 * Why rows, not a typed array per field: a request's entry then lands in two or three cache lines
 * (80 bytes of numbers, 64 of references), not one line in each of fourteen arrays, none of which
 * the rest of the request touches.
 */
export class RequestLog {
  limit: number;
  bodyLimit: number;
  private arena: BodyArena;
  private next = 0;
  private size = 0;
  private lastId = 0;
  private numbers!: Float64Array;
  private objects!: unknown[];

  constructor(options: RequestLogOptions = {}) {
    this.limit = Math.max(1, options.limit ?? DEFAULT_LOG_LIMIT);
    this.bodyLimit = Math.max(0, options.bodyLimit ?? DEFAULT_LOG_BODY_BYTES);
    this.arenaBytes = options.arenaBytes;
    this.arena = arenaFor(this.limit, this.arenaBytes);
    this.allocate();
  }

  private readonly arenaBytes: number | undefined;

  /** Changes the limits; shrinking keeps the newest entries. */
  configure(options: RequestLogOptions): void {
    if (options.bodyLimit !== undefined) this.bodyLimit = Math.max(0, options.bodyLimit);
    if (options.limit === undefined || options.limit === this.limit) return;
    const kept = this.entries().slice(-Math.max(1, options.limit));
    this.limit = Math.max(1, options.limit);
    this.arena = arenaFor(this.limit, this.arenaBytes);
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
    this.numbers = new Float64Array(this.limit * NUMBERS);
    this.objects = new Array<unknown>(this.limit * OBJECTS).fill(undefined);
  }

  private put(entry: LogEntry): void {
    const i = this.next;
    const n = i * NUMBERS;
    const numbers = this.numbers;
    numbers[n + ID] = entry.id;
    numbers[n + TIME] = entry.time;
    numbers[n + DURATION] = entry.duration;
    numbers[n + STATUS] = entry.status;
    this.putBody(n + REQUEST_BODY, this.arena.put(entry.requestBody, this.bodyLimit));
    this.putBody(n + RESPONSE_BODY, this.arena.put(entry.responseBody, this.bodyLimit));
    const o = i * OBJECTS;
    const objects = this.objects;
    objects[o + METHOD] = entry.method;
    objects[o + PATH] = entry.path;
    objects[o + QUERY] = entry.query;
    objects[o + ENDPOINT] = entry.endpoint;
    objects[o + REQUEST_HEADERS] = entry.requestHeaders;
    objects[o + RESPONSE_HEADERS] = entry.responseHeaders;
    objects[o + PARAMS] = isEmpty(entry.params) ? undefined : entry.params;
    objects[o + NOTES] = entry.notes.length === 0 ? undefined : entry.notes;
    objects[o + OUTGOING] = entry.outgoing;
    objects[o + STREAM] = entry.stream;
    this.next = i + 1 === this.limit ? 0 : i + 1;
    if (this.size < this.limit) this.size++;
  }

  private putBody(at: number, ref: BodyRef | undefined): void {
    const numbers = this.numbers;
    numbers[at] = ref ? ref.start : 0;
    numbers[at + 1] = ref ? ref.length : 0;
    numbers[at + 2] = ref ? ref.size : 0;
  }

  /** The body whose place is at `at` in the numbers, as the reader sees it. */
  private body(at: number): string {
    const size = this.numbers[at + 2] as number;
    if (size === 0) return '';
    const ref: BodyRef = { start: this.numbers[at] as number, length: this.numbers[at + 1] as number, size };
    const text = this.arena.get(ref);
    if (text === undefined) return `[body of ${ref.size} bytes no longer kept: newer requests reused its memory]`;
    return ref.size > ref.length ? `${text}… [truncated, ${ref.size - ref.length} more bytes]` : text;
  }

  /** The entry at slot `i` as the studio and the admin API see it. */
  private entryAt(i: number): LogEntry {
    const n = i * NUMBERS;
    const o = i * OBJECTS;
    const numbers = this.numbers;
    const objects = this.objects;
    const params = objects[o + PARAMS] as Params | undefined;
    const notes = objects[o + NOTES] as string[] | undefined;
    const outgoing = objects[o + OUTGOING] as LogEntry['outgoing'];
    const stream = objects[o + STREAM] as LogEntry['stream'];
    return {
      id: numbers[n + ID] as number,
      time: numbers[n + TIME] as number,
      method: objects[o + METHOD] as string,
      path: objects[o + PATH] as string,
      query: objects[o + QUERY] as string,
      requestHeaders: objects[o + REQUEST_HEADERS] as LogEntry['requestHeaders'],
      requestBody: this.body(n + REQUEST_BODY),
      endpoint: objects[o + ENDPOINT] as string | null,
      // The router's params are a null-prototype object: a plain copy for the reader.
      params: params ? { ...params } : {},
      status: numbers[n + STATUS] as number,
      responseHeaders: objects[o + RESPONSE_HEADERS] as LogEntry['responseHeaders'],
      responseBody: this.body(n + RESPONSE_BODY),
      duration: numbers[n + DURATION] as number,
      notes: notes ? [...notes] : [],
      ...(outgoing ? { outgoing } : {}),
      // A copy as it is now: an open stream's log goes on changing.
      ...(stream ? { stream: { ...stream, frames: [...stream.frames] } } : {}),
    };
  }
}
