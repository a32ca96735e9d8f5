import { httpMessages } from '../../../shared/src/messages.js';
import { describeJsonValue, EXPECTED, fitsType, MAX_JSON_DEPTH } from '../../../shared/src/field-types.js';
import type { SchemaModel } from './service-model.js';

export type WriteMode = 'create' | 'replace' | 'patch';

/**
 * Checks a request body (or seed row) against a schema. Returns the error message, or null when it fits.
 * Create and replace need every required field (auto ids excepted); patch checks only what is sent.
 */
export function checkRecord(schema: SchemaModel, body: unknown, mode: WriteMode): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return httpMessages.bodyNotObject(describeJsonValue(body));
  }
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!schema.fieldMap.has(key)) {
      return httpMessages.fieldUnknown(
        key,
        schema.name,
        schema.fields.map((f) => f.name),
      );
    }
  }
  for (const field of schema.fields) {
    const value = record[field.name];
    if (value === undefined || value === null) {
      const missing = mode !== 'patch' && field.required && field.autoId === undefined && field.default === undefined;
      if (missing || (value === null && field.required)) return httpMessages.fieldRequired(field.name);
      continue;
    }
    if (!fitsType(field.type, value)) {
      if (field.type === 'json') {
        return httpMessages.fieldWrongType(
          field.name,
          `JSON nested at most ${MAX_JSON_DEPTH} levels deep`,
          `${describeJsonValue(value)} nested deeper`,
        );
      }
      return httpMessages.fieldWrongType(field.name, EXPECTED[field.type], describeJsonValue(value));
    }
  }
  return null;
}
