import { fromText, TEXT_FORM } from '../../../shared/src/field-text.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { HttpError } from '../http-error.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import { ident } from './sql.js';

export const MAX_LIMIT = 100;
const OPERATORS = { gte: '>=', lte: '<=', gt: '>', lt: '<', ne: '!=', like: 'LIKE' } as const;
type Operator = keyof typeof OPERATORS;
const SUFFIX = /^(.+)_(gte|lte|gt|lt|ne|like)$/;
const RESERVED = new Set(['_sort', '_order', '_page', '_limit', 'q']);

/**
 * A list request turned into SQL pieces: the WHERE and ORDER BY clauses (each empty or starting
 * with a space) with the values their placeholders bind, and the page asked for.
 */
export interface ListQuery {
  where: string;
  values: (string | number)[];
  orderBy: string;
  limit: number;
  offset: number;
  page: number;
  /** Whether the client asked for a page, so Link headers are due. */
  paged: boolean;
  notes: string[];
}

/**
 * A query-string value as the field's type reads it (field-text.ts), bound as SQLite stores that
 * type: `age=30` matches the number 30, `active=true` the stored 1, `tags=["a", "b"]` the JSON text.
 * Empty text is refused for every type but string: it stands for null, which `=` never matches.
 */
function convert(field: FieldModel, param: string, raw: string): string | number {
  const converted = fromText(field.type, raw);
  const value = converted.ok ? converted.value : null;
  if (value === null) throw new HttpError(400, httpMessages.queryWrongType(param, TEXT_FORM[field.type], raw));
  // Strings are bound as sent (not made well-formed as stored ones are): a lone surrogate matches nothing.
  if (field.type === 'json') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as string | number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  const conditions: string[] = [];
  const values: (string | number)[] = [];
  const notes: string[] = [];
  for (const { column, value } of fixed) {
    conditions.push(`${ident(column)} = ?`);
    values.push(value);
  }
  let sort: string | undefined;
  let order: string | undefined;
  let limit = MAX_LIMIT;
  let page = 1;
  let paged = false;
  const grouped = new Map<string, { field: FieldModel; op: Operator | 'eq'; values: (string | number)[] }>();
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
        else {
          conditions.push(`(${text.map((f) => `${ident(f.name)} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
          for (let i = 0; i < text.length; i++) values.push(`%${escapeLike(raw)}%`);
        }
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
    const value = op === 'like' ? `%${escapeLike(raw)}%` : convert(field, param, raw);
    const key = `${field.name}\u0000${op}`;
    const group = grouped.get(key);
    if (group) group.values.push(value);
    else grouped.set(key, { field, op, values: [value] });
  }
  for (const { field, op, values: vs } of grouped.values()) {
    const col = ident(field.name);
    if ((op === 'eq' || op === 'ne') && vs.length > 1) {
      conditions.push(`${col} ${op === 'eq' ? 'IN' : 'NOT IN'} (${vs.map(() => '?').join(', ')})`);
      values.push(...vs);
    } else if (op === 'eq') {
      conditions.push(`${col} = ?`);
      values.push(vs[0] as string | number);
    } else {
      for (const v of vs) {
        conditions.push(
          op === 'like' ? `${col} LIKE ? ESCAPE '\\'` : op === 'ne' ? `${col} IS NOT ?` : `${col} ${OPERATORS[op]} ?`,
        );
        values.push(v);
      }
    }
  }
  return {
    where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '',
    values,
    orderBy: orderClause(schema, sort, order),
    limit,
    offset: (page - 1) * limit,
    page,
    paged,
    notes,
  };
}

/** `_sort=name,-age` or `_sort=name&_order=desc`; rows in a stable order either way. */
function orderClause(schema: SchemaModel, sort: string | undefined, order: string | undefined): string {
  const tiebreak = 'rowid';
  if (!sort) return ` ORDER BY ${tiebreak}`;
  const orders = (order ?? '').split(',').map((o) => o.trim().toLowerCase());
  const parts = sort.split(',').map((name, i) => {
    let field = name.trim();
    let desc = orders[i] === 'desc' || (orders.length === 1 && orders[0] === 'desc');
    if (field.startsWith('-')) {
      field = field.slice(1);
      desc = true;
    }
    if (!schema.fieldMap.has(field)) throw new HttpError(400, httpMessages.sortUnknownField(field, schema.name));
    return `${ident(field)} ${desc ? 'DESC' : 'ASC'}`;
  });
  return ` ORDER BY ${parts.join(', ')}, ${tiebreak}`;
}
