import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The desktop app's log: what went wrong outside any dialog (a menu command that failed, a start
 * that failed, a renderer that went away), where a packaged app's console shows nothing. One file,
 * `<data folder>/logs/main.log`, rotated at `maxBytes` into main.log.1 … main.log.<keep>, the
 * oldest dropped, so it never grows without bound. Writes are synchronous: they are rare, and a
 * line written just before the process ends must not be lost.
 */
export class LogFile {
  readonly file: string;

  constructor(
    readonly folder: string,
    private readonly maxBytes = 1024 * 1024,
    private readonly keep = 3,
  ) {
    this.file = join(folder, 'main.log');
  }

  /** Appends one line (an error's stack, when given), stamped with the time. Never throws. */
  write(message: string, err?: unknown): void {
    const detail = err === undefined ? '' : ` ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
    const line = `${new Date().toISOString()} ${message}${detail}\n`;
    try {
      mkdirSync(this.folder, { recursive: true });
      const size = this.size();
      if (size > 0 && size + Buffer.byteLength(line) > this.maxBytes) this.rotate();
      appendFileSync(this.file, line);
    } catch {
      // A log that cannot be written must not take the app down with it.
    }
  }

  private size(): number {
    try {
      return statSync(this.file).size;
    } catch {
      return 0;
    }
  }

  private rotate(): void {
    rmSync(`${this.file}.${this.keep}`, { force: true });
    for (let n = this.keep - 1; n >= 1; n--) {
      try {
        renameSync(`${this.file}.${n}`, `${this.file}.${n + 1}`);
      } catch {
        // No such generation yet.
      }
    }
    renameSync(this.file, `${this.file}.1`);
  }
}
