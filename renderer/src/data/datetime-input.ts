/**
 * The text of a `datetime-local` input, which is local time without a zone, and back. A stored
 * date-time is ISO-8601 text (see shared/src/field-text.ts); the input shows it in local time.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01T12:00:00Z` as the `datetime-local` input wants it (local time, no zone). */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The input's local time as UTC ISO-8601 text (`2024-05-01T10:00:00.000Z` in UTC+2). Any other text
 * (the stored value when the input was not touched, or empty text) is returned as it is.
 */
export function fromLocalInput(text: string): string {
  if (!LOCAL_INPUT.test(text)) return text;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}
