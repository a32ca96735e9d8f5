/**
 * What the server answers beyond its endpoints' own answers: the error answers every operation
 * shares (as `components/responses`), 405 to a method a known path does not have, and OPTIONS.
 */
import { HTTP_METHODS } from '../../../shared/src/config-schema.js';
import type { Obj } from './schema-walk.js';

export const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'Malformed JSON, a field of the wrong type, unknown or missing, or a bad query value.',
  },
  404: { name: 'NotFound', description: 'No such record, or no such route.' },
  405: { name: 'MethodNotAllowed', description: 'A known path with another method; `Allow` lists the methods.' },
  406: { name: 'NotAcceptable', description: 'The Accept header allows neither JSON nor XML.' },
  409: { name: 'Conflict', description: 'A duplicate value of a unique field or key.' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the server’s body limit.' },
  415: { name: 'UnsupportedMediaType', description: 'A body that is not JSON, sent with a non-JSON Content-Type.' },
};

/** A reference to the shared error answer of `status`. */
export const errorRef = (status: number): Obj => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}`,
});

export const ALLOW_HEADER = { Allow: { description: 'The methods the path answers.', schema: { type: 'string' } } };

/**
 * What the server answers on every path beyond its endpoints: 405 (with `Allow`) to a method no
 * endpoint of the path has, and 204 (with `Allow`) to OPTIONS. Both are marked so an import of the
 * export skips them.
 */
export function addServerAnswers(item: Obj): void {
  const declared = HTTP_METHODS.map((m) => m.toLowerCase()).filter((m) => item[m] !== undefined);
  const parameters = (item[declared[0] as string] as Obj | undefined)?.parameters as Obj[] | undefined;
  const pathParams = parameters?.filter((p) => p.in === 'path') ?? [];
  const withParams = pathParams.length > 0 ? { parameters: pathParams } : {};
  for (const method of HTTP_METHODS) {
    const key = method.toLowerCase();
    if (item[key] !== undefined) continue;
    item[key] = {
      summary: `${method} is not allowed here`,
      ...withParams,
      ...(key === 'get' || key === 'delete'
        ? {}
        : { requestBody: { required: false, content: { 'application/json': { schema: {} } } } }),
      responses: { '405': errorRef(405) },
      'x-mockyard-not-allowed': true,
    };
  }
  item.options = {
    summary: 'The methods of this path',
    ...withParams,
    responses: { '204': { description: 'No body; `Allow` lists the methods.', headers: ALLOW_HEADER } },
    'x-mockyard-not-allowed': true,
  };
}
