/**
 * A path inside a JSON field, as a list parameter names it: `a.b=1` filters on `b` inside the json
 * field `a`, `_sort=resource.name` sorts by it (json-server's deep filter and nested sort). The path is
 * bounded (MAX_PATH_DEPTH names of MAX_PATH_NAME characters, letters, digits, `_` and `-`) and each
 * store binds it as a parameter, never as SQL text.
 * @example fieldPath(schema, 'a.b') // { field: <a>, path: ['b'] }
 */
import { DomainError } from '../domain-error.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';

/** The most names a path inside a JSON field may have (after the field's own). */
export const MAX_PATH_DEPTH = 8;
/** The longest name in such a path. */
export const MAX_PATH_NAME = 64;

const NAME = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_PATH_NAME}}$`);

/**
 * `field.name.name` when `field` is a json field of the schema: the field and the names inside it;
 * undefined when the text has no dot or its first name is no json field. A path of too many or
 * unreadable names is a 400 saying what a path may hold.
 */
export function fieldPath(schema: SchemaModel, param: string): { field: FieldModel; path: string[] } | undefined {
  const dot = param.indexOf('.');
  if (dot <= 0) return undefined;
  const field = schema.fieldMap.get(param.slice(0, dot));
  if (field?.type !== 'json') return undefined;
  const path = param.slice(dot + 1).split('.');
  if (path.length > MAX_PATH_DEPTH || !path.every((name) => NAME.test(name)))
    throw new DomainError(
      'invalid',
      `'${param.slice(0, 200)}' is not a path inside ${field.name}: at most ${MAX_PATH_DEPTH} names of letters, digits, '_' or '-' (up to ${MAX_PATH_NAME} characters each), joined by dots.`,
    );
  return { field, path };
}

/** `a.b` as the names of a path (at most MAX_PATH_DEPTH plain names), or undefined when it is none. */
export function plainPath(text: string): string[] | undefined {
  const path = text.split('.');
  return path.length <= MAX_PATH_DEPTH && path.every((name) => NAME.test(name)) ? path : undefined;
}

/** SQLite's JSON path for the names (`$."a"."b"`; a name of digits is an array index, `$[0]`). */
export const sqlitePath = (path: readonly string[]): string =>
  `$${path.map((name) => (/^\d+$/.test(name) ? `[${name}]` : `."${name}"`)).join('')}`;

/** PostgreSQL's text[] literal for the names (`{a,b}`), for `#>` (which reads a number as an array index too). */
export const postgresPath = (path: readonly string[]): string => `{${path.join(',')}}`;
