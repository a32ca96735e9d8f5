/**
 * Relations back from a Mockyard export: a property's `x-mockyard-references` (with `x-mockyard-as`
 * and `x-mockyard-on-delete`) becomes the field's `references:`, and the words the export wrote for
 * it (export-relations.ts referenceNote) are not kept as its description.
 */
import { type FieldObject, ON_DELETE, type SchemaDefinition } from '../../../shared/src/config-schema.js';
import { isObj, type Obj } from './schema-walk.js';

const NOTE = /^The \S+ of a \S+; `_expand=\S+` adds that record\.$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/** Adds a property's relation to the field's options; drops the export's own note from its description. */
export function readReference(property: Obj, options: FieldObject): void {
  const references = property['x-mockyard-references'];
  if (typeof references !== 'string' || !NAME.test(references)) return;
  options.references = references;
  const as = property['x-mockyard-as'];
  if (typeof as === 'string' && as !== '') options.as = as;
  const onDelete = ON_DELETE.find((d) => d === property['x-mockyard-on-delete']);
  if (onDelete) options.onDelete = onDelete;
  if (options.description !== undefined && NOTE.test(options.description)) delete options.description;
}

/**
 * References name the schemas as the description did; a schema renamed on the way in (a name the
 * config cannot take) is referenced by its new name, and a reference to a schema that was not
 * imported is dropped with its options (the config would refuse it).
 */
export function renameReferences(
  schemas: Record<string, SchemaDefinition>,
  renamed: ReadonlyMap<string, string>,
): void {
  for (const definition of Object.values(schemas))
    for (const [name, field] of Object.entries(definition.properties)) {
      if (!isObj(field) || typeof field.references !== 'string') continue;
      const [schema, key] = field.references.split('.');
      const target = renamed.get(schema as string) ?? schema;
      if (target === undefined || !schemas[target]) {
        const { references: _r, as: _a, onDelete: _d, ...rest } = field as FieldObject;
        definition.properties[name] = Object.keys(rest).length === 1 ? rest.type : rest;
      } else field.references = key ? `${target}.${key}` : target;
    }
}
