/**
 * Keeps the log entry of one WebSocket connection or SSE stream up to date: counts every frame,
 * keeps the latest MAX_STREAM_FRAMES (text cut at MAX_STREAM_FRAME_TEXT), and tells the engine at
 * most every STREAM_UPDATE_MS (and at once when it closes), so a flood of frames costs the studio a
 * few updates a second. A frame's text is made when the update is told, not as it passes, and an
 * echo's two frames share one clock read (about 0.25 µs on the bench's VM): an echo costs the log
 * two counters and two reused slots (the WebSocket bench's echo measured it).
 */
import {
  type LogEntry,
  MAX_STREAM_FRAME_TEXT,
  MAX_STREAM_FRAMES,
  STREAM_UPDATE_MS,
  type StreamFrame,
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

  /**
   * The frames since the last update, as they came, in a ring of at most MAX_STREAM_FRAMES slots
   * that are reused: a frame costs no allocation, and only the latest frames are held (a Buffer is
   * made into text only when the update is told).
   */
  private readonly ring: RingSlot[] = [];
  /** The slot the next frame goes into. */
  private next = 0;
  /** How many slots hold frames not yet told (the latest ones, ending before `next`). */
  private held = 0;

  /** A frame's `at`: milliseconds since the connection opened (0, with no clock read, when nothing logs frames). */
  now(): number {
    return this.hooks ? performance.now() - this.started : 0;
  }

  /**
   * A frame: its text (or the Buffer of a text frame), undefined for a binary one, its size, and when
   * it passed (now, unless given: the frames one event causes at once may share its clock read).
   */
  frame(direction: 'in' | 'out', data: Buffer | string | undefined, bytes: number, at?: number): void {
    const s = this.stream;
    if (direction === 'in') {
      s.framesIn++;
      s.bytesIn += bytes;
    } else {
      s.framesOut++;
      s.bytesOut += bytes;
    }
    if (!this.hooks) return;
    const time = at ?? this.now();
    const slot = this.ring[this.next];
    if (slot === undefined) this.ring.push({ at: time, direction, data, bytes });
    else {
      slot.at = time;
      slot.direction = direction;
      slot.data = data;
      slot.bytes = bytes;
    }
    this.next = this.next + 1 === MAX_STREAM_FRAMES ? 0 : this.next + 1;
    if (this.held === MAX_STREAM_FRAMES) s.framesDropped++;
    else this.held++;
    this.timer ??= setTimeout(() => this.flush(), STREAM_UPDATE_MS);
  }

  /** The frames since the last update into the log's `frames` (the latest MAX_STREAM_FRAMES). */
  private settle(): void {
    const s = this.stream;
    const first = (this.next - this.held + MAX_STREAM_FRAMES) % MAX_STREAM_FRAMES;
    // An echo's frame out is the Buffer of its frame in: made into text once.
    let lastData: Buffer | undefined;
    let lastText = '';
    for (let i = 0; i < this.held; i++) {
      const slot = this.ring[(first + i) % MAX_STREAM_FRAMES] as RingSlot;
      const { data, bytes } = slot;
      slot.data = undefined;
      let text = '';
      if (typeof data === 'string') text = cut(data, bytes);
      else if (data !== undefined) {
        if (data !== lastData) {
          lastText = cut(data.toString('utf8', 0, MAX_STREAM_FRAME_TEXT * 4), bytes);
          lastData = data;
        }
        text = lastText;
      }
      const frame: StreamFrame = { at: Math.round(slot.at), direction: slot.direction, text, bytes };
      if (data === undefined) frame.binary = true;
      s.frames.push(frame);
    }
    this.held = 0;
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

/** A frame's text as the log keeps it: cut at MAX_STREAM_FRAME_TEXT characters, with an ellipsis. */
const cut = (text: string, bytes: number): string =>
  text.length > MAX_STREAM_FRAME_TEXT || bytes > MAX_STREAM_FRAME_TEXT * 4
    ? `${text.slice(0, MAX_STREAM_FRAME_TEXT)}…`
    : text;

/** A frame held until the next update. */
interface RingSlot {
  at: number;
  direction: 'in' | 'out';
  data: Buffer | string | undefined;
  bytes: number;
}
