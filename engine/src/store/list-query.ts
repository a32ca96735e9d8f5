import { fromText, TEXT_FORM } from '../../../shared/src/field-text.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { HttpError } from '../http-error.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';

export const MAX_LIMIT = 100;
type Operator = 'gte' | 'lte' | 'gt' | 'lt' | 'ne' | 'like';
const SUFFIX = /^(.+)_(gte|lte|gt|lt|ne|like)$/;
const RESERVED = new Set(['_sort', '_order', '_page', '_limit', 'q']);

/** A filter value as the field's type reads it: a JSON field's value is its JSON text. */
export type QueryValue = string | number | boolean;

/**
 * One condition of a list, described without SQL; every store renders it the same way:
 * - `equals` (`=`, or IN for several values); `negate` for `_ne`: one value keeps null values
 *   (SQL's IS NOT / IS DISTINCT FROM), several are NOT IN (which, as SQL has it, drops nulls).
 *   `asText` binds the value as text (a path parameter), which the column's type converts as it
 *   does for a key.
 * - `compare`: `_lt`, `_lte`, `_gt`, `_gte`.
 * - `contains`: `_like` and `q`, a case-insensitive (ASCII) substring match in any of `columns`.
 */
export type Condition =
  | { kind: 'equals'; column: string; values: QueryValue[]; negate: boolean; asText?: boolean }
  | { kind: 'compare'; column: string; op: '<' | '<=' | '>' | '>='; value: QueryValue }
  | { kind: 'contains'; columns: string[]; text: string };

export interface SortKey {
  column: string;
  descending: boolean;
}

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
  notes: string[];
}

/**
 * A query-string value as the field's type reads it (field-text.ts): `age=30` is the number 30,
 * `active=true` the boolean, `tags=["a", "b"]` the JSON text. Empty text is refused for every type
 * but string: it stands for null, which `=` never matches.
 */
function convert(field: FieldModel, param: string, raw: string): QueryValue {
  const converted = fromText(field.type, raw);
  const value = converted.ok ? converted.value : null;
  if (value === null) throw new HttpError(400, httpMessages.queryWrongType(param, TEXT_FORM[field.type], raw));
  // Strings are bound as sent (not made well-formed as stored ones are): a lone surrogate matches nothing.
  if (field.type === 'json') return JSON.stringify(value);
  return value as QueryValue;
}

function positiveInt(param: string, raw: string, min: number): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min)
    throw new HttpError(
      400,
      httpMessages.queryWrongType(param, min === 0 ? 'a whole number' : 'a positive whole number', raw),
    );
  return n;
}

/**
 * Parses list query parameters: equality filters, `_gte/_lte/_gt/_lt/_ne/_like` suffixes, `q`,
 * `_sort`/`_order` and `_page`/`_limit`. Unknown parameters are ignored and noted.
 */
export function parseListQuery(
  schema: SchemaModel,
  query: URLSearchParams | undefined,
  fixed: { column: string; value: string }[],
): ListQuery {
  const conditions: Condition[] = [];
  const notes: string[] = [];
  for (const { column, value } of fixed)
    conditions.push({ kind: 'equals', column, values: [value], negate: false, asText: true });
  let sort: string | undefined;
  let order: string | undefined;
  let limit = MAX_LIMIT;
  let page = 1;
  let paged = false;
  const grouped = new Map<string, { field: FieldModel; op: Operator | 'eq'; values: QueryValue[] }>();
  for (const [param, raw] of query ?? []) {
    if (RESERVED.has(param)) {
      if (param === '_sort') sort = raw;
      else if (param === '_order') order = raw;
      else if (param === '_limit') {
        limit = positiveInt(param, raw, 0);
        paged = true;
        if (limit > MAX_LIMIT) {
          notes.push(`_limit ${limit} capped at ${MAX_LIMIT}`);
          limit = MAX_LIMIT;
        }
      } else if (param === '_page') {
        page = positiveInt(param, raw, 1);
        paged = true;
      } else if (param === 'q' && raw !== '') {
        const text = schema.fields.filter((f) => f.type === 'string' || f.type === 'datetime');
        if (text.length === 0) notes.push(`q ignored: ${schema.name} has no text fields`);
        else conditions.push({ kind: 'contains', columns: text.map((f) => f.name), text: raw });
      }
      continue;
    }
    let field = schema.fieldMap.get(param);
    let op: Operator | 'eq' = 'eq';
    if (!field) {
      const match = SUFFIX.exec(param);
      field = match ? schema.fieldMap.get(match[1] as string) : undefined;
      if (match && field) op = match[2] as Operator;
    }
    if (!field) {
      notes.push(`ignored query parameter '${param}' (not a field of ${schema.name})`);
      continue;
    }
    const value = op === 'like' ? raw : convert(field, param, raw);
    const key = `${field.name}\u0000${op}`;
    const group = grouped.get(key);
    if (group) group.values.push(value);
    else grouped.set(key, { field, op, values: [value] });
  }
  const COMPARE = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
  for (const { field, op, values } of grouped.values()) {
    const column = field.name;
    if (op === 'eq' || op === 'ne') conditions.push({ kind: 'equals', column, values, negate: op === 'ne' });
    else if (op === 'like')
      for (const text of values) conditions.push({ kind: 'contains', columns: [column], text: String(text) });
    else for (const value of values) conditions.push({ kind: 'compare', column, op: COMPARE[op], value });
  }
  return {
    conditions,
    sort: sortKeys(schema, sort, order),
    limit,
    offset: (page - 1) * limit,
    page,
    paged,
    notes,
  };
}

/** `_sort=name,-age` or `_sort=name&_order=desc`. */
function sortKeys(schema: SchemaModel, sort: string | undefined, order: string | undefined): SortKey[] {
  if (!sort) return [];
  const orders = (order ?? '').split(',').map((o) => o.trim().toLowerCase());
  return sort.split(',').map((name, i) => {
    let column = name.trim();
    let descending = orders[i] === 'desc' || (orders.length === 1 && orders[0] === 'desc');
    if (column.startsWith('-')) {
      column = column.slice(1);
      descending = true;
    }
    if (!schema.fieldMap.has(column)) throw new HttpError(400, httpMessages.sortUnknownField(column, schema.name));
    return { column, descending };
  });
}
