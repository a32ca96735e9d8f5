/**
 * Keeps the log entry of one WebSocket connection or SSE stream up to date: counts every frame,
 * keeps the latest MAX_STREAM_FRAMES (text cut at MAX_STREAM_FRAME_TEXT), and tells the engine at
 * most every STREAM_UPDATE_MS (and at once when it closes), so a flood of frames costs the studio a
 * few updates a second.
 *
 * A frame costs the log its counters, a clock read and a slot of a ring of typed arrays; a text
 * frame of up to SLOT_BYTES bytes is copied into the ring's own bytes, so the log holds on to no
 * Buffer of the socket (each one held would be copied by every young-generation GC, and the ring
 * would point from old objects to young ones). The entry's `frames` are made from the ring when they
 * are read (the studio's update, the log's API): a frame that leaves the ring before anyone looks is
 * never made into text or an object. An echo's frame out refers to its frame in. The WebSocket
 * bench's echo measured all this.
 */
import { performance } from 'node:perf_hooks';
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

/** Bytes of text a frame's log text is made from at most (MAX_STREAM_FRAME_TEXT characters of UTF-8). */
const TEXT_BYTES = MAX_STREAM_FRAME_TEXT * 4;
/** A text frame up to this size is copied into the ring; a bigger one is made into its log text at once. */
const SLOT_BYTES = 256;
/**
 * Slots: one more than the frames shown, so that an echo's frame out, the oldest shown, still has
 * its frame in (whose bytes it shows).
 */
const SLOTS = MAX_STREAM_FRAMES + 1;

/** What a slot holds (bits). */
const OUT = 1;
const BINARY = 2;
/** Its text is in `texts` (else in the ring's bytes). */
const STRING = 4;
/** The frame before it sent back: its text is that frame's. */
const ECHO = 8;

const recorders = new WeakMap<StreamLog, StreamRecorder>();

/**
 * A stream log's `frames` and `framesDropped`: own enumerable getters, so a copy (`{ ...stream }`),
 * JSON.stringify and structuredClone read them as values. The same two functions for every log, and
 * added after its data properties: the logs keep one fast shape (getters in an object literal would
 * make each a dictionary, and each its own getters a shape of its own), so the counters a frame
 * updates stay plain field writes.
 */
const LIVE: PropertyDescriptorMap = {
  frames: {
    get(this: StreamLog): StreamFrame[] {
      return recorders.get(this)?.frames() ?? [];
    },
    enumerable: true,
  },
  framesDropped: {
    get(this: StreamLog): number {
      return Math.max(0, (recorders.get(this)?.count ?? 0) - MAX_STREAM_FRAMES);
    },
    enumerable: true,
  },
};

export class StreamRecorder {
  readonly stream: StreamLog;
  private timer: NodeJS.Timeout | undefined;
  private readonly started = performance.now();
  /** Frames put into the ring (all of them while the log is on; none when it is off): `stream.framesDropped` reads it. */
  count = 0;
  /** The ring (frame n in slot n % SLOTS), made at its first frame. */
  private ring: Ring | undefined;
  /** `stream.frames` as last made, and `count` then: made again only once a frame has come since. */
  private shown: StreamFrame[] = [];
  private shownAt = 0;

  constructor(
    readonly entry: LogEntry,
    protocol: StreamLog['protocol'],
    private readonly hooks: StreamHooks | undefined,
  ) {
    this.stream = { protocol, open: true, framesIn: 0, framesOut: 0, bytesIn: 0, bytesOut: 0 } as StreamLog;
    Object.defineProperties(this.stream, LIVE);
    recorders.set(this.stream, this);
    entry.stream = this.stream;
    hooks?.opened(entry);
  }

  /** A frame's `at`: milliseconds since the connection opened (0, with no clock read, when nothing logs frames). */
  now(): number {
    return this.hooks ? performance.now() - this.started : 0;
  }

  /**
   * A frame: its text (or the Buffer of a text frame), undefined for a binary one, its size, and when
   * it passed (now, unless given: the frames one event causes at once may share its clock read).
   */
  frame(direction: 'in' | 'out', data: Buffer | string | undefined, bytes: number, at?: number): void {
    const out = direction === 'out';
    this.tally(out, bytes);
    if (!this.hooks) return;
    const ring = this.own();
    const slot = this.count % SLOTS;
    let kind = out ? OUT : 0;
    if (data === undefined) kind |= BINARY;
    else if (typeof data === 'string') {
      kind |= STRING;
      ring.texts[slot] = data.length > MAX_STREAM_FRAME_TEXT ? cut(data, bytes) : data;
    } else if (data.length <= SLOT_BYTES) {
      ring.bytes ??= Buffer.allocUnsafeSlow(SLOTS * SLOT_BYTES);
      ring.bytes.set(data, slot * SLOT_BYTES);
    } else {
      kind |= STRING;
      ring.texts[slot] = textOf(data, 0, bytes);
    }
    this.put(ring, slot, kind, bytes, at ?? this.now());
  }

  /** The frame before this one, sent back (an echo): a frame out of the same size and text, at `at`. */
  echoed(bytes: number, at: number): void {
    this.tally(true, bytes);
    if (!this.hooks) return;
    const ring = this.own();
    const slot = this.count % SLOTS;
    this.put(ring, slot, OUT | ECHO | ((ring.kinds[(slot + SLOTS - 1) % SLOTS] as number) & BINARY), bytes, at);
  }

  /** The ring, made at the first frame. */
  private own(): Ring {
    this.ring ??= newRing();
    return this.ring;
  }

  private tally(out: boolean, bytes: number): void {
    const s = this.stream;
    if (out) {
      s.framesOut++;
      s.bytesOut += bytes;
    } else {
      s.framesIn++;
      s.bytesIn += bytes;
    }
  }

  private put(ring: Ring, slot: number, kind: number, bytes: number, at: number): void {
    ring.kinds[slot] = kind;
    ring.sizes[slot] = bytes;
    ring.times[slot] = at;
    this.count++;
    this.timer ??= setTimeout(this.flush, STREAM_UPDATE_MS);
  }

  /** The latest MAX_STREAM_FRAMES frames, oldest first, made from the ring (each slot's frame once): `stream.frames`. */
  frames(): StreamFrame[] {
    const { ring, count } = this;
    if (this.shownAt === count || !ring) return this.shown;
    const frames: StreamFrame[] = [];
    for (let n = Math.max(0, count - MAX_STREAM_FRAMES); n < count; n++) {
      const slot = n % SLOTS;
      let frame = ring.made[slot];
      if (frame === undefined || ring.madeFor[slot] !== n) {
        const kind = ring.kinds[slot] as number;
        const bytes = ring.sizes[slot] as number;
        frame = {
          at: Math.round(ring.times[slot] as number),
          direction: kind & OUT ? 'out' : 'in',
          text: kind & BINARY ? '' : this.text(ring, n),
          bytes,
        };
        if (kind & BINARY) frame.binary = true;
        ring.made[slot] = frame;
        ring.madeFor[slot] = n;
      }
      frames.push(frame);
    }
    this.shown = frames;
    this.shownAt = count;
    return frames;
  }

  /** The log text of frame `n` (an echo's: its frame in's, which is made first when it is shown). */
  private text(ring: Ring, n: number): string {
    const slot = n % SLOTS;
    const kind = ring.kinds[slot] as number;
    if (kind & ECHO) {
      if (n === 0) return '';
      const before = (n - 1) % SLOTS;
      const made = ring.made[before];
      return made !== undefined && ring.madeFor[before] === n - 1 ? made.text : this.text(ring, n - 1);
    }
    if (kind & STRING) return cut(ring.texts[slot] ?? '', ring.sizes[slot] as number);
    if (!ring.bytes) return '';
    return textOf(ring.bytes, slot * SLOT_BYTES, Math.min(ring.sizes[slot] as number, SLOT_BYTES));
  }

  private readonly flush = (): void => {
    this.timer = undefined;
    this.hooks?.updated(this.entry);
  };

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

/** The frames a recorder holds, slot by slot. */
interface Ring {
  kinds: Uint8Array;
  sizes: Float64Array;
  /** Milliseconds since the connection opened. */
  times: Float64Array;
  /** The text frames of up to SLOT_BYTES bytes, SLOT_BYTES a slot (made at the first). */
  bytes: Buffer | undefined;
  /** The other text frames' text (already cut when long). */
  texts: (string | undefined)[];
  /** A slot's frame once made, and the frame number it was made for. */
  made: (StreamFrame | undefined)[];
  madeFor: Float64Array;
}

const newRing = (): Ring => ({
  kinds: new Uint8Array(SLOTS),
  sizes: new Float64Array(SLOTS),
  times: new Float64Array(SLOTS),
  bytes: undefined,
  texts: new Array(SLOTS).fill(undefined),
  made: new Array(SLOTS).fill(undefined),
  madeFor: new Float64Array(SLOTS).fill(-1),
});

/** A frame's text as the log keeps it: cut at MAX_STREAM_FRAME_TEXT characters, with an ellipsis. */
const cut = (text: string, bytes: number): string =>
  text.length > MAX_STREAM_FRAME_TEXT || bytes > TEXT_BYTES ? `${text.slice(0, MAX_STREAM_FRAME_TEXT)}…` : text;

/** The log text of a text frame of `bytes` bytes, from `data` at `start`. */
const textOf = (data: Buffer, start: number, bytes: number): string =>
  cut(data.toString('utf8', start, start + Math.min(bytes, TEXT_BYTES)), bytes);
