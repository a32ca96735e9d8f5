import { type Config, FieldSchema, type FieldDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import { describeJsonValue, EXPECTED, fitsType } from '../../../shared/src/field-types.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import { tableNameFor } from '../model/table-name.js';
import { compileRelations, type DeclaredReference } from './compile-relations.js';
import { checkRenames, schemaRename } from './compile-renames.js';
import type { ConfigSource } from './source.js';

/**
 * Names every JavaScript object already has (`__proto__`, `constructor`, `toString`…): a field of
 * that name would read the inherited one from any record that does not set it, so they are refused.
 */
const OBJECT_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

const SCHEMA_NAME = /^[A-Za-z][A-Za-z0-9]*$/;
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function fieldModel(name: string, definition: FieldDefinition): FieldModel {
  const spec = typeof definition === 'string' ? { type: definition } : definition;
  const autoId =
    name === 'id'
      ? spec.type === 'string'
        ? 'uuid'
        : spec.type === 'number' || spec.type === 'integer'
          ? 'integer'
          : undefined
      : undefined;
  return {
    name,
    type: spec.type,
    required: 'required' in spec ? spec.required === true : false,
    unique: ('unique' in spec ? spec.unique === true : false) || autoId !== undefined,
    default: 'default' in spec ? spec.default : undefined,
    autoId,
  };
}

/**
 * Names already reported as broken: `User` for a schema left out, `User.email` for a field left out.
 * Later checks (endpoints, seed) stay quiet about them instead of repeating the error in other words.
 */
export type BrokenNames = Set<string>;

/**
 * Builds every well-formed schema; problems go to `problems`, broken schemas are left out and named in `broken`.
 * `checked` is the section as the structure check parsed it, when the whole document fits: its fields are not parsed again.
 */
export function compileSchemas(
  source: ConfigSource,
  raw: unknown,
  problems: Problem[],
  broken: BrokenNames = new Set(),
  checked?: Config['schemas'],
): Map<string, SchemaModel> {
  const schemas = new Map<string, SchemaModel>();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return schemas;
  const tables = new Map<string, string>();
  const declared: DeclaredReference[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const at = ['schemas', name];
    if (!SCHEMA_NAME.test(name)) {
      problems.push(source.problemAt(at, 'invalidSchemaName', messages.invalidSchemaName(name), 'error', 'key'));
      broken.add(name);
      continue;
    }
    if (!/^[A-Z]/.test(name)) {
      const suggestion = name.charAt(0).toUpperCase() + name.slice(1);
      problems.push(
        source.problemAt(
          at,
          'schemaNameNotCapitalised',
          messages.schemaNameNotCapitalised(name, suggestion),
          'warning',
          'key',
        ),
      );
    }
    // Fields are built one by one, so one bad field does not hide the schema from its endpoints.
    const properties = (value as { properties?: unknown } | null)?.properties;
    if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
      broken.add(name); // a missing or malformed `properties` is reported by the structure check
      continue;
    }
    const entries = Object.entries(properties);
    const fields: FieldModel[] = [];
    for (const [fieldName, raw] of entries) {
      const fieldAt = [...at, 'properties', fieldName];
      const parsedField = checked ? undefined : FieldSchema.safeParse(raw);
      if (parsedField && !parsedField.success) {
        broken.add(`${name}.${fieldName}`); // reported by the structure check
        continue;
      }
      const definition = parsedField ? parsedField.data : (checked?.[name]?.properties[fieldName] as FieldDefinition);
      if (!FIELD_NAME.test(fieldName) || OBJECT_NAMES.has(fieldName)) {
        const message = FIELD_NAME.test(fieldName)
          ? messages.reservedFieldName(name, fieldName)
          : messages.invalidFieldName(name, fieldName);
        problems.push(source.problemAt(fieldAt, 'invalidFieldName', message, 'error', 'key'));
        broken.add(`${name}.${fieldName}`);
        continue;
      }
      const field = fieldModel(fieldName, definition);
      if (typeof definition !== 'string' && definition.renamedFrom !== undefined)
        field.renamedFrom = {
          from: definition.renamedFrom,
          range: source.rangeOf([...fieldAt, 'renamedFrom'], 'value'),
        };
      if (field.default !== undefined && field.default !== null && !fitsType(field.type, field.default)) {
        const problem = `must be ${EXPECTED[field.type]}, not ${describeJsonValue(field.default)}`;
        problems.push(
          source.problemAt(
            [...fieldAt, 'default'],
            'defaultWrongType',
            messages.defaultWrongType(`${name}.${fieldName}`, problem),
          ),
        );
      }
      fields.push(field);
      if (typeof definition !== 'string') declared.push({ schema: name, field, definition, at: fieldAt });
    }
    if (entries.length === 0) {
      problems.push(source.problemAt(at, 'noProperties', messages.noProperties(name), 'error', 'key'));
      broken.add(name);
      continue;
    }
    const table = tableNameFor(name);
    const other = tables.get(table);
    if (other !== undefined) {
      problems.push(
        source.problemAt(at, 'tableCollision', messages.tableCollision(name, other, table), 'error', 'key'),
      );
      broken.add(name);
      continue;
    }
    tables.set(table, name);
    schemas.set(name, {
      name,
      table,
      fields,
      fieldMap: new Map(fields.map((f) => [f.name, f])),
      idField: fields.find((f) => f.autoId !== undefined),
      lookupColumns: new Set(),
      range: source.rangeOf(at, 'key'),
      expands: new Map(),
      embeds: new Map(),
      ...schemaRename(source, at, value),
    });
  }
  checkRenames(source, schemas, problems);
  compileRelations(source, schemas, declared, problems, broken);
  return schemas;
}
