/**
 * json-server stores whatever fields a write sends. In json-server mode each collection has one more
 * field, EXTRA_FIELD (json), that holds the fields its db.json never had: a write's unknown fields are
 * folded into it, and answers spread it back out, so a client sees the record it wrote.
 */
import type { SchemaModel } from '../model/service-model.js';

export const EXTRA_FIELD = '_extra';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A write's body with its undeclared fields moved under EXTRA_FIELD, merged over `current` (the
 * record's extras before a PATCH). Anything but an object, or a schema without the field, is left as it is.
 */
export function foldExtras(schema: SchemaModel, body: unknown, current?: unknown): unknown {
  if (!isRecord(body) || !schema.fieldMap.has(EXTRA_FIELD)) return body;
  const declared: Record<string, unknown> = {};
  const extra: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  let any = false;
  for (const [key, value] of Object.entries(body)) {
    if (key !== EXTRA_FIELD && schema.fieldMap.has(key)) declared[key] = value;
    else if (key !== EXTRA_FIELD) {
      extra[key] = value;
      any = true;
    }
  }
  if (any || isRecord(current)) declared[EXTRA_FIELD] = extra;
  return declared;
}

/** A record as json-server shows it: its extras spread among its fields (declared fields win). */
export function spreadExtras(record: unknown): unknown {
  if (!isRecord(record) || !(EXTRA_FIELD in record)) return record;
  const { [EXTRA_FIELD]: extra, ...fields } = record;
  return isRecord(extra) ? { ...extra, ...fields } : fields;
}
