/**
 * How many request lines a terminal gets in one second; the rest of that second's requests are
 * counted, by status, for one summary line.
 *
 * Why: nobody reads 30,000 lines a second, and a terminal is the costliest place to write them. A
 * terminal is a pty, whose line discipline handles every byte, and Node writes to it synchronously:
 * under wrk on /health, with `script` standing for a terminal that keeps up (its output thrown away,
 * on wrk's core), `mockyard serve` with every line on it ran at 0.744, 0.886 and 0.932 of the bare
 * server in three runs (medians of 12-20 paired one-second rounds); with this budget, 0.939 and
 * 0.977 in the last two, against 0.941 and 0.994 with `--quiet`. A real terminal that draws the
 * text falls behind, and then the server waits for it. Pipes and files still get every line: a log
 * collected in CI is read afterwards, by grep.
 */
export const TERMINAL_LINES_PER_SECOND = 200;

/** The requests of one second that got no line of their own. */
export interface HeldBack {
  /** The second, in ms since the epoch (a whole second). */
  second: number;
  count: number;
  /** How many had each status, by status. */
  statuses: [status: number, count: number][];
}

export class LineBudget {
  /** The second being counted (ms since the epoch / 1000); a request's time never moves it back. */
  private second = Number.NEGATIVE_INFINITY;
  private shown = 0;
  private held = 0;
  private readonly statuses = new Map<number, number>();

  constructor(readonly perSecond: number) {}

  /**
   * Whether a request answered at `time` (ms) would start a new second while requests of the last
   * one are held: their summary then goes out before its line.
   */
  endsHeld(time: number): boolean {
    return this.held > 0 && Math.floor(time / 1000) > this.second;
  }

  /** Whether a request at `time` gets a line of its own; one that does not is counted. */
  admit(time: number, status: number): boolean {
    const second = Math.floor(time / 1000);
    if (second > this.second) {
      this.second = second;
      this.shown = 0;
    }
    if (this.shown < this.perSecond) {
      this.shown++;
      return true;
    }
    this.held++;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    return false;
  }

  /** Milliseconds from `now` to the end of the second being counted (at least 1). */
  msToSecondEnd(now: number): number {
    return Math.max(1, (this.second + 1) * 1000 - now);
  }

  /** The held requests, if any, and counting starts again from none held. */
  take(): HeldBack | undefined {
    if (this.held === 0) return undefined;
    const held: HeldBack = {
      second: this.second * 1000,
      count: this.held,
      statuses: [...this.statuses].sort((a, b) => a[0] - b[0]),
    };
    this.held = 0;
    this.statuses.clear();
    return held;
  }
}
