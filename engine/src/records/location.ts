import type { SchemaEndpoint, ServiceModel } from '../model/service-model.js';

/** Where a created record can be read: the column naming it, and the URL built from that column's value. */
export interface LocationRule {
  column: string;
  url(requestPath: string, value: string): string;
}

/**
 * The `Location` of records created by a POST endpoint: GET <same path>/:param when declared (nested
 * paths keep their parameter values), else another single-parameter GET of the schema such as
 * /posts/:slug. Without a GET that can read the record there is no Location, rather than a dead link.
 */
export function locationFor(endpoint: SchemaEndpoint, model: ServiceModel): LocationRule | undefined {
  const base = endpoint.path.replace(/\/+$/, '');
  const gets = model.endpoints.filter(
    (other): other is SchemaEndpoint =>
      other.kind === 'schema' && other.operation === 'get' && other.schema === endpoint.schema,
  );
  for (const other of gets) {
    const path = other.path.replace(/\/+$/, '');
    const last = other.params[other.params.length - 1];
    if (last && other.params.length === endpoint.params.length + 1 && path === `${base}/:${last.param}`) {
      return { column: last.column, url: (requestPath, value) => `${requestPath.replace(/\/+$/, '')}/${value}` };
    }
  }
  for (const other of gets) {
    const only = other.params.length === 1 ? other.params[0] : undefined;
    if (only) {
      const path = other.path.replace(/\/+$/, '');
      return { column: only.column, url: (_requestPath, value) => path.replace(`:${only.param}`, () => value) };
    }
  }
  return undefined;
}
