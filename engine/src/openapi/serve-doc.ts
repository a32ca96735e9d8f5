/**
 * `GET /__mockyard/openapi.json`: the served config's OpenAPI 3.1 description. Offered when
 * `server.openapi: true` or the admin API is on; it needs no token (it is one read-only document).
 * The exporter loads on the first request for it, so serving stays as cheap to start as before.
 */
import { jsonReply, type Reply } from '../http/reply.js';
import type { ServiceModel } from '../model/service-model.js';

export const OPENAPI_DOC_PATH = '/__mockyard/openapi.json';

export function openApiDocHook(model: ServiceModel, title: string): ((method: string) => Promise<Reply>) | undefined {
  if (!model.server.openapi && !model.server.adminToken) return undefined;
  let cached: Reply | undefined;
  return async (method) => {
    if (method !== 'GET' && method !== 'HEAD')
      return {
        ...jsonReply(405, { error: `Method ${method} not allowed; use GET.` }),
        headers: { Allow: 'GET, HEAD' },
      };
    cached ??= jsonReply(200, (await import('./export.js')).exportOpenApi(model, { title }));
    return cached;
  };
}
