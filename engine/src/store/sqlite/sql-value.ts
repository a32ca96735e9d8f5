import { storedDateTime } from '../../../../shared/src/field-types.js';
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
    case 'datetime':
      // Stored as UTC to the millisecond, so text order is instant order (README, "Datetimes").
      return typeof value === 'string' ? (storedDateTime(value) ?? wellFormed(value)) : (value as number);
    default:
      return typeof value === 'string' ? wellFormed(value) : (value as number);
  }
}
