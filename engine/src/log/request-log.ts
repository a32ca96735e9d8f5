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

/** A request as the runtime hands it over, bodies as text; `add` sets its id. */
export type ServedRequest = LogEntry;

type Stored = Omit<LogEntry, 'requestBody' | 'responseBody'> & {
  requestBody: BodyRef | undefined;
  responseBody: BodyRef | undefined;
};

const arenaFor = (limit: number): BodyArena =>
  new BodyArena(Math.min(MAX_ARENA, Math.max(MIN_ARENA, limit * ARENA_BYTES_PER_ENTRY)));

/** A bounded ring buffer of the latest requests; bodies live in a fixed-size byte arena. */
export class RequestLog {
  limit: number;
  bodyLimit: number;
  private buffer: (Stored | undefined)[];
  private arena: BodyArena;
  private next = 0;
  private size = 0;
  private lastId = 0;

  constructor(options: RequestLogOptions = {}) {
    this.limit = Math.max(1, options.limit ?? DEFAULT_LOG_LIMIT);
    this.bodyLimit = Math.max(0, options.bodyLimit ?? DEFAULT_LOG_BODY_BYTES);
    this.buffer = new Array<Stored | undefined>(this.limit);
    this.arena = arenaFor(this.limit);
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
    const entry = this.buffer[(this.next - 1 + this.limit) % this.limit];
    return entry && this.toEntry(entry);
  }

  /** Kept entries, oldest first. */
  entries(): LogEntry[] {
    const out: LogEntry[] = [];
    const start = (this.next - this.size + this.limit) % this.limit;
    for (let i = 0; i < this.size; i++) out.push(this.toEntry(this.buffer[(start + i) % this.limit] as Stored));
    return out;
  }

  get count(): number {
    return this.size;
  }

  clear(): void {
    this.buffer = new Array<Stored | undefined>(this.limit);
    this.next = 0;
    this.size = 0;
  }

  private put(entry: LogEntry): void {
    const stored = entry as unknown as Stored;
    stored.requestBody = this.arena.put(entry.requestBody, this.bodyLimit);
    stored.responseBody = this.arena.put(entry.responseBody, this.bodyLimit);
    this.buffer[this.next] = stored;
    this.next = (this.next + 1) % this.limit;
    if (this.size < this.limit) this.size++;
  }

  private body(ref: BodyRef | undefined): string {
    if (!ref) return '';
    const text = this.arena.get(ref);
    if (text === undefined) return `[body of ${ref.size} bytes no longer kept: newer requests reused its memory]`;
    return ref.size > ref.length ? `${text}… [truncated, ${ref.size - ref.length} more bytes]` : text;
  }

  /** The entry as the studio and the admin API see it. */
  private toEntry(stored: Stored): LogEntry {
    // params is the router's null-prototype object until someone reads the entry.
    return {
      ...stored,
      params: { ...stored.params },
      requestBody: this.body(stored.requestBody),
      responseBody: this.body(stored.responseBody),
    };
  }
}
