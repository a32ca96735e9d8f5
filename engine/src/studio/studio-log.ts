import { parse } from 'node:path';
import type { LogEntry } from '../../../shared/src/log-entry.js';
import { toHar, toJsonLines } from '../../../shared/src/har.js';
import type { LogSettings } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';
import { LogFile } from '../log/log-file.js';
import { LogBatcher } from './log-batcher.js';
import { sendToMock } from './send-request.js';

const DISK_FLUSH_MS = 200;

/** Where a config's persisted request log goes: `<config name>.requests.sqlite` beside it. */
export const logFileFor = (configPath: string): string => {
  const { dir, name } = parse(configPath);
  return `${dir}/${name}.requests.sqlite`;
};

/**
 * The studio's side of the request log: batches for the UI (at most 5 a second, see LogBatcher), retention
 * settings, the optional on-disk copy, exports and replay.
 */
export class StudioLog {
  private readonly batcher: LogBatcher;
  private file: LogFile | undefined;
  private pendingDisk: LogEntry[] = [];
  private diskTimer: NodeJS.Timeout | undefined;
  private readonly off: () => void;

  constructor(
    private readonly engine: Engine,
    private readonly configPath: string,
    onBatch: (batch: LogEntry[]) => void,
  ) {
    this.batcher = new LogBatcher(onBatch);
    // An open WebSocket or SSE stream is sent again (sampled by the engine) as its frames come and
    // when it closes; the studio's Log replaces the entry with the same id.
    const offStream = engine.on('streamUpdated', (entry) => this.batcher.add(entry));
    const offRequest = engine.on('request', (entry) => {
      this.batcher.add(entry);
      if (!this.file) return;
      this.pendingDisk.push(entry);
      if (this.pendingDisk.length > engine.log.limit) this.pendingDisk.shift();
      this.diskTimer ??= setTimeout(() => this.flushDisk(), DISK_FLUSH_MS);
    });
    this.off = () => {
      offStream();
      offRequest();
    };
  }

  settings(): LogSettings {
    return { limit: this.engine.log.limit, bodyLimit: this.engine.log.bodyLimit, persist: this.file !== undefined };
  }

  configure(next: Partial<LogSettings>): LogSettings {
    const positive = (n: unknown, name: string): number | undefined => {
      if (n === undefined) return undefined;
      if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 1_000_000)
        throw new DomainError('invalid', `${name} must be a whole number from 1 to 1,000,000.`);
      return n as number;
    };
    this.engine.log.configure({
      limit: positive(next.limit, 'The log limit'),
      bodyLimit: positive(next.bodyLimit, 'The body limit'),
    });
    if (next.persist === true && !this.file) {
      this.file = new LogFile(logFileFor(this.configPath));
      // Nothing logged yet (the usual case, at start): the saved log comes back. Otherwise what is
      // kept now becomes the saved log (ids of the two would collide).
      if (this.engine.log.count === 0) this.engine.log.restore(this.file.load(this.engine.log.limit));
      else {
        this.file.clear();
        this.file.append(this.engine.log.entries(), this.engine.log.limit);
      }
    } else if (next.persist === false && this.file) {
      this.flushDisk();
      this.file.close();
      this.file = undefined;
    }
    return this.settings();
  }

  clear(): number {
    const cleared = this.engine.log.count;
    this.engine.log.clear();
    this.pendingDisk = [];
    this.file?.clear();
    return cleared;
  }

  export(format: 'har' | 'jsonl', version: string): { text: string; filename: string } {
    const entries = this.engine.log.entries();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (format === 'jsonl') return { text: toJsonLines(entries), filename: `mockyard-log-${stamp}.jsonl` };
    const base = this.engine.address?.url ?? 'http://127.0.0.1';
    return {
      text: `${JSON.stringify(toHar(entries, base, version), null, 2)}\n`,
      filename: `mockyard-log-${stamp}.har`,
    };
  }

  /** Sends a logged request to the mock again; its new entry is logged like any request. */
  async replay(id: number): Promise<{ status: number }> {
    const entry = this.engine.log.entries().find((e) => e.id === id);
    if (!entry) throw new DomainError('not_found', `Request ${id} is no longer in the log.`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry.requestHeaders))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const { status } = await sendToMock(this.engine, {
      method: entry.method,
      path: entry.path,
      query: entry.query,
      headers,
      body: entry.requestBody,
    });
    return { status };
  }

  close(): void {
    this.off();
    this.batcher.close();
    this.flushDisk();
    this.file?.close();
    this.file = undefined;
  }

  private flushDisk(): void {
    clearTimeout(this.diskTimer);
    this.diskTimer = undefined;
    if (!this.file || this.pendingDisk.length === 0) return;
    const batch = this.pendingDisk;
    this.pendingDisk = [];
    this.file.append(batch, this.engine.log.limit);
  }
}
