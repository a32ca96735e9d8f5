/**
 * A config's service as an OpenAPI 3.1 description: schemas as components (required and unique
 * fields noted), every endpoint with its parameters, request body, success answer and the
 * `{ "error": string }` answers it can give, and the list query parameters.
 *
 * Each schema-backed operation carries `x-mockyard: { schema, operation, key }`, so importing the
 * export gives back the same endpoints even where the shapes alone would be ambiguous.
 */
import { HTTP_METHODS } from '../../../shared/src/config-schema.js';
import { type FilterOperator, filterOperatorsFor, LIST_PARAM, MAX_LIMIT } from '../../../shared/src/list-dialect.js';
import type { FieldModel, SchemaEndpoint, SchemaModel, ServiceModel, StaticEndpoint } from '../model/service-model.js';
import { addDynamicResponses, responseContent } from './export-dynamic.js';
import { describeReference, recordWithRelations, relationParameters } from './export-relations.js';
import type { Obj } from './schema-walk.js';

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
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

const ERRORS_OF: Record<SchemaEndpoint['operation'], number[]> = {
  list: [400, 406],
  get: [404, 406],
  create: [400, 409, 413, 415, 406],
  update: [400, 404, 409, 413, 415, 406],
  delete: [404, 406],
};

/** The JSON types a `json` field takes when it must have a value (`null` is no value). */
const JSON_VALUE_TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean'];

/**
 * A field's value as a schema. `nullable`: the field is optional, so it may have no value, which
 * answers (and requests) write as `null` (see the README's "Optional fields").
 */
export function fieldSchema(field: Pick<FieldModel, 'type' | 'default'>, nullable = false): Obj {
  const schema: Obj = {};
  const type = (name: string): string | string[] => (nullable ? [name, 'null'] : name);
  switch (field.type) {
    case 'datetime':
      Object.assign(schema, { type: type('string'), format: 'date-time' });
      break;
    case 'json':
      if (!nullable) schema.type = JSON_VALUE_TYPES;
      break;
    case 'integer':
      // The server refuses integers past the safe range (they would not survive a JSON round trip).
      Object.assign(schema, {
        type: type('integer'),
        minimum: Number.MIN_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      });
      break;
    default:
      schema.type = type(field.type);
  }
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

/** A field that may be `null`: neither required nor the server-assigned key. */
export const isNullable = (field: FieldModel): boolean => !field.required && field.autoId === undefined;

function componentSchema(
  schema: SchemaModel,
  descriptions: Map<string, string | undefined>,
  schemas: ServiceModel['schemas'],
): Obj {
  const properties: Obj = {};
  for (const field of schema.fields) {
    // An auto-assigned key declared `number` holds integers only.
    const property = fieldSchema(field.autoId === 'integer' ? { ...field, type: 'integer' } : field, isNullable(field));
    const description = descriptions.get(`${schema.name}.${field.name}`);
    if (description) property.description = description;
    if (field.unique) property['x-mockyard-unique'] = true;
    // Not readOnly: a create may give its own id; without one the server assigns it.
    if (field.autoId) property['x-mockyard-auto'] = true;
    if (field.references) describeReference(field, schemas.get(field.references.schema), property);
    properties[field.name] = property;
  }
  // The server answers 400 to a field the schema does not declare.
  const out: Obj = { type: 'object', properties, additionalProperties: false };
  const description = descriptions.get(schema.name);
  if (description) out.description = description;
  const required = schema.fields.filter((f) => f.required).map((f) => f.name);
  if (required.length > 0) out.required = required;
  return out;
}

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Obj): Obj => ({ 'application/json': { schema } });
const errorRef = (status: number): Obj => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}`,
});

/** `/users/:id` → `/users/{id}`. */
const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** `_sort`'s value: field names, comma-separated, each maybe with a leading `-`. */
function sortPattern(schema: SchemaModel): string {
  const names = schema.fields.map((f) => f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return `^-?(${names})(,-?(${names}))*$`;
}

const operatorDoc = (op: FilterOperator): string =>
  op === 'ne' ? 'Not equal.' : op === 'like' ? 'Substring, case-insensitive.' : `Compare (${op}).`;

function listParameters(schema: SchemaModel): Obj[] {
  const params: Obj[] = [
    {
      name: LIST_PARAM.page,
      in: 'query',
      description: 'Page number, from 1.',
      schema: { type: 'integer', minimum: 1 },
    },
    {
      name: LIST_PARAM.limit,
      in: 'query',
      description: `Records per page (at most ${MAX_LIMIT}).`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
    },
    {
      name: LIST_PARAM.sort,
      in: 'query',
      description: 'Fields to sort by, comma-separated; `-name` sorts descending.',
      schema: { type: 'string', pattern: sortPattern(schema) },
    },
    {
      name: LIST_PARAM.order,
      in: 'query',
      description: 'Sort direction for `_sort`.',
      schema: { type: 'string', enum: ['asc', 'desc'] },
    },
    { name: LIST_PARAM.search, in: 'query', description: 'Substring of any text field.', schema: { type: 'string' } },
  ];
  for (const field of schema.fields) {
    if (field.type === 'json') continue;
    const value = fieldSchema({ type: field.type, default: undefined });
    params.push({ name: field.name, in: 'query', description: `Equals (repeat for any of).`, schema: value });
    for (const op of filterOperatorsFor(field.type))
      params.push({ name: `${field.name}_${op}`, in: 'query', description: operatorDoc(op), schema: value });
  }
  return params;
}

function pathParameters(path: string, schema: SchemaModel | undefined, key: string | undefined): Obj[] {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
  return names.map((name, i) => {
    const column = i === names.length - 1 && key ? key : name;
    const field = schema?.fieldMap.get(column);
    return {
      name,
      in: 'path',
      required: true,
      // A path segment is never empty.
      schema:
        !field || field.type === 'string'
          ? { type: 'string', minLength: 1 }
          : fieldSchema({ type: field.type, default: undefined }),
    };
  });
}

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

/**
 * A create's body: the schema's record, except that on a nested route (`POST /users/{authorId}/posts`)
 * the fields the path sets are not required, and when given must equal the path's value.
 */
function createBody(endpoint: SchemaEndpoint, components: Obj): Obj {
  const { schema, params } = endpoint;
  if (params.length === 0) return ref(schema.name);
  const fromPath = new Set(params.map((p) => p.column));
  const { required, ...component } = components[schema.name] as Obj & { required?: string[] };
  const stillRequired = (required ?? []).filter((name) => !fromPath.has(name));
  const named = params.map((p) => `\`${p.column}\` comes from the path's \`{${p.param}}\``).join('; ');
  return {
    ...component,
    ...(stillRequired.length > 0 ? { required: stillRequired } : {}),
    description: `${named}; when given in the body it must be the same value.`,
  };
}

function schemaOperation(endpoint: SchemaEndpoint, components: Obj, errorContent: Obj): Obj {
  const { schema, operation, status } = endpoint;
  const key = operation === 'list' || operation === 'create' ? undefined : keyOf(endpoint);
  const op: Obj = { summary: `${operation} ${schema.name}` };
  const parameters = pathParameters(endpoint.path, schema, key);
  if (operation === 'list') parameters.push(...listParameters(schema));
  if (operation === 'list' || operation === 'get') parameters.push(...relationParameters(schema));
  if (parameters.length > 0) op.parameters = parameters;
  if (operation === 'create' || operation === 'update') {
    const body =
      endpoint.method === 'PATCH'
        ? {
            type: 'object',
            description: `Fields of ${schema.name} to change; the key, when given, must be the path's.`,
            properties: Object.fromEntries(
              schema.fields.map((f) => [f.name, fieldSchema({ type: f.type, default: undefined }, isNullable(f))]),
            ),
            additionalProperties: false,
          }
        : operation === 'create'
          ? createBody(endpoint, components)
          : ref(schema.name);
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

function staticOperation(endpoint: StaticEndpoint, errorContent: Obj): Obj {
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
  // A static endpoint takes any body (rules and templates may read it).
  const takesBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return {
    summary: 'Static answer',
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(takesBody ? { requestBody: { required: false, content: { 'application/json': { schema: {} } } } } : {}),
    responses,
  };
}

const ALLOW_HEADER = { Allow: { description: 'The methods the path answers.', schema: { type: 'string' } } };

/**
 * What the server answers on every path beyond its endpoints: 405 (with `Allow`) to a method no
 * endpoint of the path has, and 204 (with `Allow`) to OPTIONS. Both are marked so an import of the
 * export skips them.
 */
function addServerAnswers(item: Obj): void {
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

export interface ExportOptions {
  title?: string;
  version?: string;
  /** Descriptions from the config's text (the model keeps none): `Schema` and `Schema.field`. */
  descriptions?: Map<string, string | undefined>;
}

/** The OpenAPI 3.1 description of a compiled service. */
export function exportOpenApi(model: ServiceModel, options: ExportOptions = {}): Obj {
  const descriptions = options.descriptions ?? new Map();
  const schemas: Obj = {};
  for (const schema of model.schemas.values())
    schemas[schema.name] = componentSchema(schema, descriptions, model.schemas);
  const errorName = schemas.Error === undefined ? 'Error' : 'MockyardError';
  schemas[errorName] = {
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'string' } },
    description: 'Every error answer of the mock.',
    'x-mockyard-error': true,
  };
  const responses: Obj = {};
  const errorContent = json({ $ref: `#/components/schemas/${errorName}` });
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES))
    responses[name] = { description, content: errorContent, ...(status === '405' ? { headers: ALLOW_HEADER } : {}) };

  const paths: Record<string, Obj> = {};
  for (const endpoint of model.endpoints) {
    const path = openApiPath(endpoint.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    const method = endpoint.method.toLowerCase();
    if (item[method]) continue;
    item[method] =
      endpoint.kind === 'schema'
        ? schemaOperation(endpoint, schemas, errorContent)
        : staticOperation(endpoint, errorContent);
  }
  for (const item of Object.values(paths)) addServerAnswers(item);
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Mockyard mock',
      version: options.version ?? '1.0.0',
      description:
        'Exported by Mockyard. Errors are JSON `{ "error": string }`. A known path called with another method answers 405 (declared on each such method, marked `x-mockyard-not-allowed`); OPTIONS answers 204 with `Allow` on every path.',
    },
    paths,
    components: { schemas, responses },
  };
}
