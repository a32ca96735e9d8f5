/**
 * The Log list's keys: which entry (by its place, 0 the newest) a key chooses when `at` is chosen
 * now (-1: none) and `last` is the oldest shown; undefined for other keys.
 */
export function logKeyTarget(key: string, at: number, last: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(at + 1, last);
    case 'ArrowUp':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(at + 10, last);
    case 'PageUp':
      return Math.max(at - 10, 0);
    default:
      return undefined;
  }
}
