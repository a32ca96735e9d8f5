/**
 * Keeps the log entry of one WebSocket connection or SSE stream up to date: counts every frame,
 * keeps the latest MAX_STREAM_FRAMES (text cut at MAX_STREAM_FRAME_TEXT), and tells the engine at
 * most every STREAM_UPDATE_MS (and at once when it closes), so a flood of frames costs the studio a
 * few updates a second. A frame's text is made when the update is told, not as it passes: an echo
 * costs the log a counter and one small object (the WebSocket bench's echo measured it).
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

  /** Frames since the last update, as they came: made into text only when the update is told. */
  private fresh: { at: number; direction: 'in' | 'out'; data: Buffer | string | undefined; bytes: number }[] = [];

  /** A frame: its text (or the Buffer of a text frame), undefined for a binary one, and its size. */
  frame(direction: 'in' | 'out', data: Buffer | string | undefined, bytes: number): void {
    const s = this.stream;
    if (direction === 'in') {
      s.framesIn++;
      s.bytesIn += bytes;
    } else {
      s.framesOut++;
      s.bytesOut += bytes;
    }
    if (!this.hooks) return;
    this.fresh.push({ at: performance.now() - this.started, direction, data, bytes });
    if (this.fresh.length > MAX_STREAM_FRAMES) {
      this.fresh.shift();
      s.framesDropped++;
    }
    this.timer ??= setTimeout(() => this.flush(), STREAM_UPDATE_MS);
  }

  /** The frames since the last update into the log's `frames` (the latest MAX_STREAM_FRAMES). */
  private settle(): void {
    const s = this.stream;
    for (const { at, direction, data, bytes } of this.fresh) {
      const text =
        data === undefined
          ? undefined
          : typeof data === 'string'
            ? data
            : data.toString('utf8', 0, MAX_STREAM_FRAME_TEXT * 4);
      const kept =
        text === undefined
          ? ''
          : text.length > MAX_STREAM_FRAME_TEXT || bytes > MAX_STREAM_FRAME_TEXT * 4
            ? `${text.slice(0, MAX_STREAM_FRAME_TEXT)}…`
            : text;
      s.frames.push({
        at: Math.round(at),
        direction,
        text: kept,
        bytes,
        ...(data === undefined ? { binary: true } : {}),
      });
    }
    this.fresh = [];
    const over = s.frames.length - MAX_STREAM_FRAMES;
    if (over > 0) {
      s.frames.splice(0, over);
      s.framesDropped += over;
    }
  }

  private flush(): void {
    this.timer = undefined;
    this.settle();
    this.hooks?.updated(this.entry);
  }

  /** Closed with `code` (WebSocket; 0 for SSE) and a reason; told at once. Later calls change nothing. */
  closed(code: number, reason: string): void {
    if (!this.stream.open) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.settle();
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
