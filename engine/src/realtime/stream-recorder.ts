/**
 * Keeps the log entry of one WebSocket connection or SSE stream up to date: counts every frame,
 * keeps the latest MAX_STREAM_FRAMES (text cut at MAX_STREAM_FRAME_TEXT), and tells the engine at
 * most every STREAM_UPDATE_MS (and at once when it closes), so a flood of frames costs the studio a
 * few updates a second.
 */
import {
  type LogEntry,
  MAX_STREAM_FRAME_TEXT,
  MAX_STREAM_FRAMES,
  STREAM_UPDATE_MS,
  type StreamLog,
} from '../../../shared/src/log-entry.js';

export interface StreamHooks {
  /** The entry is new (the engine logs it and gives it its id). */
  opened(entry: LogEntry): void;
  /** The entry changed. */
  updated(entry: LogEntry): void;
}

export class StreamRecorder {
  readonly stream: StreamLog;
  private timer: NodeJS.Timeout | undefined;
  private readonly started = performance.now();

  constructor(
    readonly entry: LogEntry,
    protocol: StreamLog['protocol'],
    private readonly hooks: StreamHooks | undefined,
  ) {
    this.stream = {
      protocol,
      open: true,
      framesIn: 0,
      framesOut: 0,
      bytesIn: 0,
      bytesOut: 0,
      frames: [],
      framesDropped: 0,
    };
    entry.stream = this.stream;
    hooks?.opened(entry);
  }

  frame(direction: 'in' | 'out', text: string | undefined, bytes: number): void {
    const s = this.stream;
    if (direction === 'in') {
      s.framesIn++;
      s.bytesIn += bytes;
    } else {
      s.framesOut++;
      s.bytesOut += bytes;
    }
    if (!this.hooks) return;
    const kept =
      text === undefined ? '' : text.length > MAX_STREAM_FRAME_TEXT ? `${text.slice(0, MAX_STREAM_FRAME_TEXT)}…` : text;
    s.frames.push({
      at: Math.round(performance.now() - this.started),
      direction,
      text: kept,
      bytes,
      ...(text === undefined ? { binary: true } : {}),
    });
    if (s.frames.length > MAX_STREAM_FRAMES) {
      s.frames.shift();
      s.framesDropped++;
    }
    this.timer ??= setTimeout(() => this.flush(), STREAM_UPDATE_MS);
  }

  private flush(): void {
    this.timer = undefined;
    this.hooks?.updated(this.entry);
  }

  /** Closed with `code` (WebSocket; 0 for SSE) and a reason; told at once. Later calls change nothing. */
  closed(code: number, reason: string): void {
    if (!this.stream.open) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    Object.assign(this.stream, {
      open: false,
      closeCode: code,
      closeReason: reason,
      closedAfter: Math.round(performance.now() - this.started),
    });
    this.entry.duration = this.stream.closedAfter as number;
    this.hooks?.updated(this.entry);
  }
}
