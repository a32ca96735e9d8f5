import type { EndpointSummary } from '../../../shared/src/service-summary';

/** `/users/:id` → `/users/1`: a path someone can paste and call. */
const callable = (path: string): string => path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '1');

/**
 * The endpoints the welcome panel suggests trying, from the live config: lists first (the most
 * telling call), then other GETs (fixed paths before parameterised ones), then anything else.
 */
export function exampleEndpoints(endpoints: readonly EndpointSummary[], count = 3): EndpointSummary[] {
  const rank = (e: EndpointSummary): number => {
    if (e.method !== 'GET') return 4;
    if (e.operation === 'list') return 0;
    return e.path.includes(':') ? 2 : 1;
  };
  // sort is stable: within a rank, the config's order.
  return [...endpoints].sort((a, b) => rank(a) - rank(b)).slice(0, count);
}

/** The shell command that calls `e` at `base`. */
export function curlFor(e: EndpointSummary, base: string): string {
  const url = `${base}${callable(e.path)}`;
  if (e.method === 'GET') return `curl ${url}`;
  if (e.method === 'SSE') return `curl -N ${url}`;
  if (e.method === 'WS') return `npx wscat -c ${url.replace(/^http/, 'ws')}`;
  if (e.method === 'DELETE') return `curl -X DELETE ${url}`;
  return `curl -X ${e.method} ${url} -H 'content-type: application/json' -d '{}'`;
}
