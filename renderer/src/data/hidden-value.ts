/** A stored value as the read-only hidden-columns table shows it: null as an empty cell, objects as JSON. */
export const showValue = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
