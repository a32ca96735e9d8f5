/**
 * A dereferenced OpenAPI 3.0/3.1 or Swagger 2.0 description → a Mockyard config (as a plain object),
 * with every rename and every construct not carried over reported by JSON pointer.
 *
 * - Object schemas under components.schemas (definitions) become schemas; names become PascalCase singular.
 * - A collection path and its item path answering one schema become schema-backed endpoints.
 * - Every other operation becomes an inline endpoint: its success status and the description's
 *   example, or a value made from its schema.
 */
import type { EndpointDefinition, JsonValue, SchemaDefinition } from '../../../shared/src/config-schema.js';
import { DEFAULT_STATUS } from '../../../shared/src/endpoint-defaults.js';
import { hinted, linkedSchema, schemaBacked } from './import-endpoints.js';
import { toJson } from './import-fields.js';
import { collectOperations, type OperationInfo } from './import-operations.js';
import { convertSchemas, type SchemaInfo, sampleRow } from './import-schemas.js';
import { isObj, type Obj, pointer, sampleOf } from './schema-walk.js';

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

/** The config a description makes, with what was renamed or left out (see the top of this file). */
export function convert(api: Obj): Converted {
  const renames: Rename[] = [];
  const skipped: Skipped[] = [];
  const swagger2 = typeof api.swagger === 'string';

  reportTopLevel(api, swagger2, skipped);

  const { schemas, byObject } = convertSchemas(api, swagger2, renames, skipped);

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
  const lists = new Set(operations.filter((op) => op.method === 'GET').map((op) => op.mockPath));
  for (const op of operations) {
    if (!op.mockPath) continue;
    const hint = hinted(op, byName);
    const action = !hint && isAction(op, lists);
    if (action)
      skipped.push({
        pointer: op.at,
        reason: `POST ${op.mockPath} is an action on an item (no GET lists this path): a static answer, not a create`,
      });
    const backed = hint ?? (action || op.suffixed ? undefined : schemaBacked(op, schemaOf, collectionSchemas));
    if (!backed && op.method === 'DELETE')
      skipped.push({
        pointer: op.at,
        reason: `DELETE ${op.mockPath} answers statically: no record is deleted`,
      });
    if (backed) {
      used.add(backed.info);
      const endpoint: EndpointDefinition = {
        path: op.mockPath,
        method: op.method,
        response:
          backed.operation === 'list' ? { schema: backed.info.name, type: 'array' } : { schema: backed.info.name },
      };
      if (backed.key) endpoint.key = backed.key;
      if ('guessed' in backed && backed.guessed)
        skipped.push({
          pointer: op.at,
          reason: `'{${op.params[op.params.length - 1]}}' names no field of ${backed.info.name}: looked up by '${backed.key}' (a guess; set key: to the right field)`,
        });
      if (backed.operation === 'create' && op.requestFields)
        unrequire(schemas[backed.info.name], backed.info, op.requestFields, op.at, skipped);
      if (op.status !== DEFAULT_STATUS[backed.operation]) endpoint.status = op.status;
      endpoints.push(endpoint);
    } else if (op.responseText) {
      const { body, contentType } = op.responseText;
      endpoints.push({
        path: op.mockPath,
        method: op.method,
        ...(op.status === 200 ? {} : { status: op.status }),
        response: { body, ...(contentType ? { contentType } : {}) },
      });
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
    const row = sampleRow(info);
    if (row) seed[info.name] = [row];
  }
  return { config: { schemas, endpoints, seed }, origins, renames, skipped };
}

/**
 * A POST under an item path (`/v1/credit_notes/{id}/void`): the last segment is text after a
 * parameter, and no GET answers on the same path, so it is no collection (`/users/{id}/posts` is).
 */
function isAction(op: OperationInfo, lists: ReadonlySet<string | undefined>): boolean {
  return op.method === 'POST' && /\/:[^/]+\/[^/:]+$/.test(op.mockPath ?? '') && !lists.has(op.mockPath);
}

/**
 * A create whose request body leaves a field out (Stripe's `created`, GitHub's `url`): the server
 * makes it, so the schema's `required` (read from the answer) must not make clients send it.
 */
function unrequire(
  schema: SchemaDefinition | undefined,
  info: SchemaInfo,
  sent: Set<string>,
  at: string,
  skipped: Skipped[],
): void {
  if (!schema) return;
  for (const [rawField, field] of info.fieldOf) {
    const definition = schema.properties[field];
    if (sent.has(rawField) || typeof definition !== 'object' || definition.required !== true) continue;
    delete definition.required;
    skipped.push({
      pointer: `${at}/requestBody`,
      reason: `'${field}' of ${info.name} is required in answers but not sent on create: not required`,
    });
    if (Object.keys(definition).length === 1) schema.properties[field] = definition.type;
  }
}

/** Security schemes and requirements, and webhooks: reported, none carried over. */
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
