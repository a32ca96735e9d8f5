/**
 * The list endpoints' query vocabulary (json-server's, plus simple-REST's JSON forms), named once:
 * the engine parses it into a typed query (engine/src/list/list-query.ts) and answers in it (the
 * Link header), the OpenAPI export documents it, and the studio's Try it offers it.
 */
export const LIST_PARAM = {
  /** `_page=2` (from 1) with `_limit=10` (or json-server 1.0's `_per_page`); `_page` alone pages by PAGE_SIZE. */
  page: '_page',
  limit: '_limit',
  perPage: '_per_page',
  /** `_start=20` (from 0) with `_end=30` (exclusive) or `_limit=10`. */
  start: '_start',
  end: '_end',
  /** `_sort=name,-age` (`-` descends) with an optional `_order=asc,desc`. */
  sort: '_sort',
  order: '_order',
  /** A case-insensitive substring of any text, date or JSON field; the first `q` is used. */
  search: 'q',
  /** Related records: `_expand=author` (a reference), `_embed=comments` (the records referencing this one). */
  expand: '_expand',
  embed: '_embed',
  /** `_delay=300`: answer after that many ms (json-server mode, or `server.allowDelayParam`). */
  delay: '_delay',
  /** simple-REST (react-admin): `range=[0,24]` (inclusive), `sort=["name","ASC"]`, `filter={"name":"Ada"}`. */
  range: 'range',
  sortJson: 'sort',
  filter: 'filter',
} as const;

/** The filter suffixes: `age_gte=30`, `name_like=ann`, `status_ne=done`. */
export const FILTER_OPERATORS = ['gte', 'lte', 'gt', 'lt', 'ne', 'like'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The most records one list answers with, however many are asked for. */
export const MAX_LIMIT = 100;

/** Records a page holds when `_page` comes without `_limit` (json-server's default). */
export const PAGE_SIZE = 10;

const ORDERED_TYPES: readonly string[] = ['integer', 'number', 'datetime'];

/**
 * The filter operators worth offering for a field beyond equality: `_ne` for every type, `_like`
 * for text, `_gte`/`_lte`/`_gt`/`_lt` for numbers and dates (`type`: a field type, e.g. `integer`).
 */
export function filterOperatorsFor(type: string): FilterOperator[] {
  if (type === 'string') return ['ne', 'like'];
  if (ORDERED_TYPES.includes(type)) return ['ne', 'gte', 'lte', 'gt', 'lt'];
  return ['ne'];
}
