import type { LogEntry } from '../../../shared/src/log-entry.js';

export interface RequestLogOptions {
  /** Entries kept; the oldest goes when a new one comes. Default 1,000. */
  limit?: number;
  /** Longest body kept per entry, in bytes of text. Default 64 KiB. */
  bodyLimit?: number;
}

export const DEFAULT_LOG_LIMIT = 1000;
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** A bounded ring buffer of the latest requests. */
export class RequestLog {
  limit: number;
  bodyLimit: number;
  private buffer: (LogEntry | undefined)[];
  private next = 0;
  private size = 0;
  private lastId = 0;

  constructor(options: RequestLogOptions = {}) {
    this.limit = Math.max(1, options.limit ?? DEFAULT_LOG_LIMIT);
    this.bodyLimit = Math.max(0, options.bodyLimit ?? DEFAULT_BODY_LIMIT);
    this.buffer = new Array<LogEntry | undefined>(this.limit);
  }

  /** Truncates a body to the limit, saying how much was cut. */
  truncate(body: string): string {
    if (body.length <= this.bodyLimit) return body;
    return `${body.slice(0, this.bodyLimit)}… [truncated, ${body.length - this.bodyLimit} more characters]`;
  }

  /** Changes the limits; shrinking keeps the newest entries. */
  configure(options: RequestLogOptions): void {
    if (options.bodyLimit !== undefined) this.bodyLimit = Math.max(0, options.bodyLimit);
    if (options.limit === undefined || options.limit === this.limit) return;
    const kept = this.entries().slice(-Math.max(1, options.limit));
    this.limit = Math.max(1, options.limit);
    this.clear();
    for (const entry of kept) this.add(entry);
  }

  /** Continues numbering after entries loaded from disk. */
  restore(entries: readonly LogEntry[]): void {
    for (const entry of entries.slice(-this.limit)) this.add(entry);
    this.lastId = Math.max(this.lastId, ...entries.map((e) => e.id));
  }

  nextId(): number {
    return ++this.lastId;
  }

  add(entry: LogEntry): void {
    this.buffer[this.next] = entry;
    this.next = (this.next + 1) % this.limit;
    if (this.size < this.limit) this.size++;
  }

  /** Kept entries, oldest first. */
  entries(): LogEntry[] {
    const out: LogEntry[] = [];
    const start = (this.next - this.size + this.limit) % this.limit;
    for (let i = 0; i < this.size; i++) out.push(this.buffer[(start + i) % this.limit] as LogEntry);
    return out;
  }

  get count(): number {
    return this.size;
  }

  clear(): void {
    this.buffer = new Array<LogEntry | undefined>(this.limit);
    this.next = 0;
    this.size = 0;
  }
}
