/**
 * The time of the current turn of the event loop, read once a turn: frames handled in one turn (a
 * socket read and what it answers) share it. A clock read costs about 0.25 µs on the bench's VM
 * (performance.now and Date.now alike), more than the rest of what the log does for a frame.
 */
let current: number | undefined;
const endTurn = (): void => {
  current = undefined;
};

/** `performance.now()` as it was when this turn first asked. */
export function turnNow(): number {
  if (current === undefined) {
    current = performance.now();
    // Microtasks run once the callback that began the turn returns: the next turn reads the clock again.
    queueMicrotask(endTurn);
  }
  return current;
}
