/**
 * A dereferenced OpenAPI 3.0/3.1 or Swagger 2.0 description → a Mockyard config (as a plain object),
 * with every rename and every construct not carried over reported by JSON pointer.
 *
 * - Object schemas under components.schemas (definitions) become schemas; names become PascalCase singular.
 * - A collection path and its item path answering one schema become schema-backed endpoints.
 * - Every other operation becomes an inline endpoint: its success status and the description's
 *   example, or a value made from its schema.
 */
import pluralize from 'pluralize';
import type {
  EndpointDefinition,
  FieldDefinition,
  FieldObject,
  FieldType,
  HttpMethod,
  JsonValue,
  Operation,
  SchemaDefinition,
} from '../../../shared/src/config-schema.js';
import { tableNameFor } from '../../../shared/src/table-name.js';
import { readReference, renameReferences } from './import-relations.js';
import { isObj, mergeAllOf, type Obj, pointer, sampleOf, typeOf } from './schema-walk.js';

export interface Skipped {
  /** JSON pointer into the description, e.g. #/components/securitySchemes/apiKey. */
  pointer: string;
  reason: string;
}

export interface Rename {
  pointer: string;
  from: string;
  to: string;
}

export interface Converted {
  config: {
    schemas: Record<string, SchemaDefinition>;
    endpoints: EndpointDefinition[];
    seed: Record<string, Record<string, JsonValue>[]>;
  };
  /** Per endpoint (same index), the pointer of the operation it came from. */
  origins: string[];
  renames: Rename[];
  skipped: Skipped[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const UNSUPPORTED_METHODS = ['head', 'options', 'trace'] as const;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LOOKUP_TYPES = new Set<FieldType>(['string', 'number', 'integer', 'datetime']);

const isJsonMedia = (type: string): boolean => /(^|\/|\+)json(;|$)/i.test(type) || type === '*/*';

/** `order_details` → `OrderDetail`, `pets` → `Pet`, `HTTPRequest` stays. */
export function schemaNameFor(raw: string): string {
  const words = raw
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  if (words.length === 0) return 'Schema';
  const last = words.pop() as string;
  // Singular of the last word only (OrderDetails → OrderDetail); pluralize keeps the case.
  const single = /[a-z]$/.test(last) ? pluralize.singular(last) : last;
  const name = [...words, single.charAt(0).toUpperCase() + single.slice(1)].join('');
  return /^[A-Za-z]/.test(name) ? name : `Schema${name}`;
}

/** A field or parameter name of letters, digits and `_`. */
export function fieldNameFor(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_]/g, '_');
  return FIELD_NAME.test(name) ? name : `_${name}`;
}

interface SchemaInfo {
  name: string;
  merged: Obj;
  fields: Map<string, FieldType>;
  /** Description property name → field name. */
  fieldOf: Map<string, string>;
}

interface OperationInfo {
  path: string;
  /** The Mockyard path, `:params`; undefined when the path cannot be one. */
  mockPath: string | undefined;
  params: string[];
  method: HttpMethod;
  at: string;
  status: number;
  responseSchema: unknown;
  responseExample: { value: unknown } | undefined;
  requestSchema: unknown;
  /** `x-mockyard: { schema, operation, key }` of a description Mockyard exported. */
  hint: Obj | undefined;
}

export function convert(api: Obj): Converted {
  const renames: Rename[] = [];
  const skipped: Skipped[] = [];
  const swagger2 = typeof api.swagger === 'string';
  const componentsKey = swagger2 ? ['definitions'] : ['components', 'schemas'];
  const components = swagger2 ? api.definitions : isObj(api.components) ? api.components.schemas : undefined;

  reportTopLevel(api, swagger2, skipped);

  // Schemas.
  const byObject = new Map<unknown, SchemaInfo>();
  const schemas: Record<string, SchemaDefinition> = {};
  const taken = new Set<string>();
  const tables = new Set<string>();
  const named = new Map<string, string>();
  for (const [rawName, raw] of Object.entries(isObj(components) ? components : {})) {
    const at = pointer(...componentsKey, rawName);
    // The error shape a Mockyard export adds is the engine's own, not a table.
    if (!isObj(raw) || raw['x-mockyard-error'] === true) continue;
    const merged = mergeAllOf(raw);
    for (const key of ['oneOf', 'anyOf'] as const)
      if (Array.isArray(merged[key]))
        skipped.push({ pointer: `${at}/${key}`, reason: `${key}: alternatives are not carried over` });
    const properties = isObj(merged.properties) ? merged.properties : undefined;
    if (typeOf(merged) !== 'object' || !properties || Object.keys(properties).length === 0) {
      skipped.push({
        pointer: at,
        reason: `not an object with properties (${typeOf(merged) ?? 'no type'}): no table; used as a value where referenced`,
      });
      continue;
    }
    let name = schemaNameFor(rawName);
    for (let n = 2; taken.has(name) || tables.has(tableNameFor(name)); n++) name = `${schemaNameFor(rawName)}${n}`;
    taken.add(name);
    tables.add(tableNameFor(name));
    if (name !== rawName) renames.push({ pointer: at, from: rawName, to: name });
    const info: SchemaInfo = { name, merged, fields: new Map(), fieldOf: new Map() };
    const definition: SchemaDefinition = { properties: {} };
    if (typeof merged.description === 'string' && merged.description.trim())
      definition.description = merged.description.trim();
    const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
    for (const [rawField, property] of Object.entries(properties)) {
      let field = fieldNameFor(rawField);
      for (let n = 2; info.fields.has(field); n++) field = `${fieldNameFor(rawField)}_${n}`;
      if (field !== rawField) renames.push({ pointer: `${at}/properties/${rawField}`, from: rawField, to: field });
      const fieldAt = `${at}/properties/${rawField}`;
      const { type, alternatives } = fieldTypeOf(property);
      if (alternatives)
        skipped.push({ pointer: `${fieldAt}/${alternatives}`, reason: `${alternatives}: stored as json` });
      info.fields.set(field, type);
      info.fieldOf.set(rawField, field);
      definition.properties[field] = fieldDefinition(type, property, field !== 'id' && required.has(rawField));
    }
    schemas[name] = definition;
    named.set(rawName, name);
    byObject.set(raw, info);
    byObject.set(merged, info);
  }

  renameReferences(schemas, named);

  // Operations.
  const operations = collectOperations(api, swagger2, skipped);
  const endpoints: EndpointDefinition[] = [];
  const origins: string[] = [];
  const used = new Set<SchemaInfo>();
  const schemaOf = (s: unknown): SchemaInfo | undefined => byObject.get(s);
  const byName = new Map([...byObject.values()].map((info) => [info.name, info]));
  const collectionSchemas = new Map<string, SchemaInfo>();
  // Which schema each path serves, so a DELETE with no body still finds its schema.
  for (const op of operations) {
    const info = linkedSchema(op, schemaOf);
    if (info && op.mockPath) collectionSchemas.set(op.mockPath, info);
  }
  for (const op of operations) {
    if (!op.mockPath) continue;
    const backed = hinted(op, byName) ?? schemaBacked(op, schemaOf, collectionSchemas);
    if (backed) {
      used.add(backed.info);
      const endpoint: EndpointDefinition = {
        path: op.mockPath,
        method: op.method,
        response:
          backed.operation === 'list' ? { schema: backed.info.name, type: 'array' } : { schema: backed.info.name },
      };
      if (backed.key) endpoint.key = backed.key;
      if (op.status !== DEFAULT_STATUS[backed.operation]) endpoint.status = op.status;
      endpoints.push(endpoint);
    } else {
      const body = op.responseExample
        ? op.responseExample.value
        : op.responseSchema === undefined
          ? null
          : sampleOf(op.responseSchema);
      endpoints.push({
        path: op.mockPath,
        method: op.method,
        ...(op.status === 200 ? {} : { status: op.status }),
        response: { inline: toJson(body) },
      });
    }
    origins.push(op.at);
  }

  // One sample row per schema that endpoints serve, so item paths answer from the start.
  const seed: Record<string, Record<string, JsonValue>[]> = {};
  for (const info of used) {
    const sample = sampleOf(info.merged);
    if (!isObj(sample)) continue;
    const row: Record<string, JsonValue> = {};
    for (const [rawField, value] of Object.entries(sample)) {
      const field = info.fieldOf.get(rawField);
      const type = field ? info.fields.get(field) : undefined;
      if (!field || !type || value === null || value === undefined) continue;
      if (fits(type, value)) row[field] = toJson(value);
    }
    seed[info.name] = [row];
  }
  return { config: { schemas, endpoints, seed }, origins, renames, skipped };
}

const DEFAULT_STATUS: Record<Operation, number> = { list: 200, get: 200, create: 201, update: 200, delete: 204 };

function fits(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'json':
      return true;
  }
}

function toJson(value: unknown): JsonValue {
  return value === undefined
    ? null
    : (JSON.parse(JSON.stringify(value, (_k, v) => (v === undefined ? null : v))) as JsonValue);
}

function fieldTypeOf(property: unknown): { type: FieldType; alternatives?: 'oneOf' | 'anyOf' } {
  if (!isObj(property)) return { type: 'json' };
  const merged = mergeAllOf(property);
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(merged[key])) return { type: 'json', alternatives: key };
  switch (typeOf(merged)) {
    case 'integer':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: merged.format === 'date-time' ? 'datetime' : 'string' };
    default:
      return { type: 'json' };
  }
}

function fieldDefinition(type: FieldType, property: unknown, required: boolean): FieldDefinition {
  const options: FieldObject = { type };
  if (required) options.required = true;
  if (isObj(property)) {
    // A Mockyard export marks unique fields (a reference to one needs it to be unique again); its
    // auto-assigned key is marked too, and read-only, and is a key again without saying so.
    if (property['x-mockyard-unique'] === true && property.readOnly !== true && type !== 'json') options.unique = true;
    if (property.default !== undefined && fits(type, property.default)) options.default = toJson(property.default);
    if (typeof property.description === 'string' && property.description.trim())
      options.description = property.description.trim();
    readReference(property, options);
  }
  return Object.keys(options).length === 1 ? type : options;
}

function reportTopLevel(api: Obj, swagger2: boolean, skipped: Skipped[]): void {
  const schemes = swagger2
    ? api.securityDefinitions
    : isObj(api.components)
      ? api.components.securitySchemes
      : undefined;
  const base = swagger2 ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  for (const name of Object.keys(isObj(schemes) ? schemes : {}))
    skipped.push({ pointer: pointer(...base, name), reason: 'security scheme: the mock does not check credentials' });
  if (Array.isArray(api.security) && api.security.length > 0)
    skipped.push({ pointer: '#/security', reason: 'security requirement: the mock does not check credentials' });
  if (isObj(api.webhooks))
    for (const name of Object.keys(api.webhooks))
      skipped.push({ pointer: pointer('webhooks', name), reason: 'webhook: the mock sends no requests' });
}

/** The success status: the first 2xx, else `default` as 200, else the first declared status. */
function successStatus(responses: Obj): { status: number; code: string } | undefined {
  const codes = Object.keys(responses);
  const ok = codes.filter((c) => /^2\d\d$/.test(c)).sort()[0];
  if (ok) return { status: Number(ok), code: ok };
  if (codes.includes('2XX')) return { status: 200, code: '2XX' };
  if (codes.includes('default')) return { status: 200, code: 'default' };
  const any = codes.find((c) => /^[1-5]\d\d$/.test(c));
  return any ? { status: Number(any), code: any } : undefined;
}

/** The JSON media type of a `content` map; non-JSON ones are reported. */
function jsonMedia(
  content: unknown,
  at: string,
  skipped: Skipped[],
): { media: Obj | undefined; other: Obj | undefined } {
  if (!isObj(content)) return { media: undefined, other: undefined };
  let media: Obj | undefined;
  let other: Obj | undefined;
  for (const [type, value] of Object.entries(content)) {
    if (!isObj(value)) continue;
    if (isJsonMedia(type) && !media) media = value;
    else if (!isJsonMedia(type)) {
      other ??= value;
      skipped.push({ pointer: `${at}/${pointer(type).slice(2)}`, reason: `non-JSON media type ${type}` });
    }
  }
  return { media, other };
}

function mediaExample(media: Obj): { value: unknown } | undefined {
  if (media.example !== undefined) return { value: media.example };
  if (isObj(media.examples)) {
    for (const example of Object.values(media.examples))
      if (isObj(example) && example.value !== undefined) return { value: example.value };
  }
  return undefined;
}

function collectOperations(api: Obj, swagger2: boolean, skipped: Skipped[]): OperationInfo[] {
  const out: OperationInfo[] = [];
  const paths = isObj(api.paths) ? api.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    const pathAt = pointer('paths', path);
    for (const method of UNSUPPORTED_METHODS)
      if (isObj(item[method]))
        skipped.push({
          pointer: `${pathAt}/${method}`,
          reason: `${method.toUpperCase()} operations are not declared in Mockyard`,
        });
    const { mockPath, params, problem } = mockPathFor(path);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const at = `${pathAt}/${method}`;
      if (problem) {
        skipped.push({ pointer: at, reason: problem });
        continue;
      }
      if (isObj(op.callbacks))
        for (const name of Object.keys(op.callbacks))
          skipped.push({
            pointer: `${at}/callbacks/${pointer(name).slice(2)}`,
            reason: 'callback: the mock sends no requests',
          });
      if (Array.isArray(op.security) && op.security.length > 0)
        skipped.push({
          pointer: `${at}/security`,
          reason: 'security requirement: the mock does not check credentials',
        });
      const responses = isObj(op.responses) ? op.responses : {};
      const success = successStatus(responses);
      const info: OperationInfo = {
        path,
        mockPath,
        params,
        method: method.toUpperCase() as HttpMethod,
        at,
        status: success?.status ?? 200,
        responseSchema: undefined,
        responseExample: undefined,
        requestSchema: undefined,
        hint: isObj(op['x-mockyard']) ? op['x-mockyard'] : undefined,
      };
      const response = success ? responses[success.code] : undefined;
      const responseAt = success ? `${at}/responses/${success.code}` : at;
      if (isObj(response)) {
        if (swagger2) {
          info.responseSchema = response.schema;
          const examples = isObj(response.examples) ? response.examples : {};
          const key = Object.keys(examples).find(isJsonMedia);
          if (key) info.responseExample = { value: examples[key] };
          const produces = (
            Array.isArray(op.produces) ? op.produces : Array.isArray(api.produces) ? api.produces : []
          ) as string[];
          if (response.schema !== undefined && produces.length > 0 && !produces.some(isJsonMedia))
            skipped.push({
              pointer: `${at}/produces`,
              reason: `non-JSON media types ${produces.join(', ')}: answered as JSON`,
            });
        } else {
          const { media, other } = jsonMedia(response.content, `${responseAt}/content`, skipped);
          if (media) {
            info.responseSchema = media.schema;
            info.responseExample = mediaExample(media);
          } else if (other) {
            // A non-JSON answer is served as a JSON string of its example, when it has one.
            info.responseExample =
              mediaExample(other) ?? (isObj(other.schema) ? { value: sampleOf(other.schema) } : undefined);
          }
        }
      }
      if (swagger2) {
        const parameters = [
          ...(Array.isArray(item.parameters) ? item.parameters : []),
          ...(Array.isArray(op.parameters) ? op.parameters : []),
        ];
        const body = parameters.find((p) => isObj(p) && p.in === 'body') as Obj | undefined;
        info.requestSchema = body?.schema;
      } else if (isObj(op.requestBody)) {
        const { media } = jsonMedia(op.requestBody.content, `${at}/requestBody/content`, skipped);
        info.requestSchema = media?.schema;
      }
      out.push(info);
    }
  }
  return out;
}

/** `/pets/{petId}` → `/pets/:petId`; a segment mixing text and a parameter cannot be carried over. */
function mockPathFor(path: string): { mockPath: string | undefined; params: string[]; problem?: string } {
  const params: string[] = [];
  const segments: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) {
      let name = fieldNameFor(whole[1] as string);
      while (params.includes(name)) name = `${name}_`;
      params.push(name);
      segments.push(`:${name}`);
    } else if (/[{}:*?#\s]/.test(segment)) {
      return { mockPath: undefined, params, problem: `path segment '${segment}' mixes text and a parameter` };
    } else segments.push(segment);
  }
  const mockPath = `/${segments.join('/')}`.replace(/\/+$/, '') || '/';
  if (mockPath === '/__mockyard' || mockPath.startsWith('/__mockyard/'))
    return { mockPath: undefined, params, problem: 'paths under /__mockyard/ are the admin API' };
  return { mockPath, params };
}

const lastIsParam = (op: OperationInfo): boolean => /\/:[^/]+$/.test(op.mockPath ?? '');

/** The schema an operation reads or writes: the items of an array answer, the answer, or the request body. */
function linkedSchema(op: OperationInfo, schemaOf: (s: unknown) => SchemaInfo | undefined): SchemaInfo | undefined {
  const response = op.responseSchema;
  if (isObj(response) && typeOf(response) === 'array') return lastIsParam(op) ? undefined : schemaOf(response.items);
  return schemaOf(response) ?? schemaOf(op.requestSchema);
}

function schemaBacked(
  op: OperationInfo,
  schemaOf: (s: unknown) => SchemaInfo | undefined,
  byPath: Map<string, SchemaInfo>,
): { info: SchemaInfo; operation: Operation; key?: string } | undefined {
  const item = lastIsParam(op);
  const response = op.responseSchema;
  const listOf = isObj(response) && typeOf(response) === 'array' ? schemaOf(response.items) : undefined;
  let info: SchemaInfo | undefined;
  let operation: Operation;
  switch (op.method) {
    case 'GET':
      if (item) {
        info = schemaOf(response);
        operation = 'get';
      } else {
        info = listOf;
        operation = 'list';
      }
      break;
    case 'POST':
      if (item) return undefined;
      info = schemaOf(response) ?? schemaOf(op.requestSchema);
      // The answer must be the record (or nothing): an answer of another shape stays inline.
      if (response !== undefined && !schemaOf(response)) return undefined;
      operation = 'create';
      break;
    case 'PUT':
    case 'PATCH':
      if (!item) return undefined;
      info = schemaOf(response) ?? (response === undefined ? schemaOf(op.requestSchema) : undefined);
      operation = 'update';
      break;
    case 'DELETE':
      if (!item) return undefined;
      info = schemaOf(response) ?? (response === undefined ? byPath.get(op.mockPath as string) : undefined);
      operation = 'delete';
      break;
  }
  if (!info) return undefined;
  // Every parameter but an item's last must be a field the path filters on.
  const filters = item ? op.params.slice(0, -1) : op.params;
  if (filters.some((p) => !LOOKUP_TYPES.has(info.fields.get(p) as FieldType))) return undefined;
  if (!item) return { info, operation };
  const last = op.params[op.params.length - 1] as string;
  if (LOOKUP_TYPES.has(info.fields.get(last) as FieldType)) return { info, operation };
  if (LOOKUP_TYPES.has(info.fields.get('id') as FieldType)) return { info, operation, key: 'id' };
  return undefined;
}

const OPERATIONS = new Set<string>(['list', 'get', 'create', 'update', 'delete']);

/** The endpoint a Mockyard export described, when its schema was carried over. */
function hinted(
  op: OperationInfo,
  byName: Map<string, SchemaInfo>,
): { info: SchemaInfo; operation: Operation; key?: string } | undefined {
  const { hint } = op;
  if (!hint || typeof hint.schema !== 'string' || !OPERATIONS.has(String(hint.operation))) return undefined;
  const info = byName.get(hint.schema);
  if (!info) return undefined;
  const key = typeof hint.key === 'string' && info.fields.has(hint.key) ? hint.key : undefined;
  return { info, operation: hint.operation as Operation, ...(key ? { key } : {}) };
}
