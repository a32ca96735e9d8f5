import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { entryPath } from './endpoint-defaults';

/** The entries that read or write schema `name`, as their users see them ("resource /users", "GET /me"). */
export function endpointsUsing(endpoints: readonly WrittenEndpoint[], name: string): string[] {
  return endpoints.flatMap((e) => {
    const v = e.value;
    if (v.resource === name) return [`resource ${entryPath(v)}`];
    const response = v.response as { schema?: unknown } | undefined;
    if (response?.schema === name) return [`${String(v.method ?? '?')} ${entryPath(v)}`];
    return [];
  });
}
