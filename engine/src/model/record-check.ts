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
    // An auto-assigned key of type number is still an integer key (SQLite's rowid): 1.5 cannot be one.
    if (field.autoId === 'integer' && typeof value === 'number' && !Number.isSafeInteger(value))
      return {
        message: httpMessages.fieldWrongType(field.name, EXPECTED.integer, describeJsonValue(value)),
        field: field.name,
      };
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
  }
  return null;
}

/** The problem's message alone, for callers that report it as text (seed rows, import rows). */
export function checkRecord(schema: SchemaModel, body: unknown, mode: WriteMode): string | null {
  return recordProblem(schema, body, mode)?.message ?? null;
}
