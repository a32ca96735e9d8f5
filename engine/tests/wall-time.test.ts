import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wallTime } from '../src/http/wall-time.js';

test('wallTime gives what Date.now() gave at a monotonic reading, now, a second later and earlier', async () => {
  const near = (monotonic: number, wall: number): void =>
    assert.ok(Math.abs(wallTime(monotonic) - wall) <= 2, `${wallTime(monotonic)} vs ${wall}`);
  const start = performance.now();
  const wallAtStart = Date.now();
  near(start, wallAtStart);
  // Past the second after which the offset is checked again: the same answers (Date.now() counts whole ms).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const later = performance.now();
  near(later, Date.now());
  near(start, wallAtStart);
  assert.ok(
    Math.abs(wallTime(later) - wallTime(start) - (later - start)) < 1e-3,
    'the gap between two readings is kept (to the precision of a double near 1.8e12 ms)',
  );
});
