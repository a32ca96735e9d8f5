import { sqlitePath } from '../../list/json-path.js';
import type { Condition, ListQuery, QueryValue } from '../../list/list-query.js';
import { REGEXP_FUNCTION } from '../like-regexp.js';
import { ident } from './sql.js';

/**
 * A list query as SQLite runs it: WHERE and ORDER BY (each empty or starting with a space), the
 * values WHERE binds, and those ORDER BY binds (a path inside a json field), which follow them.
 */
export interface ListSql {
  where: string;
  values: (string | number)[];
  orderBy: string;
  orderValues: string[];
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A value bound as SQLite stores its field's type: booleans as 1/0, the rest as they are. */
const bind = (value: QueryValue): string | number => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/**
 * The value at a path inside a json column as json-server reads it, as text: `true`/`false` for
 * booleans (SQLite's json_extract gives 1/0), a number's or a string's text, an object's JSON; null when absent.
 */
function pathText(column: string, path: readonly string[], values: (string | number)[]): string {
  const col = ident(column);
  values.push(sqlitePath(path), sqlitePath(path));
  return `(CASE json_type(${col}, ?) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(json_extract(${col}, ?) AS TEXT) END)`;
}

function pathCondition(c: Extract<Condition, { kind: 'path' }>, values: (string | number)[]): string {
  if (c.values.length === 0) return '0';
  if (c.op === 'matches') {
    // The pattern is the function's first argument, so it is bound first.
    values.push(c.values[0] as string);
    return `${REGEXP_FUNCTION}(?, ${pathText(c.column, c.path, values)})`;
  }
  const text = pathText(c.column, c.path, values);
  if (c.op === 'contains') {
    values.push(`%${escapeLike(c.values[0] as string)}%`);
    return `${text} LIKE ? ESCAPE '\\'`;
  }
  values.push(...c.values);
  // NOT IN leaves out a row without the path (null), as json-server's _ne does.
  return `${text} ${c.op === 'ne' ? 'NOT IN' : 'IN'} (${c.values.map(() => '?').join(', ')})`;
}

/**
 * `_lt/_lte/_gt/_gte` at a path inside a json column, as json-server compares: a JSON number with the
 * bound number (when the text reads as one), a JSON string with the bound text (byte order); any other
 * value, or none, never matches.
 */
function pathCompare(c: Extract<Condition, { kind: 'pathCompare' }>, values: (string | number)[]): string {
  const col = ident(c.column);
  const at = sqlitePath(c.path);
  const text = `(json_type(${col}, ?) = 'text' AND json_extract(${col}, ?) ${c.op} ?)`;
  if (c.number === undefined) {
    values.push(at, at, c.text);
    return text;
  }
  values.push(at, at, c.number, at, at, c.text);
  return `((json_type(${col}, ?) IN ('integer', 'real') AND json_extract(${col}, ?) ${c.op} ?) OR ${text})`;
}

function condition(c: Condition, values: (string | number)[]): string {
  if (c.kind === 'any')
    return c.conditions.length === 0 ? '0' : `(${c.conditions.map((one) => condition(one, values)).join(' OR ')})`;
  if (c.kind === 'all')
    return c.conditions.length === 0 ? '1' : `(${c.conditions.map((one) => condition(one, values)).join(' AND ')})`;
  if (c.kind === 'path') return pathCondition(c, values);
  if (c.kind === 'pathCompare') return pathCompare(c, values);
  if (c.kind === 'matches') {
    values.push(c.pattern);
    return `${REGEXP_FUNCTION}(?, ${ident(c.column)})`;
  }
  if (c.kind === 'jsonValues') {
    const like = `%${escapeLike(c.text)}%`;
    values.push(like, like, like);
    return `EXISTS (SELECT 1 FROM json_tree(${ident(c.column)}) WHERE (type = 'text' AND atom LIKE ? ESCAPE '\\') OR (type IN ('integer', 'real') AND atom <> 0 AND CAST(atom AS TEXT) LIKE ? ESCAPE '\\') OR (type = 'true' AND 'true' LIKE ? ESCAPE '\\'))`;
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
  const orderValues: string[] = [];
  const keys = query.sort.map((k) => {
    if (!k.path) return `${ident(k.column)} ${k.descending ? 'DESC' : 'ASC'}`;
    orderValues.push(sqlitePath(k.path));
    return `json_extract(${ident(k.column)}, ?) ${k.descending ? 'DESC' : 'ASC'}`;
  });
  return {
    where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '',
    values,
    orderBy: ` ORDER BY ${[...keys, 'rowid'].join(', ')}`,
    orderValues,
  };
}
