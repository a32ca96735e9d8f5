import { httpMessages } from '../../../shared/src/messages.js';
import { describeJsonValue, EXPECTED, fitsType, MAX_JSON_DEPTH } from '../../../shared/src/field-types.js';
import type { SchemaModel } from './service-model.js';

export type WriteMode = 'create' | 'replace' | 'patch';

/** Why a record does not fit, and the field that is wrong (none when the body as a whole is). */
export interface RecordProblem {
  message: string;
  field: string | undefined;
}

/**
 * Checks a request body (or seed row) against a schema. Returns the problem, or null when it fits.
 * Create and replace need every required field (auto ids excepted); patch checks only what is sent.
 */
export function recordProblem(schema: SchemaModel, body: unknown, mode: WriteMode): RecordProblem | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { message: httpMessages.bodyNotObject(describeJsonValue(body)), field: undefined };
  }
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!schema.fieldMap.has(key)) {
      const message = httpMessages.fieldUnknown(
        key,
        schema.name,
        schema.fields.map((f) => f.name),
      );
      return { message, field: key };
    }
  }
  for (const field of schema.fields) {
    const value = record[field.name];
    if (value === undefined || value === null) {
      const missing = mode !== 'patch' && field.required && field.autoId === undefined && field.default === undefined;
      if (missing || (value === null && field.required))
        return { message: httpMessages.fieldRequired(field.name), field: field.name };
      continue;
    }
    if (field.type === 'json' && !finiteThroughout(value)) {
      // JSON has no Infinity: `1e400` parses as one and would be stored as null.
      const message = httpMessages.fieldWrongType(
        field.name,
        'JSON with finite numbers',
        'a number too large for JSON',
      );
      return { message, field: field.name };
    }
    if (!fitsType(field.type, value)) {
      const message =
        field.type === 'json'
          ? httpMessages.fieldWrongType(
              field.name,
              `JSON nested at most ${MAX_JSON_DEPTH} levels deep`,
              `${describeJsonValue(value)} nested deeper`,
            )
          : httpMessages.fieldWrongType(field.name, EXPECTED[field.type], describeJsonValue(value));
      return { message, field: field.name };
    }
    if (field.autoId === 'integer' && typeof value === 'number' && value >= Number.MAX_SAFE_INTEGER) {
      // The next automatic id (this one + 1) would be past 2^53, where numbers stop being exact.
      const expected = `a whole number below ${Number.MAX_SAFE_INTEGER} (the next automatic id must stay exact)`;
      return { message: httpMessages.fieldWrongType(field.name, expected, String(value)), field: field.name };
    }
  }
  return null;
}

/** Whether every number in a parsed JSON value is finite. Walks without recursion (depth is checked apart). */
function finiteThroughout(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false;
    } else if (item !== null && typeof item === 'object') {
      for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push(child);
    }
  }
  return true;
}

/** The problem's message alone, for callers that report it as text (seed rows, import rows). */
export function checkRecord(schema: SchemaModel, body: unknown, mode: WriteMode): string | null {
  return recordProblem(schema, body, mode)?.message ?? null;
}
