import type { FieldType } from '../../../shared/src/config-schema';

/**
 * A default typed in a form, as the value to write for a field of `type`: numbers and booleans as
 * such, json as parsed JSON; what does not read as the type is written as typed (a string), so the
 * engine's own message says what is wrong with it. Empty means no default.
 */
export function parseTyped(type: string, text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  switch (type as FieldType) {
    case 'number':
    case 'integer':
      return Number.isFinite(Number(t)) ? Number(t) : text;
    case 'boolean':
      return t === 'true' ? true : t === 'false' ? false : text;
    case 'json':
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** A written value as the form shows it. */
export function showTyped(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
