import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wallTime } from '../src/http/wall-time.js';

/**
 * A monotonic reading with the wall clock read just before and after it: the process can be paused
 * between any two reads on a loaded machine, so the test bounds the answer by the two instead of
 * asking for it within a fixed distance of one.
 */
function reading(): { monotonic: number; before: number; after: number } {
  const before = Date.now();
  const monotonic = performance.now();
  return { monotonic, before, after: Date.now() };
}

/**
 * Date.now() counts whole milliseconds, so the true time lies in [before, after + 1); wallTime's
 * offset is kept to within a millisecond of Date.now()'s, so its answer lies in (before - 1, after + 2).
 */
function within(answer: number, r: { before: number; after: number }): void {
  assert.ok(answer > r.before - 1 && answer < r.after + 2, `${answer} outside (${r.before} - 1, ${r.after} + 2)`);
}

test('wallTime gives what Date.now() gave at a monotonic reading, now, a second later and earlier', async () => {
  const start = reading();
  within(wallTime(start.monotonic), start);
  // Past the second after which the offset is checked again: the same answers.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const later = reading();
  within(wallTime(later.monotonic), later);
  within(wallTime(start.monotonic), start);
  assert.ok(
    Math.abs(wallTime(later.monotonic) - wallTime(start.monotonic) - (later.monotonic - start.monotonic)) < 1e-3,
    'the gap between two readings is kept (to the precision of a double near 1.8e12 ms)',
  );
});
