import { DEFAULT_LOG_BODY_BYTES } from '../log/request-log.js';

/** A copy of a proxied body as it streams through: its first bytes for the request log, and all of it when it is at most `whole` bytes (for the recorder). */
export class Tap {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  size = 0;
  constructor(private readonly whole: number) {}
  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept < Math.max(this.whole, DEFAULT_LOG_BODY_BYTES)) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
    }
  }
  /** Everything, when it all fit. */
  all(): Buffer | undefined {
    return this.size <= this.whole ? Buffer.concat(this.chunks) : undefined;
  }
  /** The start as text, for the log. */
  text(): string {
    return Buffer.concat(this.chunks).subarray(0, DEFAULT_LOG_BODY_BYTES).toString('utf8');
  }
}
