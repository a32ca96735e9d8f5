/**
 * A list field's arguments (`page`, `perPage`, `sortField`, `sortOrder`, `filter`) as the REST list's
 * query parameters, parsed by the same parser (list/list-query.ts): the filters mean what they mean
 * over REST, and the store renders one kind of query. `_neq` is REST's `_ne`, `ids` the key's "any of".
 */
import { LIST_PARAM, MAX_LIMIT } from '../../../shared/src/list-dialect.js';
import type { SchemaModel } from '../model/service-model.js';
import { type ListQuery, parseListQuery } from '../list/list-query.js';

export interface ListArgs {
  page?: number | null;
  perPage?: number | null;
  sortField?: string | null;
  sortOrder?: string | null;
  filter?: Record<string, unknown> | null;
}

/** The comparisons a filter field may end with; `_neq` is json-graphql-server's name for REST's `_ne`. */
export const FILTER_SUFFIXES = ['lt', 'lte', 'gt', 'gte', 'neq'] as const;

/** A filter value as query-parameter text, as the field's type reads it (field-text.ts). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The REST query parameters a GraphQL list's arguments stand for. */
export function listParams(schema: SchemaModel, args: ListArgs, window: 'page' | 'count'): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args.filter ?? {})) {
    if (value === undefined || value === null) continue;
    if (name === 'ids') {
      const key = schema.idField?.name ?? 'id';
      const ids = Array.isArray(value) ? value : [value];
      // An empty `ids` matches nothing, as simple-REST's `filter={"id":[]}` does.
      params.set(LIST_PARAM.filter, JSON.stringify({ [key]: ids.map(asText) }));
      continue;
    }
    params.append(name.endsWith('_neq') ? `${name.slice(0, -4)}_ne` : name, asText(value));
  }
  if (window === 'count') {
    // Only the total is wanted: the smallest page, whose count the store gives with it.
    params.set(LIST_PARAM.start, '0');
    params.set(LIST_PARAM.limit, '1');
    return params;
  }
  if (args.sortField) {
    params.set(LIST_PARAM.sort, args.sortField);
    params.set(LIST_PARAM.order, (args.sortOrder ?? 'asc').toLowerCase());
  }
  // json-graphql-server counts pages from 0 (ra-data-graphql-simple sends page - 1); without a page, the first rows.
  const perPage = args.perPage ?? (args.page === undefined || args.page === null ? MAX_LIMIT : 25);
  const page = args.page ?? 0;
  params.set(LIST_PARAM.start, String(Math.max(0, page) * Math.max(0, perPage)));
  params.set(LIST_PARAM.limit, String(perPage));
  return params;
}

/** The store's query for a list field's arguments. */
export const listQueryOf = (schema: SchemaModel, args: ListArgs, window: 'page' | 'count' = 'page'): ListQuery =>
  parseListQuery(schema, listParams(schema, args, window), []);
