/**
 * One exported operation per endpoint: a schema-backed endpoint's parameters, request body, success
 * answer and the errors its operation can give; a static endpoint's answer as configured. Each
 * schema-backed operation carries `x-mockyard: { schema, operation, key }`, so importing the export
 * gives back the same endpoints even where the shapes alone would be ambiguous.
 */
import { dynamicReadsBody } from '../http/dynamic-endpoint.js';
import type { SchemaEndpoint, SchemaModel, StaticEndpoint } from '../model/service-model.js';
import { addDynamicResponses, responseContent } from './export-dynamic.js';
import { listParameters, pathParameters } from './export-parameters.js';
import { requestBody } from './export-request-body.js';
import { recordWithRelations, relationParameters } from './export-relations.js';
import { errorRef } from './export-server-answers.js';
import type { Obj } from './schema-walk.js';

/** The errors each operation can answer: 503 when the database is busy or unreachable, 507 when a write finds no room. */
const ERRORS_OF: Record<SchemaEndpoint['operation'], number[]> = {
  list: [400, 406, 503],
  get: [404, 406, 503],
  create: [400, 409, 413, 415, 406, 503, 507],
  update: [400, 404, 409, 413, 415, 406, 503, 507],
  delete: [404, 406, 503, 507],
};

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Obj): Obj => ({ 'application/json': { schema } });

/** The key an item endpoint looks up, when it is not the last parameter's own name. */
function keyOf(endpoint: SchemaEndpoint): string | undefined {
  const last = endpoint.params[endpoint.params.length - 1];
  return last && last.column !== last.param ? last.column : undefined;
}

/** The success answer of a negotiated operation: JSON, or the same record as XML. */
const negotiated = (schema: Obj): Obj => ({
  ...json(schema),
  'application/xml': { schema: { type: 'string' } },
  'text/xml': { schema: { type: 'string' } },
});

/** Whether deleting a record of `schema` can be refused (a reference to it says `onDelete: restrict`). */
const restricted = (schema: SchemaModel): boolean => [...schema.embeds.values()].some((r) => r.onDelete === 'restrict');

export function schemaOperation(endpoint: SchemaEndpoint, components: Obj, errorContent: Obj): Obj {
  const { schema, operation, status } = endpoint;
  const key = operation === 'list' || operation === 'create' ? undefined : keyOf(endpoint);
  const op: Obj = { summary: `${operation} ${schema.name}` };
  const parameters = pathParameters(endpoint.path, schema, key);
  if (operation === 'list') parameters.push(...listParameters(schema));
  if (operation === 'list' || operation === 'get') parameters.push(...relationParameters(schema));
  if (parameters.length > 0) op.parameters = parameters;
  if (operation === 'create' || operation === 'update') {
    const body = requestBody(endpoint, components);
    op.requestBody = { required: true, content: json(body) };
  }
  const component = components[schema.name] as Obj;
  const responses: Obj = {};
  const success: Obj = { description: `${operation} ${schema.name}` };
  if (operation === 'list') {
    success.content = negotiated({ type: 'array', items: recordWithRelations(schema, component) });
    success.headers = {
      'X-Total-Count': { description: 'Records matching the filters.', schema: { type: 'integer' } },
    };
  } else if (operation === 'get' && status !== 204)
    success.content = negotiated(recordWithRelations(schema, component));
  else if (status !== 204) success.content = negotiated(ref(schema.name));
  if (operation === 'create')
    success.headers = { Location: { description: 'The created record’s path.', schema: { type: 'string' } } };
  responses[String(status)] = success;
  const errors = [...ERRORS_OF[operation]];
  // A bad `_expand`/`_embed` name.
  if (operation === 'get' && (schema.expands.size > 0 || schema.embeds.size > 0)) errors.push(400);
  if (operation === 'delete' && restricted(schema)) errors.push(409);
  for (const code of errors) if (!responses[String(code)]) responses[String(code)] = errorRef(code);
  if (endpoint.dynamic)
    addDynamicResponses(responses, endpoint.dynamic, {
      status,
      own: success.content as Obj | undefined,
      error: errorContent,
      isStatic: false,
    });
  op.responses = responses;
  op['x-mockyard'] = { schema: schema.name, operation, ...(key ? { key } : {}) };
  return op;
}

export function staticOperation(endpoint: StaticEndpoint, errorContent: Obj): Obj {
  const parameters = pathParameters(endpoint.path, undefined, undefined);
  const success: Obj = { description: 'Static answer' };
  const own = endpoint.dynamic?.response;
  const negotiates = own?.kind !== 'body' && !endpoint.dynamic?.rules.some((r) => r.response?.kind === 'body');
  let content: Obj | undefined;
  if (own) content = responseContent(own);
  else if (endpoint.body !== null || endpoint.status !== 204)
    content = { 'application/json': { schema: {}, example: endpoint.body } };
  if (content && endpoint.status !== 204) success.content = content;
  if (success.content && negotiates) {
    success.content = {
      ...(success.content as Obj),
      'application/xml': { schema: { type: 'string' } },
      'text/xml': { schema: { type: 'string' } },
    };
  }
  const responses: Obj = { [String(endpoint.status)]: success };
  if (endpoint.dynamic)
    addDynamicResponses(responses, endpoint.dynamic, {
      status: endpoint.status,
      own: content,
      error: errorContent,
      isStatic: true,
    });
  if (negotiates) responses['406'] ??= errorRef(406);
  // A rule or template that reads the body reads it whole, and a body past the limit is refused.
  if (endpoint.dynamic && dynamicReadsBody(endpoint.dynamic)) responses['413'] ??= errorRef(413);
  // A static endpoint takes any body (rules and templates may read it).
  const takesBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return {
    summary: 'Static answer',
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(takesBody ? { requestBody: { required: false, content: { 'application/json': { schema: {} } } } } : {}),
    responses,
  };
}
