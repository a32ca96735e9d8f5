import { tableNameFor } from '../../../shared/src/table-name';

/** The collection path of `- resource: X` without `path:`. */
export const resourcePath = (schema: string): string => `/${tableNameFor(schema)}`;

/** The six endpoints a `resource:` entry stands for, written out (README "Endpoints"). */
export function expandResource(schema: string, path?: string, key?: string): Record<string, unknown>[] {
  const base = (path ?? resourcePath(schema)).replace(/\/+$/, '');
  const collection = base || '/';
  const param = key ?? 'id';
  const item = `${base}/:${param}`;
  const one = { schema };
  return [
    { path: collection, method: 'GET', response: { schema, type: 'array' } },
    { path: collection, method: 'POST', response: one },
    { path: item, method: 'GET', response: one },
    { path: item, method: 'PATCH', response: one },
    { path: item, method: 'PUT', response: one },
    { path: item, method: 'DELETE', response: one },
  ];
}

/** The path an entry serves (a resource's collection path), for grouping the list. */
export function entryPath(value: Record<string, unknown>): string {
  if (typeof value.resource === 'string')
    return typeof value.path === 'string' ? value.path : resourcePath(value.resource);
  return typeof value.path === 'string' ? value.path : '(no path)';
}
