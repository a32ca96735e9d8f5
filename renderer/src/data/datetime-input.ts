/** Turning cell text into a field's value and back; the engine checks again before writing. */
export type Parsed = { value: unknown } | { error: string };

export function parseCell(type: string, text: string): Parsed {
  if (text.trim() === '' && type !== 'string') return { value: null };
  switch (type) {
    case 'integer':
      return /^-?\d+$/.test(text.trim()) && Number.isSafeInteger(Number(text))
        ? { value: Number(text) }
        : { error: 'must be an integer' };
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? { value: n } : { error: 'must be a number' };
    }
    case 'boolean':
      return text === 'true'
        ? { value: true }
        : text === 'false'
          ? { value: false }
          : { error: 'must be true or false' };
    case 'datetime': {
      const date = new Date(text);
      return Number.isNaN(date.getTime())
        ? { error: 'must be a date and time' }
        : { value: /Z|[+-]\d\d:?\d\d$/.test(text) ? text : date.toISOString() };
    }
    case 'json':
      try {
        return { value: JSON.parse(text) };
      } catch (err) {
        return { error: `is not valid JSON (${(err as Error).message})` };
      }
    default:
      return { value: text };
  }
}

export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `2024-05-01T12:00:00Z` as the `datetime-local` input wants it (local time, no zone). */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
