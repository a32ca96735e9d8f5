/** Fields and schemas as OpenAPI 3.1 (JSON Schema 2020-12): the component schema of each stored record. */
import type { FieldModel, SchemaModel, ServiceModel } from '../model/service-model.js';
import { describeReference } from './export-relations.js';
import type { Obj } from './schema-walk.js';

/** The JSON types a `json` field takes when it must have a value (`null` is no value). */
const JSON_VALUE_TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean'];

/**
 * A field's value as a schema. `nullable`: the field is optional, so it may have no value, which
 * answers (and requests) write as `null` (see the README's "Optional fields").
 */
export function fieldSchema(field: Pick<FieldModel, 'type' | 'default'>, nullable = false): Obj {
  const schema: Obj = {};
  const type = (name: string): string | string[] => (nullable ? [name, 'null'] : name);
  switch (field.type) {
    case 'datetime':
      Object.assign(schema, { type: type('string'), format: 'date-time' });
      break;
    case 'json':
      if (!nullable) schema.type = JSON_VALUE_TYPES;
      break;
    case 'integer':
      // The server refuses integers past the safe range (they would not survive a JSON round trip).
      Object.assign(schema, {
        type: type('integer'),
        minimum: Number.MIN_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      });
      break;
    default:
      schema.type = type(field.type);
  }
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

/** A field that may be `null`: neither required nor the server-assigned key. */
export const isNullable = (field: FieldModel): boolean => !field.required && field.autoId === undefined;

export function componentSchema(
  schema: SchemaModel,
  descriptions: Map<string, string | undefined>,
  schemas: ServiceModel['schemas'],
): Obj {
  const properties: Obj = {};
  for (const field of schema.fields) {
    // An auto-assigned key declared `number` holds integers only.
    const property = fieldSchema(field.autoId === 'integer' ? { ...field, type: 'integer' } : field, isNullable(field));
    const description = descriptions.get(`${schema.name}.${field.name}`);
    if (description) property.description = description;
    if (field.unique) property['x-mockyard-unique'] = true;
    // Not readOnly: a create may give its own id; without one the server assigns it.
    if (field.autoId) property['x-mockyard-auto'] = true;
    if (field.references) describeReference(field, schemas.get(field.references.schema), property);
    properties[field.name] = property;
  }
  // The server answers 400 to a field the schema does not declare.
  const out: Obj = { type: 'object', properties, additionalProperties: false };
  const description = descriptions.get(schema.name);
  if (description) out.description = description;
  const required = schema.fields.filter((f) => f.required).map((f) => f.name);
  if (required.length > 0) out.required = required;
  return out;
}
