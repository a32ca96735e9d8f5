import type { FieldModel } from '../../model/service-model.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Text as SQLite can store it: a lone UTF-16 surrogate (JSON allows "\ud800") has no UTF-8 form and
 * would be written as invalid bytes that read back as three U+FFFD; it becomes one U+FFFD, as
 * invalid UTF-8 in a request body does.
 */
export const wellFormed = (text: string): string =>
  LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;

/** The value as SQLite stores it: booleans as 0/1, json fields as JSON text. */
export function toSqlValue(field: FieldModel, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'boolean':
      return value ? 1 : 0;
    case 'json':
      return JSON.stringify(value);
    default:
      return typeof value === 'string' ? wellFormed(value) : (value as number);
  }
}
