/**
 * The wall-clock time (ms since the epoch) of a reading of the monotonic clock (performance.now()),
 * as Date.now() would have given it then, without reading a second clock per request: a request's
 * log entry needs both when it came (wall clock) and how long it took (monotonic, which never steps
 * back). Each clock read costs 50-55 ns on this project's 2-core VM (kvm-clock; 5 M calls of each
 * in a loop), and a request read three.
 *
 * The two clocks run at the same rate (NTP slews both), so their offset changes only when the wall
 * clock is set. It starts as performance.timeOrigin, and is checked against Date.now() once a second
 * has passed on the monotonic clock: a wall clock that was set is followed within a second, as
 * Date.now() itself would have been by the next request. Date.now() counts whole milliseconds, so a
 * difference under one is its rounding, not a change.
 */
let offset = performance.timeOrigin;
let checkedAt = performance.now();

export function wallTime(monotonic: number): number {
  if (monotonic - checkedAt >= 1000) {
    const now = performance.now();
    checkedAt = now;
    const change = Date.now() - (offset + now);
    if (change >= 1 || change < -1) offset += change;
  }
  return offset + monotonic;
}
