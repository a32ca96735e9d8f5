/**
 * The terminal output of `mockyard serve` once it serves: a line per request, formatted and written
 * once per turn of the event loop rather than once per request.
 *
 * process.stdout is synchronous for a terminal, a file and a pipe on Linux: a write per request was
 * a write(2) per request (strace: 1.0 per request, next to the response's one writev), and under wrk
 * on /health the line cost about as much CPU as the whole response (profile: 58 µs a request with
 * lines, 37 µs without). The requests of one turn of the loop (those whose bytes one poll found) now
 * share one write, made by a setImmediate, so that it goes out after the turn's responses.
 *
 * The lines are also formatted then, in one loop over the turn's requests, not one at a time between
 * the responses: the formatting code and its data stay in the CPU's caches for the whole batch.
 * Under wrk on /health, `mockyard serve` against the bare server went from 0.705 to 0.739 with this
 * (medians of 40 paired one-second rounds).
 *
 * On a terminal, a second's lines past its budget (line-budget.ts) are counted instead, and one
 * summary line says how many, after that second's lines.
 */
import type { Writable } from 'node:stream';
import type { HeldBack, LineBudget } from './line-budget.js';

/** Requests held back beyond this are written at once (a burst must not grow the batch without bound). */
const MAX_PENDING = 1024;

/** A terminal's budget of lines (see line-budget.ts), and how to read and sum up the requests. */
export interface Budgeted<T> {
  budget: LineBudget;
  timeOf(item: T): number;
  statusOf(item: T): number;
  /** The line for the requests of a second that got none of their own, newline included. */
  summary(held: HeldBack): string;
}

export class ServeOutput<T> {
  private pending: T[] = [];
  private scheduled = false;
  private summaryTimer: NodeJS.Timeout | undefined;
  private readonly flushLater = (): void => {
    this.scheduled = false;
    this.flushLines();
  };

  constructor(
    private readonly out: Writable,
    private readonly err: Writable,
    /** A request's line, newline included. */
    private readonly format: (item: T) => string,
    /** For a terminal: at most so many lines a second, the rest summed up. */
    private readonly budgeted?: Budgeted<T>,
  ) {}

  /** A request: its line goes out with the other lines of this turn of the event loop. */
  line(item: T): void {
    const b = this.budgeted;
    if (b) {
      const time = b.timeOf(item);
      // The last second's summary goes before the first line of the next.
      if (b.budget.endsHeld(time)) this.flush();
      if (!b.budget.admit(time, b.statusOf(item))) {
        this.summaryTimer ??= setTimeout(() => this.flush(), b.budget.msToSecondEnd(Date.now())).unref();
        return;
      }
    }
    if (this.pending.push(item) >= MAX_PENDING) this.flushLines();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushLater);
    }
  }

  /** Anything else for stdout: after the lines before it, at once. */
  write(text: string): void {
    this.flush();
    this.out.write(text);
  }

  /** For stderr: after the lines before it, so that the terminal shows them in order. */
  error(text: string): void {
    this.flush();
    this.err.write(text);
  }

  /** Writes the lines held for this turn, then the summary of requests that got none. */
  flush(): void {
    this.flushLines();
    clearTimeout(this.summaryTimer);
    this.summaryTimer = undefined;
    const held = this.budgeted?.budget.take();
    if (held) this.out.write(this.budgeted?.summary(held) ?? '');
  }

  private flushLines(): void {
    const items = this.pending;
    if (items.length === 0) return;
    this.pending = [];
    let text = '';
    for (const item of items) text += this.format(item);
    this.out.write(text);
  }
}

/**
 * `HH:MM:SS.mmm` (UTC) of a time in ms, as `new Date(time).toISOString().slice(11, 23)` gives it,
 * without a Date and an ISO string per request: the part up to the second is kept while it holds.
 */
export function clockTime(): (time: number) => string {
  let second = Number.NaN;
  let prefix = '';
  return (time) => {
    const s = Math.floor(time / 1000);
    if (s !== second) {
      second = s;
      prefix = new Date(s * 1000).toISOString().slice(11, 20);
    }
    const ms = Math.floor(time) - s * 1000;
    return prefix + (ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : String(ms));
  };
}
