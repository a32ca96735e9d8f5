import type { HttpMethod, Operation } from '../../../shared/src/config-schema';
import { tableNameFor } from '../../../shared/src/table-name';

/** The engine's default statuses (engine/src/config/compile-endpoints.ts DEFAULT_STATUS; static 200). */
export const DEFAULT_STATUS: Record<Operation | 'static', number> = {
  list: 200,
  get: 200,
  create: 201,
  update: 200,
  delete: 204,
  static: 200,
};

/** The operation the engine infers from the method, list-or-single and the path (README "Operation inference"). */
export function inferOperation(method: string, isArray: boolean): Operation | undefined {
  switch (method as HttpMethod) {
    case 'GET':
      return isArray ? 'list' : 'get';
    case 'POST':
      return 'create';
    case 'DELETE':
      return 'delete';
    case 'PATCH':
    case 'PUT':
      return 'update';
    default:
      return undefined;
  }
}

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
