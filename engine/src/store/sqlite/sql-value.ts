import type { FieldModel } from '../../model/service-model.js';
import { wellFormed } from '../key-values.js';

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
