/**
 * json-server stores whatever fields a write sends. In json-server mode each collection has one more
 * field, EXTRA_FIELD (json), that holds the fields its db.json never had: a write's unknown fields are
 * folded into it, and answers spread it back out, so a client sees the record it wrote.
 *
 * It also holds the text json-server keeps where Mockyard's field is typed: a nested create
 * (`POST /posts/1/comments`) sets `postId` to the path's text `'1'` in json-server. The column holds
 * the integer, so filters, `_expand` and cascades find the row, and answers show the text, as
 * json-server's do, until a write sets the field again.
 */
import type { FixedValue } from '../store/store.js';
import type { SchemaModel } from '../model/service-model.js';

export const EXTRA_FIELD = '_extra';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A write's body with its undeclared fields moved under EXTRA_FIELD, merged over `current` (the
 * record's extras before a PATCH). A declared field the body sets drops the text kept for it;
 * `fromPath` (a nested create's parent key) keeps the path's text for a field that is not text.
 * Anything but an object, or a schema without the field, is left as it is.
 */
export function foldExtras(
  schema: SchemaModel,
  body: unknown,
  current?: unknown,
  fromPath: readonly FixedValue[] = [],
): unknown {
  if (!isRecord(body) || !schema.fieldMap.has(EXTRA_FIELD)) return body;
  const declared: Record<string, unknown> = {};
  const extra: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  let any = false;
  for (const [key, value] of Object.entries(body)) {
    if (key === EXTRA_FIELD) continue;
    if (schema.fieldMap.has(key)) {
      declared[key] = value;
      delete extra[key];
    } else {
      extra[key] = value;
      any = true;
    }
  }
  for (const { column, value } of fromPath) {
    if (schema.fieldMap.get(column)?.type === 'string') continue;
    extra[column] = value;
    any = true;
  }
  if (any || isRecord(current)) declared[EXTRA_FIELD] = extra;
  return declared;
}

/**
 * A record as json-server shows it: its extras spread among its fields. A declared field wins, unless
 * the text kept for it (see foldExtras) is still its value written as text.
 */
export function spreadExtras(record: unknown): unknown {
  if (!isRecord(record) || !(EXTRA_FIELD in record)) return record;
  const { [EXTRA_FIELD]: extra, ...fields } = record;
  if (!isRecord(extra)) return fields;
  const shown: Record<string, unknown> = { ...extra, ...fields };
  for (const key of Object.keys(extra)) {
    const text = extra[key];
    if (key in fields && typeof text === 'string' && fields[key] !== null && String(fields[key]) === text)
      shown[key] = text;
  }
  return shown;
}
