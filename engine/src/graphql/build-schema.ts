/**
 * The GraphQL schema of a config version, with json-graphql-server's operations per schema (names.ts).
 * Every resolver calls the version's record service, as the REST endpoints do: the same list
 * queries, the same integrity rules and change feed.
 * @example graphql({ schema: buildGraphqlSchema(model), source: '{ allPosts { id } }', contextValue })
 */
import {
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { DomainError } from '../domain-error.js';
import type { SchemaModel, ServiceModel } from '../model/service-model.js';
import type { RecordKey, SchemaRecords } from '../records/schema-records.js';
import { after } from '../store/store.js';
import { listNoteText } from '../list/list-query.js';
import { type ListArgs, listQueryOf } from './list-args.js';
import { graphqlNames } from './names.js';
import type { Row } from './related-rows.js';
import type { RequestContext } from './request-context.js';
import { type SchemaTypes, schemaTypes } from './schema-types.js';
import { subscriptionFields } from './subscriptions.js';

// biome-ignore lint/suspicious/noExplicitAny: each resolver declares its own arguments; graphql-js types a map of them as any.
type Field = GraphQLFieldConfig<unknown, RequestContext, any>;

const ListMetadata = new GraphQLObjectType({ name: 'ListMetadata', fields: { count: { type: GraphQLInt } } });
const BulkResult = new GraphQLObjectType({
  name: 'BulkResult',
  description: 'The keys of the records a bulk update or delete changed.',
  fields: { ids: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLID))) } },
});

const parsed = (json: string): Row => JSON.parse(json) as Row;

// The resolvers answer as the store does (`after`): at once on SQLite, so that graphql-js runs a
// query to its end with no promise for each field and object, and with a promise on PostgreSQL.

function recordsOf(context: RequestContext, schema: SchemaModel): SchemaRecords {
  const records = context.records.of(schema.name);
  if (!records) throw new DomainError('not_found', `No ${schema.name} records in the live config.`);
  return records;
}

/**
 * The key of a schema's record by its id. One columns array for all of them: the SQLite store finds
 * its prepared lookup by the array's identity, where a new array would build and hash its SQL again.
 */
function keyOfField(idField: { name: string }): (id: unknown) => RecordKey {
  const columns = [idField.name];
  return (id) => ({ columns, values: [String(id)] });
}

const missing = (schema: SchemaModel, id: unknown): DomainError =>
  new DomainError('not_found', `No ${schema.name} with ${schema.idField?.name ?? 'id'} ${String(id)}.`);

/**
 * The body of a write: the arguments given, without the key. A reference is an ID, which GraphQL
 * hands over as text: a numeric one is the number its field stores (`authorId: "2"` → 2).
 */
function bodyOf(schema: SchemaModel, args: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (name === schema.idField?.name) continue;
    const field = schema.fieldMap.get(name);
    const numeric = field?.references && (field.type === 'integer' || field.type === 'number');
    body[name] =
      numeric && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : value;
  }
  return body;
}

const listArgs = (types: SchemaTypes) => ({
  page: { type: GraphQLInt },
  perPage: { type: GraphQLInt },
  sortField: { type: GraphQLString },
  sortOrder: { type: GraphQLString },
  filter: { type: types.filter },
});

function queries(schema: SchemaModel, types: SchemaTypes): GraphQLFieldConfigMap<unknown, RequestContext> {
  const names = graphqlNames(schema.name);
  const fields: Record<string, Field> = {};
  const keyOf = schema.idField ? keyOfField(schema.idField) : undefined;
  if (keyOf)
    fields[names.one] = {
      type: types.object,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: (_root, { id }: { id: string }, context) =>
        after(recordsOf(context, schema).get(keyOf(id)), (json) => (json === undefined ? null : parsed(json))),
    };
  fields[names.all] = {
    type: new GraphQLList(types.object),
    args: listArgs(types),
    resolve: (_root, args: ListArgs, context) => {
      const query = listQueryOf(schema, args);
      for (const note of query.notes) context.notes.push(`GraphQL ${names.all}: ${listNoteText(schema, note)}`);
      // Only the rows are asked for here: a known total spares the store its count (that is _allMeta's).
      return after(recordsOf(context, schema).list(query, 0), (page) => JSON.parse(page.body) as Row[]);
    },
  };
  const { sortField: _s, sortOrder: _o, ...metaArgs } = listArgs(types);
  fields[names.meta] = {
    type: ListMetadata,
    args: metaArgs,
    resolve: (_root, args: ListArgs, context) =>
      after(recordsOf(context, schema).list(listQueryOf(schema, args, 'count')), (page) => ({ count: page.total })),
  };
  return fields;
}

function mutations(schema: SchemaModel, types: SchemaTypes): GraphQLFieldConfigMap<unknown, RequestContext> {
  const names = graphqlNames(schema.name);
  const fields: Record<string, Field> = {
    [names.create]: {
      type: types.object,
      args: types.createArgs,
      resolve: (_root, args: Record<string, unknown>, context) =>
        after(recordsOf(context, schema).create(bodyOf(schema, args)), (created) => parsed(created.json)),
    },
    [names.createMany]: {
      type: new GraphQLList(types.object),
      args: { data: { type: new GraphQLList(new GraphQLNonNull(types.input)) } },
      resolve: (_root, { data }: { data?: Record<string, unknown>[] | null }, context) =>
        after(recordsOf(context, schema).createMany((data ?? []).map((row) => bodyOf(schema, row))), (rows) =>
          rows.map(parsed),
        ),
    },
  };
  const idField = schema.idField;
  if (!idField) return fields;
  const keyOf = keyOfField(idField);
  const removal: Field = {
    type: types.object,
    args: { id: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: (_root, { id }: { id: string }, context) =>
      after(recordsOf(context, schema).delete(keyOf(id)), (json) => {
        if (json === undefined) throw missing(schema, id);
        return parsed(json);
      }),
  };
  const ids = { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLID))) };
  const keysOf = (rows: readonly string[]) => rows.map((row) => parsed(row)[idField.name]);
  Object.assign(fields, {
    [names.update]: {
      type: types.object,
      args: types.updateArgs,
      resolve: (_root: unknown, args: Record<string, unknown>, context: RequestContext) => {
        const id = args[idField.name];
        return after(recordsOf(context, schema).update(keyOf(id), bodyOf(schema, args), 'patch'), (json) => {
          if (json === undefined) throw missing(schema, id);
          return parsed(json);
        });
      },
    },
    [names.delete]: removal,
    [names.remove]: removal,
    [names.updateMany]: {
      type: BulkResult,
      args: { ids, data: { type: new GraphQLNonNull(types.updateInput) } },
      resolve: (_root: unknown, args: { ids: string[]; data: Record<string, unknown> }, context: RequestContext) =>
        after(recordsOf(context, schema).updateMany(idField.name, args.ids, bodyOf(schema, args.data)), (rows) => ({
          ids: keysOf(rows),
        })),
    },
    [names.deleteMany]: {
      type: BulkResult,
      args: { ids },
      resolve: (_root: unknown, args: { ids: string[] }, context: RequestContext) =>
        after(recordsOf(context, schema).deleteMany(idField.name, args.ids), (rows) => ({ ids: keysOf(rows) })),
    },
  });
  return fields;
}

/** The schema of a config version: its types, queries, mutations and subscriptions (none when it has no schemas). */
export function buildGraphqlSchema(model: ServiceModel): GraphQLSchema {
  const schemas = [...model.schemas.values()];
  const types = schemaTypes(schemas);
  const query: GraphQLFieldConfigMap<unknown, RequestContext> = {};
  const mutation: GraphQLFieldConfigMap<unknown, RequestContext> = {};
  for (const schema of schemas) {
    const own = types.get(schema.name) as SchemaTypes;
    Object.assign(query, queries(schema, own));
    Object.assign(mutation, mutations(schema, own));
  }
  if (schemas.length === 0)
    query._empty = { type: GraphQLString, description: 'The config declares no schemas yet.', resolve: () => null };
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    ...(schemas.length > 0
      ? {
          mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
          subscription: new GraphQLObjectType({
            name: 'Subscription',
            fields: subscriptionFields(schemas, (schema) => types.get(schema.name) as SchemaTypes),
          }),
        }
      : {}),
  });
}
