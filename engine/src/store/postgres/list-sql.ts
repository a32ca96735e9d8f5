import type { FieldModel, SchemaModel } from '../../model/service-model.js';
import { postgresPath } from '../../list/json-path.js';
import type { Condition, ListQuery, QueryValue } from '../../list/list-query.js';
import { ident, orderColumn } from './sql.js';
import { castOf, type PgValue, textCondition } from './values.js';

/** A list query as PostgreSQL runs it: WHERE and ORDER BY (each empty or starting with a space) and their $n values. */
export interface PgListSql {
  where: string;
  values: PgValue[];
  orderBy: string;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** PostgreSQL text cannot hold NUL: a filter value with one equals no stored value. */
const storable = (value: QueryValue): boolean => typeof value !== 'string' || !value.includes('\u0000');

/**
 * A column as the text `_like` searches: SQLite's LIKE reads numbers as their text and booleans as
 * the 1 or 0 it stores, so `active_like=1` finds true there and here alike.
 */
function likeText(field: FieldModel | undefined, column: string): string {
  const col = ident(column);
  if (!field || castOf(field) === 'text') return col;
  if (field.type === 'boolean') return `(CASE WHEN ${col} THEN '1' WHEN NOT ${col} THEN '0' END)`;
  return `${col}::text`;
}

/** A bound parameter, `$n::cast`. */
function bound(values: PgValue[], value: PgValue, cast: string): string {
  values.push(value);
  return `$${values.length}::${cast}`;
}

/**
 * The value at a path inside a json column (stored as JSON text) as json-server reads it, as text:
 * `true`, a number's or a string's text, an object's JSON; null when absent. The path is a bound text[].
 */
const pathText = (column: string, path: readonly string[], values: PgValue[]): string =>
  `(CASE WHEN ${noNul(column)} THEN ${ident(column)}::json #>> ${bound(values, postgresPath(path), 'text[]')} END)`;

/**
 * Whether a json column's text holds no `\u0000` escape: PostgreSQL's json functions refuse NUL, so a
 * row holding one (anywhere in the field) reads as having no value at any path in it.
 */
const noNul = (column: string): string => `strpos(${ident(column)}, '\\u0000') = 0`;

function pathCondition(c: Extract<Condition, { kind: 'path' }>, values: PgValue[]): string {
  const kept = c.values.filter(storable);
  if (kept.length === 0) return 'FALSE';
  const text = pathText(c.column, c.path, values);
  if (c.op === 'matches') return `${text} ~* ${bound(values, kept[0] as string, 'text')}`;
  if (c.op === 'contains')
    return `${text} ILIKE ${bound(values, `%${escapeLike(kept[0] as string)}%`, 'text')} ESCAPE '\\'`;
  // NOT IN leaves out a row without the path (null), as json-server's _ne does.
  return `${text} ${c.op === 'ne' ? 'NOT IN' : 'IN'} (${kept.map((v) => bound(values, v, 'text')).join(', ')})`;
}

/**
 * `_lt/_lte/_gt/_gte` at a path inside a json column, as SQLite's list-sql compares: a JSON number as
 * numeric with the bound number (when the text reads as one), a JSON string with the bound text in
 * byte order (COLLATE "C", as SQLite's BINARY); any other value, or none (or NUL in the field), never matches.
 */
function pathCompare(c: Extract<Condition, { kind: 'pathCompare' }>, values: PgValue[]): string {
  const at = `(${ident(c.column)}::json #> ${bound(values, postgresPath(c.path), 'text[]')})`;
  const branches: string[] = [];
  if (c.number !== undefined)
    branches.push(`WHEN 'number' THEN (${at} #>> '{}')::numeric ${c.op} ${bound(values, String(c.number), 'numeric')}`);
  if (storable(c.text))
    branches.push(`WHEN 'string' THEN (${at} #>> '{}') COLLATE "C" ${c.op} ${bound(values, c.text, 'text')}`);
  if (branches.length === 0) return 'FALSE';
  return `(CASE WHEN ${noNul(c.column)} THEN (CASE json_typeof(${at}) ${branches.join(' ')} END) END)`;
}

function condition(schema: SchemaModel, c: Condition, values: PgValue[]): string {
  const param = (value: PgValue, cast: string): string => bound(values, value, cast);
  if (c.kind === 'any' || c.kind === 'all')
    return c.conditions.length === 0
      ? c.kind === 'any'
        ? 'FALSE'
        : 'TRUE'
      : `(${c.conditions.map((one) => condition(schema, one, values)).join(c.kind === 'any' ? ' OR ' : ' AND ')})`;
  if (c.kind === 'path') return pathCondition(c, values);
  if (c.kind === 'pathCompare') return pathCompare(c, values);
  if (c.kind === 'matches') {
    // PostgreSQL's own engine runs the pattern (its length is bounded by the list parser).
    if (c.pattern.includes('\u0000')) return 'FALSE';
    return `${likeText(schema.fieldMap.get(c.column), c.column)} ~* ${param(c.pattern, 'text')}`;
  }
  if (c.kind === 'jsonValues') {
    if (c.text.includes('\u0000')) return 'FALSE';
    const like = () => `ILIKE ${param(`%${escapeLike(c.text)}%`, 'text')} ESCAPE '\\'`;
    // The text of each value inside, in the "C" collation (ILIKE folds ASCII letters only, as SQLite's LIKE does).
    const text = `(v #>> '{}') COLLATE "C"`;
    const found = `(jsonb_typeof(v) = 'string' AND ${text} ${like()}) OR (jsonb_typeof(v) = 'number' AND (v #>> '{}')::numeric <> 0 AND ${text} ${like()}) OR (v = 'true'::jsonb AND 'true' ${like()})`;
    return `(${noNul(c.column)} AND EXISTS (SELECT 1 FROM jsonb_path_query(${ident(c.column)}::jsonb, 'lax $.**') AS j(v) WHERE ${found}))`;
  }
  if (c.kind === 'contains') {
    if (c.columns.length === 0) return 'FALSE';
    // ILIKE on a "C"-collated column folds ASCII letters only, as SQLite's LIKE does.
    if (c.text.includes('\u0000')) return 'FALSE';
    const like = (column: string) =>
      `${likeText(schema.fieldMap.get(column), column)} ILIKE ${param(`%${escapeLike(c.text)}%`, 'text')} ESCAPE '\\'`;
    return c.columns.length === 1 ? like(c.columns[0] as string) : `(${c.columns.map(like).join(' OR ')})`;
  }
  const field = schema.fieldMap.get(c.column) as FieldModel;
  const column = ident(c.column);
  const cast = castOf(field);
  if (c.kind === 'compare') return storable(c.value) ? `${column} ${c.op} ${param(c.value, cast)}` : 'FALSE';
  if (c.asText && c.values.length === 1 && !c.negate) return textCondition(field, String(c.values[0]), values);
  const kept = c.values.filter(storable);
  if (kept.length === 0) return c.negate ? (c.values.length > 1 ? `${column} IS NOT NULL` : 'TRUE') : 'FALSE';
  if (c.values.length > 1)
    return `${column} ${c.negate ? 'NOT IN' : 'IN'} (${kept.map((v) => param(v, cast)).join(', ')})`;
  return c.negate
    ? `${column} IS DISTINCT FROM ${param(kept[0] as QueryValue, cast)}`
    : `${column} = ${param(kept[0] as QueryValue, cast)}`;
}

/**
 * Renders a ListQuery for PostgreSQL. Nulls sort first going up and last going down, as in SQLite;
 * rows keep insertion order (the integer id, else the hidden `_mockyard_seq`) as the last sort key.
 */
export function listSql(schema: SchemaModel, query: ListQuery): PgListSql {
  const values: PgValue[] = [];
  const conditions = query.conditions.map((c) => condition(schema, c, values));
  // A path inside a json field sorts by the jsonb of its value (numbers by number, strings by text);
  // its path is bound after WHERE's values.
  const keys = query.sort.map(
    (k) =>
      `${k.path ? `(CASE WHEN ${noNul(k.column)} THEN ${ident(k.column)}::jsonb #> ${bound(values, postgresPath(k.path), 'text[]')} END)` : ident(k.column)} ${k.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`,
  );
  return {
    where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '',
    values,
    orderBy: ` ORDER BY ${[...keys, ident(orderColumn(schema))].join(', ')}`,
  };
}
