/** One frame (WebSocket) or event (SSE) as Try it shows it. */
export interface Frame {
  /** Counts up from 1 over the session, also past the ones dropped. */
  seq: number;
  direction: 'in' | 'out' | 'info';
  /** Milliseconds since the connection was opened (or asked for). */
  at: number;
  /** The frame's text (a binary frame: its size); an SSE event's data. */
  text: string;
  /** SSE: the event's name and id. */
  event?: string;
  id?: string;
}

export interface FrameSnapshot {
  /** The newest `limit` frames, oldest first. */
  frames: readonly Frame[];
  /** Every frame of the session, the dropped ones included. */
  total: number;
}

/**
 * The frames of one Try it session, kept outside React: a flood of frames is appended as it comes
 * but the view is told at most once per `every` ms, and only the newest `limit` are kept, so a
 * server sending thousands of frames a second never freezes the panel nor grows memory.
 */
export class FrameBuffer {
  private list: Frame[] = [];
  private total = 0;
  private snapshot: FrameSnapshot = { frames: [], total: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly limit = 500,
    private readonly every = 100,
  ) {}

  push(frame: Omit<Frame, 'seq'>): void {
    this.total += 1;
    this.list.push({ ...frame, seq: this.total });
    // Trimmed in chunks, not on every frame: a splice per frame is quadratic under a flood.
    if (this.list.length > this.limit * 2) this.list = this.list.slice(-this.limit);
    this.timer ??= setTimeout(() => this.flush(), this.every);
  }

  /** Tells the view now (a frame it sent itself, a close), not at the next tick. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.list = this.list.slice(-this.limit);
    this.snapshot = { frames: this.list, total: this.total };
    for (const listener of this.listeners) listener();
  }

  clear(): void {
    this.list = [];
    this.total = 0;
    this.flush();
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FrameSnapshot => this.snapshot;
}
