/**
 * A `resource:` entry of `endpoints:`: the six CRUD endpoints it stands for, and its problems, each
 * reported once and placed where the author can fix it.
 */
import { type EndpointDefinition, ResourceSchema, type ResourceDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import { tableNameFor } from '../model/table-name.js';
import type { CompileContext } from './compile-context.js';
import { didYouMean } from './did-you-mean.js';
import { withFix } from './fixes.js';
import type { ConfigSource, DocPath } from './source.js';

/** Field types a path parameter (and so a resource's key) can look a record up by: those a path segment's text converts to. */
export const LOOKUP_TYPES = new Set(['string', 'number', 'integer', 'datetime']);

/**
 * A resource keyed by a field other than `id` (`key: _id`, json-server's `--id`): an integer key of a
 * schema without `id` is generated as `id` is (it becomes the table's auto-assigned key); a text key
 * is required, so a create without it is a clear 400 instead of a record stored with no key.
 */
function keyOfResource(schema: SchemaModel, keyField: FieldModel): void {
  if (keyField.autoId !== undefined || keyField.name === 'id') return;
  if (!schema.idField && (keyField.type === 'integer' || keyField.type === 'number')) {
    keyField.autoId = 'integer';
    keyField.unique = true;
    schema.idField = keyField;
  } else if (keyField.type === 'string' && keyField.default === undefined) keyField.required = true;
}

/** The six endpoints of a `resource:` entry (list, get, create, patch, replace, delete), or none when it cannot be built. */
export function expandResource(
  ctx: CompileContext,
  raw: unknown,
  index: number,
  checked?: ResourceDefinition,
): EndpointDefinition[] {
  const parsed = checked ? { success: true as const, data: checked } : ResourceSchema.safeParse(raw);
  if (!parsed.success) return [];
  const { resource, key } = parsed.data;
  const base = (parsed.data.path ?? `/${tableNameFor(resource)}`).replace(/\/+$/, '');
  const path = base || '/';
  const at = ['endpoints', index];
  const schema = ctx.schemas.get(resource);
  if (!schema) {
    if (ctx.broken.has(resource)) return [];
    const suggestion = didYouMean(resource, [...ctx.schemas.keys()]);
    const message = messages.unknownSchema(`GET ${path}`, resource, suggestion);
    ctx.problems.push(withFix(ctx.source.problemAt([...at, 'resource'], 'unknownSchema', message), suggestion));
    return [];
  }
  const keyName = key ?? (schema.fieldMap.has('id') || ctx.broken.has(`${resource}.id`) ? 'id' : undefined);
  if (!keyName) {
    ctx.problems.push(
      ctx.source.problemAt([...at, 'resource'], 'resourceWithoutKey', messages.resourceWithoutKey(resource)),
    );
    return [];
  }
  // Checked once here: otherwise each of the four /:key endpoints would report it, about a path the author never wrote.
  const keyField = schema.fieldMap.get(keyName);
  if (!keyField) {
    if (!ctx.broken.has(`${resource}.${keyName}`)) {
      const fields = schema.fields.map((f) => f.name);
      const suggestion = didYouMean(keyName, fields);
      const message = messages.resourceKeyNotAField(resource, keyName, fields, suggestion);
      // A defaulted key ('id') is not written, so there is nothing to change in place.
      const problem = ctx.source.problemAt([...at, 'key'], 'keyNotAField', message);
      ctx.problems.push(key === undefined ? problem : withFix(problem, suggestion));
    }
    return [];
  }
  if (!LOOKUP_TYPES.has(keyField.type)) {
    ctx.problems.push(
      ctx.source.problemAt(
        [...at, 'key'],
        'keyNotLookupType',
        messages.resourceKeyNotLookupType(resource, keyName, keyField.type),
      ),
    );
    return [];
  }
  keyOfResource(schema, keyField);
  const item = `${base}/:${keyName}`;
  const response = { schema: resource };
  return [
    { method: 'GET', path, response: { schema: resource, type: 'array' } },
    { method: 'GET', path: item, response },
    { method: 'POST', path, response },
    { method: 'PATCH', path: item, response },
    { method: 'PUT', path: item, response },
    { method: 'DELETE', path: item, response },
  ];
}

/**
 * The six endpoints of a resource share one entry: report each problem once, and point it at
 * `resource:` when the key it names (method, response, or a defaulted path) is not written in the entry.
 */
export function tidyResourceProblems(
  source: ConfigSource,
  entry: object,
  at: DocPath,
  problems: Problem[],
  from: number,
): void {
  const seen = new Set<string>();
  const added = problems.splice(from).map((problem) => {
    const key = problem.path[at.length];
    const written = typeof key === 'string' && key in entry;
    return written ? problem : source.problemAt([...at, 'resource'], problem.code, problem.message, problem.severity);
  });
  for (const problem of added) {
    const id = `${problem.code} ${problem.path.join('.')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
  }
}
