/** One property of a description's schema → a Mockyard field. */
import type { FieldDefinition, FieldObject, FieldType, JsonValue } from '../../../shared/src/config-schema.js';
import { readReference } from './import-relations.js';
import { isObj, mergeAllOf, typeOf } from './schema-walk.js';

/** Whether a value from the description (a default, an example) is a value of the field's type. */
export function fits(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'json':
      return true;
  }
}

/** A value from the description as JSON (undefined becomes null). */
export function toJson(value: unknown): JsonValue {
  return value === undefined
    ? null
    : (JSON.parse(JSON.stringify(value, (_k, v) => (v === undefined ? null : v))) as JsonValue);
}

/** The field type of a property's schema; alternatives (oneOf, anyOf) are stored as json, and said so. */
export function fieldTypeOf(property: unknown): { type: FieldType; alternatives?: 'oneOf' | 'anyOf' } {
  if (!isObj(property)) return { type: 'json' };
  const merged = mergeAllOf(property);
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(merged[key])) return { type: 'json', alternatives: key };
  switch (typeOf(merged)) {
    case 'integer':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: merged.format === 'date-time' ? 'datetime' : 'string' };
    default:
      return { type: 'json' };
  }
}

/** A property as a field definition: the bare type, or an object with what else it declares. */
export function fieldDefinition(type: FieldType, property: unknown, required: boolean): FieldDefinition {
  const options: FieldObject = { type };
  if (required) options.required = true;
  if (isObj(property)) {
    // A Mockyard export marks unique fields (a reference to one needs it to be unique again); its
    // auto-assigned key is marked too, and read-only, and is a key again without saying so.
    const auto = property.readOnly === true || property['x-mockyard-auto'] === true;
    if (property['x-mockyard-unique'] === true && !auto && type !== 'json') options.unique = true;
    if (property.default !== undefined && fits(type, property.default)) options.default = toJson(property.default);
    if (typeof property.description === 'string' && property.description.trim())
      options.description = property.description.trim();
    readReference(property, options);
  }
  return Object.keys(options).length === 1 ? type : options;
}
