/**
 * The GraphQL types of a config's schemas: per schema its object type (fields, then the relations
 * `_expand` and `_embed` name), its filter and its inputs, typed from the field types:
 * integer → Int, number → Float, boolean → Boolean, string → String, datetime → DateTime,
 * json → JSON, and the key (`id`) and references → ID.
 */
import {
  GraphQLBoolean,
  GraphQLFloat,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  GraphQLID,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLScalarType,
  GraphQLString,
} from 'graphql';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import type { QueryValue } from '../list/list-query.js';
import { FILTER_SUFFIXES } from './list-args.js';
import { graphqlNames } from './names.js';
import type { Row } from './related-rows.js';
import type { RequestContext } from './request-context.js';
import { DateTimeScalar, JsonScalar } from './scalars.js';

const SCALARS: Record<FieldModel['type'], GraphQLScalarType> = {
  integer: GraphQLInt,
  number: GraphQLFloat,
  boolean: GraphQLBoolean,
  string: GraphQLString,
  datetime: DateTimeScalar,
  json: JsonScalar,
};

/**
 * The field's scalar: ID for the schema's key and for a reference to a record (as json-graphql-server
 * types its `…_id` fields, so react-admin's string ids fit them), else its type's.
 */
export const scalarOf = (schema: SchemaModel, field: FieldModel): GraphQLScalarType =>
  field === schema.idField || field.references ? GraphQLID : SCALARS[field.type];

/** Fields a create may leave out: the automatic key, optional fields and those with a default. */
const optionalOnCreate = (field: FieldModel): boolean => !field.required || field.default !== undefined;

/** The fields a client writes (all but the automatic key). */
export const writableFields = (schema: SchemaModel): FieldModel[] =>
  schema.fields.filter((f) => f.autoId === undefined);

/** The relations that become fields: those whose name no field of the schema takes. */
export const relationFields = (schema: SchemaModel) =>
  [...schema.expands.values(), ...schema.embeds.values()].filter((r) => !schema.fieldMap.has(r.name));

export interface SchemaTypes {
  object: GraphQLObjectType<Row, RequestContext>;
  filter: GraphQLInputObjectType;
  input: GraphQLInputObjectType;
  updateInput: GraphQLInputObjectType;
  createArgs: GraphQLFieldConfigArgumentMap;
  updateArgs: GraphQLFieldConfigArgumentMap;
}

const ORDERED = new Set<GraphQLScalarType>([GraphQLInt, GraphQLFloat, GraphQLString, DateTimeScalar, GraphQLID]);

function filterFields(schema: SchemaModel): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {
    q: { type: GraphQLString, description: 'Text search over the string and datetime fields (case-insensitive).' },
    ids: { type: new GraphQLList(GraphQLID), description: 'Any of these keys.' },
  };
  for (const field of schema.fields) {
    const type = scalarOf(schema, field);
    fields[field.name] = { type };
    for (const suffix of FILTER_SUFFIXES) {
      if (suffix === 'neq' ? type === GraphQLBoolean : !ORDERED.has(type)) continue;
      fields[`${field.name}_${suffix}`] = { type };
    }
  }
  return fields;
}

/** Builds every schema's types; relations are thunks, so schemas may reference each other in any order. */
export function schemaTypes(schemas: readonly SchemaModel[]): Map<string, SchemaTypes> {
  const types = new Map<string, SchemaTypes>();
  const objectOf = (name: string): GraphQLObjectType<Row, RequestContext> => (types.get(name) as SchemaTypes).object;
  for (const schema of schemas) {
    const names = graphqlNames(schema.name);
    const object = new GraphQLObjectType<Row, RequestContext>({
      name: names.type,
      fields: () => {
        const fields: Record<string, GraphQLFieldConfig<Row, RequestContext>> = {};
        for (const field of schema.fields) {
          const type = scalarOf(schema, field);
          fields[field.name] = { type: field === schema.idField ? new GraphQLNonNull(type) : type };
        }
        for (const relation of relationFields(schema)) {
          const other = objectOf(relation.other.name);
          fields[relation.name] =
            relation.kind === 'expand'
              ? {
                  type: other,
                  description: `The ${relation.other.name} this ${schema.name}'s ${relation.column} names.`,
                  resolve: (row, _args, context) => {
                    const value = row[relation.column];
                    if (value === null || value === undefined) return null;
                    return context.related
                      .where(relation.other, relation.otherColumn, value as QueryValue)
                      .then((rows) => rows[0] ?? null);
                  },
                }
              : {
                  type: new GraphQLList(new GraphQLNonNull(other)),
                  description: `The ${relation.other.name} records whose ${relation.otherColumn} names this ${schema.name}.`,
                  resolve: (row, _args, context) => {
                    const value = row[relation.column];
                    if (value === null || value === undefined) return [];
                    return context.related.where(relation.other, relation.otherColumn, value as QueryValue);
                  },
                };
        }
        return fields;
      },
    });
    const createArgs: GraphQLFieldConfigArgumentMap = {};
    const updateArgs: GraphQLFieldConfigArgumentMap = {};
    const updateFields: GraphQLInputFieldConfigMap = {};
    if (schema.idField) updateArgs[schema.idField.name] = { type: new GraphQLNonNull(GraphQLID) };
    for (const field of writableFields(schema)) {
      const type: GraphQLInputType = scalarOf(schema, field);
      createArgs[field.name] = { type: optionalOnCreate(field) ? type : new GraphQLNonNull(type) };
      updateArgs[field.name] = { type };
      updateFields[field.name] = { type };
    }
    types.set(schema.name, {
      object,
      filter: new GraphQLInputObjectType({ name: names.filter, fields: filterFields(schema) }),
      input: new GraphQLInputObjectType({ name: names.input, fields: { ...createArgs } }),
      updateInput: new GraphQLInputObjectType({ name: names.updateInput, fields: updateFields }),
      createArgs,
      updateArgs,
    });
  }
  return types;
}
