import type { Condition, ListQuery, QueryValue } from '../../list/list-query.js';
import { REGEXP_FUNCTION } from '../like-regexp.js';
import { ident } from './sql.js';

/** A list query as SQLite runs it: WHERE and ORDER BY (each empty or starting with a space) and their values. */
export interface ListSql {
  where: string;
  values: (string | number)[];
  orderBy: string;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A value bound as SQLite stores its field's type: booleans as 1/0, the rest as they are. */
const bind = (value: QueryValue): string | number => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

function condition(c: Condition, values: (string | number)[]): string {
  if (c.kind === 'any')
    return c.conditions.length === 0 ? '0' : `(${c.conditions.map((one) => condition(one, values)).join(' OR ')})`;
  if (c.kind === 'matches') {
    values.push(c.pattern);
    return `${REGEXP_FUNCTION}(?, ${ident(c.column)})`;
  }
  if (c.kind === 'contains') {
    if (c.columns.length === 0) return '0';
    const like = (column: string) => {
      values.push(`%${escapeLike(c.text)}%`);
      return `${ident(column)} LIKE ? ESCAPE '\\'`;
    };
    return c.columns.length === 1 ? like(c.columns[0] as string) : `(${c.columns.map(like).join(' OR ')})`;
  }
  const column = ident(c.column);
  if (c.kind === 'compare') {
    values.push(bind(c.value));
    return `${column} ${c.op} ?`;
  }
  if (c.values.length === 0) return c.negate ? '1' : '0';
  values.push(...c.values.map(bind));
  if (c.values.length > 1) return `${column} ${c.negate ? 'NOT IN' : 'IN'} (${c.values.map(() => '?').join(', ')})`;
  return c.negate ? `${column} IS NOT ?` : `${column} = ?`;
}

/** Renders a ListQuery for SQLite; rows keep insertion order (rowid) as the last sort key. */
export function listSql(query: ListQuery): ListSql {
  const values: (string | number)[] = [];
  const conditions = query.conditions.map((c) => condition(c, values));
  const keys = query.sort.map((k) => `${ident(k.column)} ${k.descending ? 'DESC' : 'ASC'}`);
  return {
    where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '',
    values,
    orderBy: ` ORDER BY ${[...keys, 'rowid'].join(', ')}`,
  };
}
