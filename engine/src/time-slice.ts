import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long a long job (an import, a generate) may hold the event loop before it lets other work run.
 * The studio's main process answers IPC, menus and the mock's requests on this same thread; 10 ms
 * keeps them prompt while the job loses only the cost of one event-loop turn per slice.
 */
export const SLICE_MS = 10;

/**
 * Cuts a long job into slices: the job calls `pause()` between small steps (a row, a chunk of text),
 * and every `sliceMs` of work that call waits for one turn of the event loop (timers, I/O, other
 * calls) before the job goes on. A slicer built with `Infinity` never waits: the same job runs whole.
 */
export class TimeSlicer {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether the current slice has used its time (so the next `pause()` waits). */
  get due(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async pause(): Promise<void> {
    if (!this.due) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}

/**
 * A job written once as a generator that yields between its steps, run in one go (`runWhole`) or in
 * slices (`runSliced`); both return what the generator returns.
 */
export type Steps<T> = Generator<void, T, undefined>;

export function runWhole<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export async function runSliced<T>(steps: Steps<T>, slicer: TimeSlicer): Promise<T> {
  for (;;) {
    // Checking the clock is cheap but not free: a step is small, so look every few steps.
    for (let i = 0; i < 16; i++) {
      const next = steps.next();
      if (next.done) return next.value;
    }
    await slicer.pause();
  }
}
