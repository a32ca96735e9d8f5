/**
 * What the server answers beyond its endpoints' own answers: the error answers operations share
 * (as `components/responses`), HEAD wherever GET is, 405 to a method a known path does not have,
 * and OPTIONS.
 */
import { HTTP_METHODS } from '../../../shared/src/config-schema.js';
import type { Obj } from './schema-walk.js';

export const ALLOW_HEADER = { Allow: { description: 'The methods the path answers.', schema: { type: 'string' } } };

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string' } },
};

export const ERROR_RESPONSES: Record<number, { name: string; description: string; headers?: Obj }> = {
  400: {
    name: 'BadRequest',
    description: 'Malformed JSON, a field of the wrong type, unknown or missing, or a bad query value.',
  },
  404: { name: 'NotFound', description: 'No such record, or no such route.' },
  405: {
    name: 'MethodNotAllowed',
    description: 'A known path with another method; `Allow` lists the methods.',
    headers: ALLOW_HEADER,
  },
  406: { name: 'NotAcceptable', description: 'The Accept header allows neither JSON nor XML.' },
  409: { name: 'Conflict', description: 'A duplicate value of a unique field or key.' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the server’s body limit.' },
  415: { name: 'UnsupportedMediaType', description: 'A body that is not JSON, sent with a non-JSON Content-Type.' },
  503: {
    name: 'Unavailable',
    description:
      'The database is busy (locked by another process, or no pooled connection free) or unreachable; nothing was written.',
    headers: RETRY_AFTER,
  },
  507: {
    name: 'InsufficientStorage',
    description: 'The disk is full, or a create’s automatic id would pass 2^53 − 1; nothing was written.',
  },
};

/** A reference to the shared error answer of `status`. */
export const errorRef = (status: number): Obj => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}`,
});

/** The shared error answers, for `components/responses`; each answers `errorContent`. */
export function errorResponses(errorContent: Obj): Obj {
  const out: Obj = {};
  for (const { name, description, headers } of Object.values(ERROR_RESPONSES))
    out[name] = { description, content: errorContent, ...(headers ? { headers } : {}) };
  return out;
}

const byName = new Map(Object.values(ERROR_RESPONSES).map((r) => [`#/components/responses/${r.name}`, r]));

/** The answers of a GET as HEAD gives them: the same statuses and headers, no body. */
function withoutBodies(responses: Obj): Obj {
  const out: Obj = {};
  for (const [status, response] of Object.entries(responses as Record<string, Obj>)) {
    const shared = typeof response.$ref === 'string' ? byName.get(response.$ref) : undefined;
    const { description, headers } = shared ?? (response as { description?: string; headers?: Obj });
    out[status] = { description: description ?? 'As GET answers, without a body.', ...(headers ? { headers } : {}) };
  }
  return out;
}

const generated = (op: unknown): boolean =>
  (op as Obj | undefined)?.['x-mockyard-not-allowed'] === true || (op as Obj | undefined)?.['x-mockyard-head'] === true;

/**
 * What the server answers on every path beyond its endpoints: HEAD where GET is (GET's answers
 * without a body), 405 (with `Allow`) to a method no endpoint of the path has, and 204 (with
 * `Allow`) to OPTIONS. All are marked so an import of the export skips them.
 */
export function addServerAnswers(item: Obj): void {
  const declared = HTTP_METHODS.map((m) => m.toLowerCase()).filter((m) => item[m] !== undefined);
  const parameters = (item[declared[0] as string] as Obj | undefined)?.parameters as Obj[] | undefined;
  const pathParams = parameters?.filter((p) => p.in === 'path') ?? [];
  const withParams = pathParams.length > 0 ? { parameters: pathParams } : {};
  const get = item.get as Obj | undefined;
  if (get && !generated(get))
    item.head = {
      summary: `HEAD: ${get.summary ?? 'GET'} without a body`,
      ...(get.parameters ? { parameters: get.parameters } : {}),
      responses: withoutBodies(get.responses as Obj),
      'x-mockyard-head': true,
    };
  const notAllowed = (method: string): Obj => ({
    summary: `${method} is not allowed here`,
    ...withParams,
    ...(method === 'GET' || method === 'HEAD' || method === 'DELETE'
      ? {}
      : { requestBody: { required: false, content: { 'application/json': { schema: {} } } } }),
    responses: { '405': errorRef(405) },
    'x-mockyard-not-allowed': true,
  });
  for (const method of HTTP_METHODS) {
    const key = method.toLowerCase();
    if (item[key] === undefined) item[key] = notAllowed(method);
  }
  // No GET on this path: HEAD is refused as GET would be.
  item.head ??= notAllowed('HEAD');
  item.options = {
    summary: 'The methods of this path',
    ...withParams,
    responses: { '204': { description: 'No body; `Allow` lists the methods.', headers: ALLOW_HEADER } },
    'x-mockyard-not-allowed': true,
  };
}
