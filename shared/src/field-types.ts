/**
 * The rules of field types: which values fit each type and how the expected value is named in
 * messages. The config compiler, the record check and text conversion (field-text.ts) all read them.
 */
import type { FieldType } from './config-schema.js';

/** A date with a time (a date alone names no instant); seconds, a fraction and an offset may be left out. */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** A datetime as stored: UTC to the millisecond. Text of this form sorts as the instants do. */
const STORED_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A date-time text in ISO-8601 form naming a real day: Date.parse alone takes 2024-02-30 as March 1st. */
export function isIsoDateTime(value: string): boolean {
  if (!ISO_DATETIME.test(value) || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/**
 * A datetime as it is stored and answered: the instant in UTC with milliseconds,
 * `2024-05-01T12:30:00+02:00` → `2024-05-01T10:30:00.000Z`. A time without an offset is UTC;
 * digits past the millisecond are cut. Undefined when the text is no datetime (or its instant
 * falls outside the years 0000-9999).
 */
export function storedDateTime(value: string): string | undefined {
  if (STORED_DATETIME.test(value)) return value;
  if (!isIsoDateTime(value)) return undefined;
  let text = value.replace(' ', 'T');
  // Date.parse reads a time without an offset as local time; a datetime without one is UTC.
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/.test(text)) text += 'Z';
  const stored = new Date(Date.parse(text)).toISOString();
  return STORED_DATETIME.test(stored) ? stored : undefined;
}

/** How the expected value of a field type is named in error messages. */
export const EXPECTED: Record<FieldType, string> = {
  number: 'a number',
  integer: 'an integer',
  string: 'text',
  boolean: 'true or false',
  datetime: 'an ISO-8601 date-time text (e.g. 2024-05-01T12:00:00Z)',
  json: 'any JSON value',
};

/**
 * Whether a type name is a field type. Tables summaries name their columns' types as text: a table
 * left over from an older config has SQLite's column types (`text`, `real`) instead.
 */
export const isFieldType = (type: string): type is FieldType => Object.hasOwn(EXPECTED, type);

/** SQLite's JSON functions refuse values nested deeper than this; a json field must stay within it. */
export const MAX_JSON_DEPTH = 1000;

/**
 * Whether a parsed JSON value nests arrays and objects at most `max` levels deep. Walks level by
 * level without recursion, so a hostile value cannot overflow the stack.
 */
export function jsonDepthWithin(value: unknown, max = MAX_JSON_DEPTH): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      if (depth >= max) return false;
      for (const child of Array.isArray(item) ? item : Object.values(item)) next.push(child);
    }
    level = next;
  }
  return true;
}

/** True when `value` (already parsed JSON, not null) is a valid value for a field of `type`. */
export function fitsType(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'datetime':
      return typeof value === 'string' && storedDateTime(value) !== undefined;
    case 'json':
      return jsonDepthWithin(value);
  }
}

/** What a JSON value is, for "must be X, not Y" messages. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') {
    // Past 2^53 − 1 an integer no longer survives a JSON round trip: say so rather than "not the integer".
    if (Number.isInteger(value) && !Number.isSafeInteger(value))
      return `${value}, an integer past the safe range (±${Number.MAX_SAFE_INTEGER}, 2^53 − 1)`;
    return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`;
  }
  if (typeof value === 'object') return 'an object';
  return String(value);
}
