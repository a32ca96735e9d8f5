/**
 * The endpoint list `mockyard serve db.json` prints, as json-server mode answers: a DELETE is 200
 * (`{}`), every write is 403 with --read-only, and the mode's own answers are listed too (each
 * singular resource, `GET /db`, and `GET /__rules` with --routes), which the config has no entry for.
 */
import type { JsonServerMode } from '../../engine/src/index.js';
import type { EndpointSummary } from '../../shared/src/service-summary.js';

const front = (method: string, path: string, operation: string, schema?: string, status = 200): EndpointSummary => ({
  method,
  path,
  kind: 'schema',
  operation,
  schema,
  status,
  line: 0,
});

export function jsonServerEndpoints(endpoints: readonly EndpointSummary[], mode: JsonServerMode): EndpointSummary[] {
  const listed = endpoints.map((e) =>
    e.kind === 'schema' && e.operation === 'delete' && e.status === 204 ? { ...e, status: 200 } : e,
  );
  for (const [name, schema] of mode.singulars) {
    const path = `/${name}`;
    listed.push(
      front('GET', path, 'get singular', schema),
      front('PUT', path, 'replace singular', schema),
      front('PATCH', path, 'update singular', schema),
      front('POST', path, 'replace singular', schema, 201),
    );
  }
  listed.push(front('GET', '/db', 'the whole database'));
  if (mode.routes.length > 0) listed.push(front('GET', '/__rules', 'the --routes rules'));
  return mode.readOnly
    ? listed.map((e) => (e.method === 'GET' || e.kind !== 'schema' ? e : { ...e, status: 403 }))
    : listed;
}
