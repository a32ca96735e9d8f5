/**
 * Freezes a value and everything in it. Config items are shared by every text that has them
 * (fast-parts.ts, structure-items.ts): a change made to one would be made to all, so none may be made.
 */
export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
