import type { FieldModel, SchemaModel } from '../../model/service-model.js';
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

function condition(schema: SchemaModel, c: Condition, values: PgValue[]): string {
  const param = (value: PgValue, cast: string): string => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  if (c.kind === 'any')
    return c.conditions.length === 0
      ? 'FALSE'
      : `(${c.conditions.map((one) => condition(schema, one, values)).join(' OR ')})`;
  if (c.kind === 'matches') {
    // PostgreSQL's own engine runs the pattern (its length is bounded by the list parser).
    if (c.pattern.includes('\u0000')) return 'FALSE';
    return `${likeText(schema.fieldMap.get(c.column), c.column)} ~* ${param(c.pattern, 'text')}`;
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
  const keys = query.sort.map((k) => `${ident(k.column)} ${k.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`);
  return {
    where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '',
    values,
    orderBy: ` ORDER BY ${[...keys, ident(orderColumn(schema))].join(', ')}`,
  };
}
