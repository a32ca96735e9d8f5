/**
 * Relations in the OpenAPI export: a referencing field says what it references (in words, and as
 * `x-mockyard-references`, which the import reads back), GET operations declare `_expand` and
 * `_embed` with the relation names they take, and their answers describe the added records.
 */
import { LIST_PARAM } from '../../../shared/src/list-dialect.js';
import { expandName } from '../config/compile-relations.js';
import type { FieldModel, ReferenceModel, SchemaModel } from '../model/service-model.js';
import type { Obj } from './schema-walk.js';

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });

/** The words a referencing field gets when the config gives it no description (the import drops them again). */
export const referenceNote = (reference: Pick<ReferenceModel, 'schema' | 'field' | 'as'>): string =>
  `The ${reference.field} of a ${reference.schema}; \`_expand=${reference.as}\` adds that record.`;

/** Adds what a referencing field references to its property (the component schema's). */
export function describeReference(field: FieldModel, referenced: SchemaModel | undefined, property: Obj): void {
  const reference = field.references;
  if (!reference) return;
  const byKey = referenced?.idField?.name === reference.field;
  property['x-mockyard-references'] = byKey ? reference.schema : `${reference.schema}.${reference.field}`;
  if (reference.as !== expandName(field.name, reference.field)) property['x-mockyard-as'] = reference.as;
  if (reference.onDelete) property['x-mockyard-on-delete'] = reference.onDelete;
  if (property.description === undefined) property.description = referenceNote(reference);
}

const names = (relations: ReadonlyMap<string, unknown>): string[] => [...relations.keys()];

/** `_expand` and `_embed` of a GET (list or item), with the names this schema knows; none when it has none. */
export function relationParameters(schema: SchemaModel): Obj[] {
  const params: Obj[] = [];
  const param = (name: string, known: string[], what: string): Obj => ({
    name,
    in: 'query',
    description: `${what} Repeat the parameter or separate names with commas; one level is followed.`,
    style: 'form',
    explode: false,
    schema: { type: 'array', items: { type: 'string', enum: known } },
  });
  if (schema.expands.size > 0)
    params.push(
      param(
        LIST_PARAM.expand,
        names(schema.expands),
        `Adds the record a reference names, under the relation's name (null when there is none): ${[
          ...schema.expands.values(),
        ]
          .map((r) => `\`${r.name}\` (the ${r.other.name} of \`${r.column}\`)`)
          .join(', ')}.`,
      ),
    );
  if (schema.embeds.size > 0)
    params.push(
      param(
        LIST_PARAM.embed,
        names(schema.embeds),
        `Adds the records that reference this one, as an array: ${[...schema.embeds.values()]
          .map((r) => `\`${r.name}\` (the ${r.other.name} records whose \`${r.otherColumn}\` is its \`${r.column}\`)`)
          .join(', ')}.`,
      ),
    );
  return params;
}

/**
 * A record of `schema` as a GET answers it: the component (`component`, its schema object), plus
 * the properties `_expand` and `_embed` add when asked. Written out rather than `allOf`, since the
 * component allows no other property; the component itself stays the stored record, so an import
 * sees the same table.
 */
export function recordWithRelations(schema: SchemaModel, component: Obj): Obj {
  if (schema.expands.size === 0 && schema.embeds.size === 0) return ref(schema.name);
  const properties: Obj = { ...(component.properties as Obj) };
  for (const r of schema.expands.values())
    properties[r.name] = {
      description: `With \`_expand=${r.name}\`: the ${r.other.name} that \`${r.column}\` names, or null.`,
      anyOf: [ref(r.other.name), { type: 'null' }],
    };
  for (const r of schema.embeds.values())
    properties[r.name] = {
      description: `With \`_embed=${r.name}\`: the ${r.other.name} records whose \`${r.otherColumn}\` is this record's \`${r.column}\`.`,
      type: 'array',
      items: ref(r.other.name),
    };
  const { description: _description, ...rest } = component;
  return { ...rest, properties };
}
