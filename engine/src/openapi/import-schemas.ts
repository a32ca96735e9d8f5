/** The object schemas of a description (components.schemas, or Swagger 2's definitions) → Mockyard schemas. */
import type { FieldType, JsonValue, SchemaDefinition } from '../../../shared/src/config-schema.js';
import { tableNameFor } from '../../../shared/src/table-name.js';
import type { Rename, Skipped } from './convert.js';
import { fieldDefinition, fieldTypeOf, fits, toJson } from './import-fields.js';
import { fieldNameFor, schemaNameFor } from './import-names.js';
import { renameReferences } from './import-relations.js';
import { isObj, mergeAllOf, type Obj, pointer, sampleOf, typeOf } from './schema-walk.js';

/** A schema carried over: its name in the config, its merged description and its fields. */
export interface SchemaInfo {
  name: string;
  merged: Obj;
  fields: Map<string, FieldType>;
  /** Description property name → field name. */
  fieldOf: Map<string, string>;
}

/**
 * Every object schema with properties becomes a schema (its name PascalCase singular, unique, and
 * its table name unique too); the others are reported and left to be used as values where they are
 * referenced. References between the carried-over schemas are renamed along. `byObject` finds a
 * schema's info from the description's object (dereferenced, so a `$ref` is the same object).
 */
export function convertSchemas(
  api: Obj,
  swagger2: boolean,
  renames: Rename[],
  skipped: Skipped[],
): { schemas: Record<string, SchemaDefinition>; byObject: Map<unknown, SchemaInfo> } {
  const componentsKey = swagger2 ? ['definitions'] : ['components', 'schemas'];
  const components = swagger2 ? api.definitions : isObj(api.components) ? api.components.schemas : undefined;
  const byObject = new Map<unknown, SchemaInfo>();
  const schemas: Record<string, SchemaDefinition> = {};
  const taken = new Set<string>();
  const tables = new Set<string>();
  const named = new Map<string, string>();
  for (const [rawName, raw] of Object.entries(isObj(components) ? components : {})) {
    const at = pointer(...componentsKey, rawName);
    // The error shape a Mockyard export adds is the engine's own, not a table.
    if (!isObj(raw) || raw['x-mockyard-error'] === true) continue;
    const merged = mergeAllOf(raw);
    for (const key of ['oneOf', 'anyOf'] as const)
      if (Array.isArray(merged[key]))
        skipped.push({ pointer: `${at}/${key}`, reason: `${key}: alternatives are not carried over` });
    const properties = isObj(merged.properties) ? merged.properties : undefined;
    if (typeOf(merged) !== 'object' || !properties || Object.keys(properties).length === 0) {
      skipped.push({
        pointer: at,
        reason: `not an object with properties (${typeOf(merged) ?? 'no type'}): no table; used as a value where referenced`,
      });
      continue;
    }
    let name = schemaNameFor(rawName);
    for (let n = 2; taken.has(name) || tables.has(tableNameFor(name)); n++) name = `${schemaNameFor(rawName)}${n}`;
    taken.add(name);
    tables.add(tableNameFor(name));
    if (name !== rawName) renames.push({ pointer: at, from: rawName, to: name });
    const info: SchemaInfo = { name, merged, fields: new Map(), fieldOf: new Map() };
    const definition: SchemaDefinition = { properties: {} };
    if (typeof merged.description === 'string' && merged.description.trim())
      definition.description = merged.description.trim();
    const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
    for (const [rawField, property] of Object.entries(properties)) {
      let field = fieldNameFor(rawField);
      for (let n = 2; info.fields.has(field); n++) field = `${fieldNameFor(rawField)}_${n}`;
      if (field !== rawField) renames.push({ pointer: `${at}/properties/${rawField}`, from: rawField, to: field });
      const fieldAt = `${at}/properties/${rawField}`;
      const { type, alternatives } = fieldTypeOf(property);
      if (alternatives)
        skipped.push({ pointer: `${fieldAt}/${alternatives}`, reason: `${alternatives}: stored as json` });
      info.fields.set(field, type);
      info.fieldOf.set(rawField, field);
      // A field the server makes (readOnly) is in every answer but never sent: a create cannot require it.
      const readOnly = isObj(property) && mergeAllOf(property).readOnly === true;
      definition.properties[field] = fieldDefinition(
        type,
        property,
        field !== 'id' && required.has(rawField) && !readOnly,
      );
    }
    schemas[name] = definition;
    named.set(rawName, name);
    byObject.set(raw, info);
    byObject.set(merged, info);
  }
  renameReferences(schemas, named);
  return { schemas, byObject };
}

/** A seed row made from the schema's sample (its examples and defaults): the fields whose sample fits their type. */
export function sampleRow(info: SchemaInfo): Record<string, JsonValue> | undefined {
  const sample = sampleOf(info.merged);
  if (!isObj(sample)) return undefined;
  const row: Record<string, JsonValue> = {};
  for (const [rawField, value] of Object.entries(sample)) {
    const field = info.fieldOf.get(rawField);
    const type = field ? info.fields.get(field) : undefined;
    if (!field || !type || value === null || value === undefined) continue;
    if (fits(type, value)) row[field] = toJson(value);
  }
  return row;
}
