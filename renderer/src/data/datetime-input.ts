/**
 * The text of a `datetime-local` input and back. A stored date-time is ISO-8601 text (see
 * shared/src/field-text.ts); the grid shows it in UTC, so the input does too (its label says so),
 * to the millisecond: a value opened and saved, or duplicated, is the same instant.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2024-05-01T12:00:00.250Z` as the `datetime-local` input wants it: UTC, no zone, ms only when set. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ms = date.getUTCMilliseconds();
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${ms ? `.${pad(ms, 3)}` : ''}`;
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The input's text, which is UTC, as ISO-8601 text (`2024-05-01T10:00:00.000Z`). Any other text (the
 * stored value when the input was not touched, or empty text) is returned as it is.
 */
export function fromLocalInput(text: string): string {
  if (!LOCAL_INPUT.test(text)) return text;
  const date = new Date(`${text}Z`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}
