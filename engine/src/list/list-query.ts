import { fromText, TEXT_FORM } from '../../../shared/src/field-text.js';
import { storedDateTime } from '../../../shared/src/field-types.js';
import { FILTER_OPERATORS, type FilterOperator, LIST_PARAM } from '../../../shared/src/list-dialect.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import type { FieldModel, RelationModel, SchemaModel } from '../model/service-model.js';
import { jsonParam } from './json-param.js';
import { fieldPath, plainPath } from './json-path.js';
import { pathValue } from '../store/key-values.js';
import { regexpProblem } from '../store/like-regexp.js';
import { parseRelations } from './list-relations.js';
import { jsonSortKeys, sortKeys } from './list-sort.js';
import { pageOf } from './list-window.js';

type Operator = FilterOperator;
const SUFFIX = new RegExp(`^(.+)_(${FILTER_OPERATORS.join('|')})$`);
const { sort: SORT, order: ORDER, search: SEARCH } = LIST_PARAM;
const RESERVED = new Set<string>([
  SORT,
  ORDER,
  LIST_PARAM.page,
  LIST_PARAM.limit,
  LIST_PARAM.perPage,
  LIST_PARAM.delay,
  LIST_PARAM.start,
  LIST_PARAM.end,
  SEARCH,
]);

/** A filter value as the field's type reads it: a JSON field's value is its JSON text. */
export type QueryValue = string | number | boolean;

/**
 * One condition of a list, described without SQL; every store renders it the same way:
 * - `equals` (`=`, or IN for several values; none matches nothing); `negate` for `_ne`: one value keeps null values
 *   (SQL's IS NOT / IS DISTINCT FROM), several are NOT IN (which, as SQL has it, drops nulls).
 *   `asText` binds the value as text (a path parameter), which the column's type converts as it
 *   does for a key.
 * - `compare`: `_lt`, `_lte`, `_gt`, `_gte`.
 * - `contains`: `_like` and `q`, a case-insensitive (ASCII) substring match in any of `columns`
 *   (none: matches nothing).
 * - `matches`: json-server mode's `_like`, a case-insensitive regular expression (run by RE2, so in linear time).
 * - `any`: one of `conditions` holds (repeated `_like` values); none matches nothing.
 * - `all`: every one of `conditions` holds.
 * - `path`: on the value at `path` inside the json field `column`, read as text as json-server reads it
 *   (`true`, `1`, `dewey`): `eq` one of `values` (IN), `ne` none of them (a row without the path is
 *   left out, as json-server does), `matches` / `contains` as above (one value).
 * - `jsonValues`: json-server mode's `q` in the json field `column`: a string value inside it that
 *   contains `text` (case-insensitive, ASCII), a number whose text does (zero never), or true when
 *   `true` does: the values only, never the keys, as json-server's deepQuery reads them.
 * - `pathCompare`: `_lt`, `_lte`, `_gt`, `_gte` on the value at `path` inside the json field `column`,
 *   as json-server's `<=` / `>=` compare it: a number by number (when `number`, the text read as one,
 *   is given), a string by text (byte order); any other value, or none, never matches.
 */
export type Condition =
  | { kind: 'equals'; column: string; values: QueryValue[]; negate: boolean; asText?: boolean }
  | { kind: 'compare'; column: string; op: '<' | '<=' | '>' | '>='; value: QueryValue }
  | { kind: 'contains'; columns: string[]; text: string }
  | { kind: 'jsonValues'; column: string; text: string }
  | { kind: 'matches'; column: string; pattern: string }
  | { kind: 'any'; conditions: Condition[] }
  | { kind: 'all'; conditions: Condition[] }
  | {
      kind: 'path';
      column: string;
      path: readonly string[];
      op: 'eq' | 'ne' | 'matches' | 'contains';
      values: string[];
    }
  | {
      kind: 'pathCompare';
      column: string;
      path: readonly string[];
      op: '<' | '<=' | '>' | '>=';
      text: string;
      number?: number;
    };

/**
 * Something the list query passed over, for the caller to word: the request log says it in one
 * sentence (listNoteText), the studio's filter box in its own terms.
 * - `unknown_param`: a parameter that is no field and no list parameter (a typo such as `nmae`).
 * - `no_text_fields`: `q` on a schema without text, date or JSON fields (it matches nothing).
 * - `limit_capped`: more rows asked for than MAX_LIMIT; `asked` by `what` (`_limit`, `range of`, `_end - _start of`).
 */
export type ListNote =
  | { kind: 'unknown_param'; param: string }
  | { kind: 'no_text_fields' }
  | { kind: 'limit_capped'; what: string; asked: number; max: number };

/** A note as the request log shows it, e.g. "ignored query parameter 'nmae' (not a field of User)". */
export function listNoteText(schema: SchemaModel, note: ListNote): string {
  switch (note.kind) {
    case 'unknown_param':
      return `ignored query parameter '${note.param}' (not a field of ${schema.name})`;
    case 'no_text_fields':
      return `q matches nothing: ${schema.name} has no text fields`;
    case 'limit_capped':
      return `${note.what} ${note.asked} capped at ${note.max}`;
  }
}

export interface SortKey {
  column: string;
  descending: boolean;
  /** A path inside the json field `column` (`_sort=resource.name`): rows sort by the value there. */
  path?: readonly string[];
}

/**
 * How the client named the rows it wants, so Link and Content-Range answer in its terms: json-server's
 * `_page` (with `_limit`), `_start` with `_end` or `_limit` (0-based, end exclusive), or simple-REST's
 * `range=[start,end]` (inclusive).
 */
export type ListWindow = 'page' | 'start-end' | 'start-limit' | 'range';

/**
 * A list request as the store runs it: conditions (all must hold), sort keys (the store adds its
 * insertion order as the last tiebreak, so pages are stable), and the page asked for.
 */
export interface ListQuery {
  conditions: Condition[];
  sort: SortKey[];
  limit: number;
  offset: number;
  page: number;
  /** Whether the client asked for a page, so Link headers are due. */
  paged: boolean;
  notes: ListNote[];
  /** How the client named the page (for Link headers). */
  window: ListWindow;
  /** A simple-REST request (`sort`, `range` or `filter` as JSON): answered with Content-Range too. */
  simpleRest: boolean;
  /** `_expand` and `_embed`: related records added to each one, in the same query (absent when none are asked). */
  relations?: RelationModel[];
  /**
   * json-server mode: `name=value` filters on undeclared fields (ListOptions.extraField), each to be
   * added to `conditions` only when some row of the table has a value at `path` inside `column`.
   */
  whenPresent?: { column: string; path: readonly string[]; condition: Condition }[];
}

/**
 * A query-string value as the field's type reads it (field-text.ts): `age=30` is the number 30,
 * `active=true` the boolean, `tags=["a", "b"]` the JSON text. Empty text is refused for every type
 * but string: it stands for null, which `=` never matches.
 */
function convert(field: FieldModel, param: string, raw: string): QueryValue {
  const converted = fromText(field.type, raw);
  const value = converted.ok ? converted.value : null;
  if (value === null) throw new DomainError('invalid', httpMessages.queryWrongType(param, TEXT_FORM[field.type], raw));
  // Strings are bound as sent (not made well-formed as stored ones are): a lone surrogate matches nothing.
  if (field.type === 'json') return JSON.stringify(value);
  // Compared with the stored form, so `12:00:00.000Z` equals `12:00:00Z` and offsets count.
  if (field.type === 'datetime') return storedDateTime(value as string) ?? (value as string);
  return value as QueryValue;
}

/** simple-REST's `filter={"name":"Ada","id":[1,2]}` as query parameters: an array is "any of", an empty one matches nothing. */
function filterParams(raw: string): { param: string; values: string[] }[] {
  const filter = jsonParam(
    'filter',
    raw,
    'a JSON object such as {"name":"Ada"}',
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  ) as Record<string, unknown>;
  const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([param, value]) => ({ param, values: Array.isArray(value) ? value.map(text) : [text(value)] }));
}

/**
 * json-server mode's `q` beyond text: a number field whose text holds it (zero never: json-server
 * passes over falsy values), a boolean field that is true when `true` holds it, and the values inside
 * a json field (not its keys: on a db.json of `"todos": []` every field is in the hidden extras one,
 * whose keys are the field names every row has).
 */
function scalarSearch(schema: SchemaModel, raw: string): Condition[] {
  const found: Condition[] = [];
  for (const field of schema.fields) {
    if (field.type === 'integer' || field.type === 'number')
      found.push({
        kind: 'all',
        conditions: [
          { kind: 'contains', columns: [field.name], text: raw },
          { kind: 'equals', column: field.name, values: [0], negate: true },
        ],
      });
    else if (field.type === 'boolean' && 'true'.includes(raw.toLowerCase()))
      found.push({ kind: 'equals', column: field.name, values: [true], negate: false });
    else if (field.type === 'json') found.push({ kind: 'jsonValues', column: field.name, text: raw });
  }
  return found;
}

/** The field types `q` searches: text, dates and JSON (as its text). */
const SEARCHED_TYPES: readonly string[] = ['string', 'datetime', 'json'];

/** How a list reads its parameters beyond the common dialect. */
export interface ListOptions {
  /** json-server mode: `_like` is a regular expression. */
  likeRegex?: boolean;
  /** json-server mode: `q` also finds numbers (by their text, zero never) and `true` (as the word), as json-server's does. */
  searchScalars?: boolean;
  /**
   * json-server mode: `=` and `_ne` on a json field compare its value's text with the parameter, as
   * json-server's `value === elementValue.toString()` does, so `postId=1` finds `1` and `"1"` alike in a
   * field whose rows mix the two (which makes it json).
   */
  textEquals?: boolean;
  /**
   * json-server mode: the json field that holds a record's undeclared fields (`_extra`). A filter or
   * `_sort` naming no declared field reads that name (or `a.b` path) inside it, as json-server filters
   * and sorts on any field a record has; a plain `name=value` there holds only when some row has the
   * field (ListQuery.whenPresent), since json-server drops a parameter no record has.
   */
  extraField?: string;
}

/**
 * The longest `_like` text (a substring, or json-server mode's regular expression) and `q` a list
 * takes: a substring search costs about its length times each value's (a 12,000-character `q` over
 * 200 values of 2,000 held the server 0.5 s), and RE2 runs in linear time but compiles per length.
 */
export const MAX_LIKE_PATTERN = 256;

function likeCondition(column: string, text: string, options: ListOptions | undefined): Condition {
  if (text.length > MAX_LIKE_PATTERN)
    throw new DomainError('invalid', `${column}_like is longer than ${MAX_LIKE_PATTERN} characters.`);
  if (!options?.likeRegex) return { kind: 'contains', columns: [column], text };
  const problem = regexpProblem(text);
  if (problem) throw new DomainError('invalid', `${column}_like is not a regular expression RE2 reads: ${problem}`);
  return { kind: 'matches', column, pattern: text };
}

const SIMPLE_REST: readonly string[] = [LIST_PARAM.sortJson, LIST_PARAM.range, LIST_PARAM.filter];
const RELATION_PARAMS: readonly string[] = [LIST_PARAM.expand, LIST_PARAM.embed];

/**
 * Parses list query parameters: equality filters, `_gte/_lte/_gt/_lt/_ne/_like` suffixes, `q`,
 * `_sort`/`_order`, `_page`/`_limit`, `_start` with `_end` or `_limit`, and simple-REST's JSON
 * `sort`, `range` and `filter` (unless the schema has a field of that name, which then wins).
 * Unknown parameters are ignored and noted.
 */
export function parseListQuery(
  schema: SchemaModel,
  query: URLSearchParams | undefined,
  fixed: { column: string; value: string }[],
  options?: ListOptions,
): ListQuery {
  const conditions: Condition[] = [];
  const notes: ListNote[] = [];
  for (const { column, value } of fixed) {
    // A nested list's parent key must read as its field's type (`/users/abc/posts` is a 400, as `?authorId=abc` is).
    const field = schema.fieldMap.get(column);
    if (field) pathValue(field, value);
    conditions.push({ kind: 'equals', column, values: [value], negate: false, asText: true });
  }
  let sort: string | undefined;
  let order: string | undefined;
  let sortJson: string | undefined;
  const window = new Map<string, string>();
  let filter: string | undefined;
  const grouped = new Map<string, { field: FieldModel; op: Operator | 'eq'; values: QueryValue[] }>();
  let searched = false;
  const paths = new Map<string, { column: string; path: readonly string[]; op: Operator | 'eq'; values: string[] }>();
  /** `a.b=1`, `a.b_ne=1`, `a.b_like=x`, `a.b_gte=1` on a path inside a json field; false when the parameter names none. */
  const addPathFilter = (param: string, raws: readonly string[]): boolean => {
    // As json-server reads it: a suffix is an operator (`a.b_ne`), even where a name could end so.
    const match = SUFFIX.exec(param);
    const suffixed = match ? fieldPath(schema, match[1] as string) : undefined;
    const found = suffixed ?? fieldPath(schema, param);
    if (!found) return false;
    const op = suffixed ? (match?.[2] as Operator) : 'eq';
    const column = found.field.name;
    const key = `${column}.${found.path.join('.')}\u0000${op}`;
    const group = paths.get(key) ?? { column, path: found.path, op, values: [] };
    group.values.push(...raws);
    paths.set(key, group);
    return true;
  };
  const extraField =
    options?.extraField && schema.fieldMap.get(options.extraField)?.type === 'json' ? options.extraField : undefined;
  const present = new Map<string, { path: string[]; values: string[] }>();
  /** json-server mode: a filter on an undeclared field, inside `extraField`; false when it names no such path. */
  const addExtraFilter = (param: string, raws: readonly string[]): boolean => {
    // json-server leaves out JSONP's `callback` and jQuery's `_`.
    if (!extraField || param === 'callback' || param === '_') return false;
    const match = SUFFIX.exec(param);
    const path = plainPath(match ? (match[1] as string) : param);
    if (!path) return false;
    if (!match) {
      const group = present.get(param) ?? { path, values: [] };
      group.values.push(...raws);
      present.set(param, group);
      return true;
    }
    const op = match[2] as Operator;
    const key = `${extraField}.${path.join('.')}\u0000${op}`;
    const group = paths.get(key) ?? { column: extraField, path, op, values: [] };
    group.values.push(...raws);
    paths.set(key, group);
    return true;
  };
  const addFilter = (param: string, raws: readonly string[]): void => {
    if (param === SEARCH) {
      // json-server reads the first `q` and ignores the rest.
      const raw = raws[0];
      if (searched || raw === undefined) return;
      searched = true;
      if (raw === '') return;
      if (raw.length > MAX_LIKE_PATTERN)
        throw new DomainError('invalid', `${SEARCH} is longer than ${MAX_LIKE_PATTERN} characters.`);
      // In json-server mode a json field is searched by its values (scalarSearch), not as its text.
      const text = schema.fields.filter(
        (f) => SEARCHED_TYPES.includes(f.type) && !(options?.searchScalars && f.type === 'json'),
      );
      const search: Condition = { kind: 'contains', columns: text.map((f) => f.name), text: raw };
      const scalars = options?.searchScalars ? scalarSearch(schema, raw) : [];
      if (text.length === 0 && scalars.length === 0) notes.push({ kind: 'no_text_fields' });
      conditions.push(scalars.length === 0 ? search : { kind: 'any', conditions: [search, ...scalars] });
      return;
    }
    let field = schema.fieldMap.get(param);
    let op: Operator | 'eq' = 'eq';
    if (!field) {
      const match = SUFFIX.exec(param);
      field = match ? schema.fieldMap.get(match[1] as string) : undefined;
      if (match && field) op = match[2] as Operator;
    }
    if (!field) {
      if (!addPathFilter(param, raws) && !addExtraFilter(param, raws)) notes.push({ kind: 'unknown_param', param });
      return;
    }
    if (options?.textEquals && field.type === 'json' && (op === 'eq' || op === 'ne')) {
      // The json field's whole value read as text: the path inside it is empty.
      const key = `${field.name}.\u0000${op}`;
      const group = paths.get(key) ?? { column: field.name, path: [], op, values: [] };
      group.values.push(...raws);
      paths.set(key, group);
      return;
    }
    const key = `${field.name}\u0000${op}`;
    let group = grouped.get(key);
    if (!group) {
      group = { field, op, values: [] };
      grouped.set(key, group);
    }
    for (const raw of raws) {
      if (op === 'like') group.values.push(raw);
      // json-server mode: text the field's type cannot read equals no value (`postId=undefined` is
      // `[]`, as json-server compares text), rather than a 400.
      else if (options?.textEquals && (op === 'eq' || op === 'ne') && !fromText(field.type, raw).ok) continue;
      else group.values.push(convert(field, param, raw));
    }
  };
  for (const [param, raw] of query ?? []) {
    if (RELATION_PARAMS.includes(param)) continue;
    if (RESERVED.has(param) && param !== SEARCH) {
      if (param === SORT) sort = raw;
      else if (param === ORDER) order = raw;
      else window.set(param, raw);
    } else if (SIMPLE_REST.includes(param) && !schema.fieldMap.has(param)) {
      if (param === LIST_PARAM.sortJson) sortJson = raw;
      else if (param === LIST_PARAM.range) window.set(param, raw);
      else filter = raw;
    } else addFilter(param, [raw]);
  }
  if (filter !== undefined) {
    for (const { param, values } of filterParams(filter)) {
      const field = schema.fieldMap.get(param);
      // An empty "any of" (getMany with no ids) matches nothing.
      if (values.length === 0 && field)
        conditions.push({ kind: 'equals', column: field.name, values: [], negate: false });
      else addFilter(param, values);
    }
  }
  const COMPARE = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
  for (const { column, path, op, values } of paths.values()) {
    if (op === 'eq' || op === 'ne') conditions.push({ kind: 'path', column, path, op, values });
    else if (op !== 'like') {
      // Each bound holds (as on a field); a number only when the text reads as one, as JavaScript's `>=` reads it.
      for (const text of values) {
        const number = text.trim() === '' ? Number.NaN : Number(text);
        const compare: Condition = { kind: 'pathCompare', column, path, op: COMPARE[op], text };
        conditions.push(Number.isFinite(number) ? { ...compare, number } : compare);
      }
    } else {
      // Repeated `_like` values are "any of", as on a field.
      const each = values.map((text): Condition => {
        const like = likeCondition(`${column}.${path.join('.')}`, text, options);
        return { kind: 'path', column, path, op: like.kind === 'matches' ? 'matches' : 'contains', values: [text] };
      });
      conditions.push(each.length === 1 ? (each[0] as Condition) : { kind: 'any', conditions: each });
    }
  }
  for (const { field, op, values } of grouped.values()) {
    const column = field.name;
    if (op === 'eq' || op === 'ne') conditions.push({ kind: 'equals', column, values, negate: op === 'ne' });
    else if (op === 'like') {
      // Repeated `_like` values are "any of", as in json-server.
      const each = values.map((text): Condition => likeCondition(column, String(text), options));
      conditions.push(each.length === 1 ? (each[0] as Condition) : { kind: 'any', conditions: each });
    } else for (const value of values) conditions.push({ kind: 'compare', column, op: COMPARE[op], value });
  }
  if (sortJson !== undefined && sort !== undefined)
    throw new DomainError(
      'invalid',
      httpMessages.queryConflict('sort', '_sort', 'sort with _sort and _order, or with sort=[field,order]'),
    );
  const simpleRest = sortJson !== undefined || filter !== undefined || window.has('range');
  const relations = parseRelations(schema, query);
  const whenPresent = [...present.values()].map(({ path, values }) => {
    const column = extraField as string;
    return { column, path, condition: { kind: 'path', column, path, op: 'eq', values } as Condition };
  });
  return {
    ...(relations ? { relations } : {}),
    ...(whenPresent.length > 0 ? { whenPresent } : {}),
    conditions,
    sort:
      sortJson !== undefined ? jsonSortKeys(schema, sortJson, extraField) : sortKeys(schema, sort, order, extraField),
    notes,
    simpleRest,
    ...pageOf(window, notes),
  };
}
