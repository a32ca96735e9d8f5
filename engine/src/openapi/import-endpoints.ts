/** Which operations become schema-backed endpoints, and of which schema. */
import type { FieldType, Operation } from '../../../shared/src/config-schema.js';
import type { OperationInfo } from './import-operations.js';
import type { SchemaInfo } from './import-schemas.js';
import { isObj, typeOf } from './schema-walk.js';

const LOOKUP_TYPES = new Set<FieldType>(['string', 'number', 'integer', 'datetime']);

/** The text fields a slug-like parameter that names no field is guessed to look up, in order. */
const SLUG_KEYS = ['login', 'slug'];

const lastIsParam = (op: OperationInfo): boolean => /\/:[^/]+$/.test(op.mockPath ?? '');

/** The schema an operation reads or writes: the items of an array answer, the answer, or the request body. */
export function linkedSchema(
  op: OperationInfo,
  schemaOf: (s: unknown) => SchemaInfo | undefined,
): SchemaInfo | undefined {
  const response = op.responseSchema;
  if (isObj(response) && typeOf(response) === 'array') return lastIsParam(op) ? undefined : schemaOf(response.items);
  return schemaOf(response) ?? schemaOf(op.requestSchema);
}

/**
 * The schema-backed endpoint an operation can be: a list or create on a collection path, a get,
 * update or delete on its item path, answering (or taking) one schema's records. Undefined: inline.
 */
export function schemaBacked(
  op: OperationInfo,
  schemaOf: (s: unknown) => SchemaInfo | undefined,
  byPath: Map<string, SchemaInfo>,
): { info: SchemaInfo; operation: Operation; key?: string; guessed?: boolean } | undefined {
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
  // `app_slug` → `slug`, `team_id` → `id`: the parameter's own word names the key field.
  const word = /(?:^|_)(slug|id|name|login|key|code|uuid|number)$|(?<=[a-z])(Slug|Id|Name|Login|Key|Code|Uuid|Number)$/
    .exec(last)
    ?.slice(1)
    .find(Boolean)
    ?.toLowerCase();
  if (word && LOOKUP_TYPES.has(info.fields.get(word) as FieldType)) return { info, operation, key: word };
  // A slug parameter (`{org}`, `{owner}`) of a schema with a text `login` or `slug` field names
  // that field (GitHub's organizations and users are looked up by login): a guess, said.
  const slugKey = SLUG_KEYS.find((name) => info.fields.get(name) === 'string');
  if (slugKey && !/(?:^|_)id$|[a-z]Id$/.test(last)) return { info, operation, key: slugKey, guessed: true };
  if (LOOKUP_TYPES.has(info.fields.get('id') as FieldType)) return { info, operation, key: 'id', guessed: true };
  return undefined;
}

const OPERATIONS = new Set<string>(['list', 'get', 'create', 'update', 'delete']);

/** The endpoint a Mockyard export described, when its schema was carried over. */
export function hinted(
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
