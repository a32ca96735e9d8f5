/**
 * A field's value written as text, and back: the one set of rules for every place where text
 * becomes a value (a cell edit in the data browser, a CSV import, a list filter such as
 * `?age=30&active=true`, a path parameter on a create), so the same text means the same value in
 * all of them.
 *
 * | type     | text accepted                                            | value                      |
 * |----------|----------------------------------------------------------|----------------------------|
 * | string   | any text, kept exactly (spaces too; '' stays '')         | the text                   |
 * | number   | decimal as SQLite reads it: `30`, `-1.5`, `.5`, `1e3`    | a finite number            |
 * | integer  | the same, naming a safe integer: `30`, `30.0`, `1e3`     | a safe integer             |
 * | boolean  | `true`/`false` or `1`/`0`, any case                      | true or false              |
 * | datetime | ISO-8601 date and time: `2024-05-01T14:00+02:00`         | UTC to the ms: `…12:00:00.000Z` |
 * | json     | JSON text nested at most 1000 levels: `[1, 2]`, `"a"`    | the parsed value           |
 *
 * For every type but string, ASCII white space around the text is ignored, and empty text is null.
 * A value that converts always fits its type (`fitsType`), so the record check never refuses it.
 */
import type { FieldType, JsonValue } from './config-schema.js';
import { EXPECTED, jsonDepthWithin, MAX_JSON_DEPTH, storedDateTime } from './field-types.js';

/** Text that converted, or why not: `expected` names the accepted form for "must be X, not Y" messages. */
export type FromText = { ok: true; value: JsonValue } | { ok: false; expected: string; message: string };

/**
 * Decimal number text as SQLite reads it when it compares text with a numeric column, white space
 * around included. Number() also reads 0x10, 0b1, 0o7 and Unicode spaces, which SQLite never would:
 * a filter or path value in those forms would convert to a number no lookup of the same text matches.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The white space SQLite skips around a number; the same is skipped for every non-string type. */
const SPACE = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;

/**
 * Yes/no, on/off and the like are refused: they are words of one language, and a list filter that
 * silently took `?active=no` as false would hide a typo such as `?active=nope`.
 */
const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/** How each type's text form is named when text does not convert. */
export const TEXT_FORM: Record<FieldType, string> = { ...EXPECTED, json: 'valid JSON' };

const fail = (type: FieldType, detail?: string): FromText => ({
  ok: false,
  expected: TEXT_FORM[type],
  message: `must be ${TEXT_FORM[type]}${detail ? ` (${detail})` : ''}`,
});

/** The value a text stands for in a field of `type`, or why it stands for none (see the table above). */
export function fromText(type: FieldType, text: string): FromText {
  if (type === 'string') return { ok: true, value: text };
  const trimmed = text.replace(SPACE, '');
  if (trimmed === '') return { ok: true, value: null };
  switch (type) {
    case 'number':
    case 'integer': {
      const n = Number(trimmed);
      const fits = type === 'integer' ? Number.isSafeInteger(n) : Number.isFinite(n);
      return DECIMAL.test(trimmed) && fits ? { ok: true, value: n } : fail(type);
    }
    case 'boolean': {
      const value = BOOLEANS.get(trimmed.toLowerCase());
      return value === undefined ? fail(type) : { ok: true, value };
    }
    case 'datetime': {
      const stored = storedDateTime(trimmed);
      return stored === undefined ? fail(type) : { ok: true, value: stored };
    }
    case 'json': {
      let value: JsonValue;
      try {
        value = JSON.parse(trimmed) as JsonValue;
      } catch (err) {
        return fail(type, (err as Error).message);
      }
      return jsonDepthWithin(value) ? { ok: true, value } : fail(type, `nested more than ${MAX_JSON_DEPTH} levels`);
    }
  }
}

/**
 * A value as text that `fromText` reads back as the same value: null as empty text, json fields as
 * JSON text, numbers in JavaScript's shortest form (`1e+21` is decimal text too), booleans as true/false.
 */
export function toText(type: FieldType, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (type === 'json' || typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
