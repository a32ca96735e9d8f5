/**
 * With `server.graphql` on, every schema, field and relation name becomes a GraphQL name: one that
 * GraphQL cannot spell (`first-name`, `2fa`), or a type name the API already uses, is a config
 * problem at the name, not a failure on the first GraphQL request.
 */
import type { Problem } from '../../../shared/src/problems.js';
import type { ConfigSource } from '../config/source.js';
import type { EndpointModel, SchemaModel } from '../model/service-model.js';
import { GRAPHIQL_FOLDER } from './graphiql-page.js';
import { graphqlNames, isGraphqlName, RESERVED_TYPES } from './names.js';

const spelling = 'GraphQL names are letters, digits and _, not starting with a digit or __';

export function graphqlNameProblems(source: ConfigSource, schemas: ReadonlyMap<string, SchemaModel>): Problem[] {
  const problems: Problem[] = [];
  const at = (path: (string | number)[], message: string): void => {
    problems.push(source.problemAt(path, 'graphqlName', message, 'error', 'key'));
  };
  const generated = new Map<string, string>();
  for (const schema of schemas.values()) {
    const names = graphqlNames(schema.name);
    for (const type of [names.filter, names.input, names.updateInput, names.change]) generated.set(type, schema.name);
  }
  for (const schema of schemas.values()) {
    const path = ['schemas', schema.name];
    if (!isGraphqlName(schema.name))
      at(path, `Schema name '${schema.name}' cannot be a GraphQL type (server.graphql is on): ${spelling}.`);
    else if (RESERVED_TYPES.includes(schema.name))
      at(
        path,
        `Schema name '${schema.name}' is a type the GraphQL API declares itself (server.graphql is on); rename it.`,
      );
    else if (generated.has(schema.name))
      at(
        path,
        `Schema name '${schema.name}' is the name of one of ${generated.get(schema.name)}'s generated GraphQL types (server.graphql is on); rename it.`,
      );
    for (const field of schema.fields)
      if (!isGraphqlName(field.name))
        at(
          [...path, 'properties', field.name],
          `Field name '${field.name}' cannot be a GraphQL field (server.graphql is on): ${spelling}.`,
        );
    for (const relation of schema.expands.values())
      if (!isGraphqlName(relation.name))
        at(
          [...path, 'properties', relation.column],
          `Relation name '${relation.name}' (of ${relation.column}) cannot be a GraphQL field (server.graphql is on): ${spelling}; set \`as:\`.`,
        );
  }
  return problems;
}

/**
 * Endpoints declared at the GraphQL path, or GETs under its GraphiQL folder: the GraphQL endpoint
 * answers there, so they are never reached (a warning at each).
 */
export function graphqlPathProblems(
  source: ConfigSource,
  path: string,
  endpoints: readonly EndpointModel[],
): Problem[] {
  const seen = new Set<number>();
  const problems: Problem[] = [];
  const pageFiles = `${path}${GRAPHIQL_FOLDER}`;
  for (const endpoint of endpoints) {
    if (seen.has(endpoint.entry)) continue;
    const underPage = endpoint.path.startsWith(pageFiles) && endpoint.method === 'GET';
    if (endpoint.path !== path && !underPage) continue;
    seen.add(endpoint.entry);
    problems.push(
      source.problemAt(
        ['endpoints', endpoint.entry],
        'graphqlPathTaken',
        underPage
          ? `${endpoint.method} ${endpoint.path} is never reached: server.graphql serves its GraphiQL page's files under ${pageFiles}.`
          : `${endpoint.method} ${endpoint.path} is never reached: server.graphql answers every request to ${path}.`,
        'warning',
      ),
    );
  }
  return problems;
}
