import type { LogEntry } from '../../../shared/src/log-entry.js';

/**
 * Collects request log entries and hands them on in batches, at most one batch per `intervalMs`
 * (default 50 ms: 20 a second), so a load test never floods the UI with one message per request.
 * A batch holds at most `maxBatch` entries (the newest); the rest are still in the engine's log.
 */
export class LogBatcher {
  private pending: LogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private dropped = 0;

  constructor(
    private readonly flush: (batch: LogEntry[], dropped: number) => void,
    private readonly intervalMs = 50,
    private readonly maxBatch = 500,
  ) {}

  add(entry: LogEntry): void {
    this.pending.push(entry);
    if (this.pending.length > this.maxBatch) {
      this.pending.shift();
      this.dropped++;
    }
    if (!this.timer) this.timer = setTimeout(() => this.emit(), this.intervalMs);
  }

  private emit(): void {
    this.timer = undefined;
    const batch = this.pending;
    const dropped = this.dropped;
    this.pending = [];
    this.dropped = 0;
    if (batch.length) this.flush(batch, dropped);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }
}
