import { DEFAULT_STATUS, inferOperation } from '../../../shared/src/endpoint-defaults.js';
import {
  EndpointSchema,
  type EndpointDefinition,
  type EndpointEntry,
  type ResourceDefinition,
  type HttpMethod,
  type Operation,
} from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import { isRealtimeEntry } from '../../../shared/src/realtime-schema.js';
import { endpointName, type EndpointModel, type ParamBinding } from '../model/service-model.js';
import type { CompileContext } from './compile-context.js';
import { compileDynamic } from './compile-dynamic.js';
import { expandResource, LOOKUP_TYPES, tidyResourceProblems } from './compile-resource.js';
import { FIELD_NAME } from './compile-schemas.js';
import { didYouMean } from './did-you-mean.js';
import { checkedPath } from './endpoint-path.js';
import { warnIgnoredOptions } from './ignored-options.js';
import { routeShape } from './route-shape.js';
import { withFix } from './fixes.js';
import type { DocPath } from './source.js';

/** A parameter segment: `:name`, maybe followed by a literal suffix that starts with a dot (`:sid.json`). */
const PARAM_SEGMENT = /^:([^.]*)((?:\.[A-Za-z0-9_-]+)*)$/;

/** The `:name` segments of a path (`:name.json` too), or a reason the path is unusable. */
export function pathParams(path: string): { params: string[] } | { error: string } {
  if (!path.startsWith('/')) return { error: "it must start with '/'" };
  if (/[?#\s*]/.test(path)) return { error: 'use plain segments and :parameters only (no ?, #, * or spaces)' };
  const params: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (!segment.startsWith(':')) {
      if (segment.includes(':')) return { error: `segment '${segment}' mixes text and a parameter` };
      continue;
    }
    const parts = PARAM_SEGMENT.exec(segment);
    if (!parts)
      return {
        error: `segment '${segment}' mixes text and a parameter (a parameter may only be followed by a suffix such as '.json')`,
      };
    const name = parts[1] as string;
    if (!FIELD_NAME.test(name)) return { error: `parameter ':${name}' needs a name of letters, digits and _` };
    if (params.includes(name)) return { error: `parameter ':${name}' appears twice` };
    params.push(name);
  }
  return { params };
}

function resolveOperation(
  ctx: CompileContext,
  at: DocPath,
  label: string,
  method: HttpMethod,
  declared: Operation | undefined,
  isArray: boolean,
  hasParams: boolean,
  schema: string,
): Operation | undefined {
  const fail = (operation: string, expected: string): undefined => {
    ctx.problems.push(
      ctx.source.problemAt(
        [...at, declared ? 'operation' : 'method'],
        'operationMismatch',
        messages.operationMismatch(label, operation, expected),
      ),
    );
    return undefined;
  };
  const operation: Operation = declared ?? inferOperation(method, isArray) ?? 'update';
  if (isArray && operation !== 'list') {
    ctx.problems.push(ctx.source.problemAt([...at, 'response', 'type'], 'arrayOnWrite', messages.arrayOnWrite(label)));
    return undefined;
  }
  switch (operation) {
    case 'list':
      return method === 'GET' ? operation : fail(operation, 'a list is read with GET');
    case 'get':
      if (method !== 'GET') return fail(operation, 'a record is read with GET');
      if (!hasParams) {
        if (declared) return fail(operation, 'it needs a path parameter such as /:id');
        ctx.problems.push(
          ctx.source.problemAt([...at, 'path'], 'getWithoutParam', messages.getWithoutParam(label, schema)),
        );
        return undefined;
      }
      return operation;
    case 'create':
      return method === 'POST' ? operation : fail(operation, 'records are created with POST');
    case 'update':
      if (method !== 'PATCH' && method !== 'PUT') return fail(operation, 'records are updated with PATCH or PUT');
      return hasParams ? operation : fail(operation, 'it needs a path parameter such as /:id');
    case 'delete':
      if (method !== 'DELETE') return fail(operation, 'records are deleted with DELETE');
      return hasParams ? operation : fail(operation, 'it needs a path parameter such as /:id');
  }
}

function compileEndpoint(
  ctx: CompileContext,
  def: EndpointDefinition,
  index: number,
  at: DocPath,
  line: number,
): EndpointModel | undefined {
  const { source, problems } = ctx;
  const label = endpointName(def);
  const shape = checkedPath(source, problems, at, def.path);
  if (!shape) return undefined;
  const { response } = def;
  const hasInline = ('inline' in response && response.inline !== undefined) || response.body !== undefined;
  if (hasInline && response.schema !== undefined) {
    problems.push(source.problemAt([...at, 'response'], 'schemaAndInline', messages.schemaAndInline(label)));
    return undefined;
  }
  if (hasInline) {
    warnIgnoredOptions(source, problems, at, def, ['operation', 'key'], 'inlineWithSchemaOptions', (field) =>
      messages.inlineWithSchemaOptions(label, field),
    );
    if (response.type !== undefined)
      problems.push(
        source.problemAt(
          [...at, 'response', 'type'],
          'inlineWithSchemaOptions',
          messages.inlineWithSchemaOptions(label, 'type'),
          'warning',
          'key',
        ),
      );
    const scope = {
      source,
      problems,
      label,
      params: shape.params,
      schema: undefined,
      broken: ctx.broken,
      scenarios: ctx.scenarios,
    };
    const dynamic = compileDynamic(scope, at, def);
    if (dynamic === null) return undefined;
    return {
      kind: 'static',
      method: def.method,
      path: def.path,
      status: def.status ?? 200,
      body: response.inline ?? null,
      line,
      entry: index,
      ...(dynamic ? { dynamic } : {}),
    };
  }
  if (response.schema === undefined) {
    problems.push(
      source.problemAt([...at, 'response'], 'neitherSchemaNorInline', messages.neitherSchemaNorInline(label)),
    );
    return undefined;
  }
  const schema = ctx.schemas.get(response.schema);
  if (!schema) {
    if (ctx.broken.has(response.schema)) return undefined;
    const suggestion = didYouMean(response.schema, [...ctx.schemas.keys()]);
    const message = messages.unknownSchema(label, response.schema, suggestion);
    problems.push(withFix(source.problemAt([...at, 'response', 'schema'], 'unknownSchema', message), suggestion));
    return undefined;
  }
  const operation = resolveOperation(
    ctx,
    at,
    label,
    def.method,
    def.operation,
    response.type === 'array',
    shape.params.length > 0,
    schema.name,
  );
  if (!operation) return undefined;
  const fields = schema.fields.map((f) => f.name);
  const params: ParamBinding[] = [];
  shape.params.forEach((param, i) => {
    const isKey = i === shape.params.length - 1 && def.key !== undefined;
    const column = isKey ? (def.key as string) : param;
    const field = schema.fieldMap.get(column);
    if (!field) {
      // A field left out for its own error (e.g. a misspelt type) is not reported again here.
      if (!ctx.broken.has(`${schema.name}.${column}`)) {
        const suggestion = didYouMean(column, fields);
        problems.push(
          isKey
            ? withFix(
                source.problemAt(
                  [...at, 'key'],
                  'keyNotAField',
                  messages.keyNotAField(label, column, schema.name, fields, suggestion),
                ),
                suggestion,
              )
            : source.problemAt(
                [...at, 'path'],
                'paramNotAField',
                messages.paramNotAField(label, param, schema.name, fields),
              ),
        );
      }
    } else if (!LOOKUP_TYPES.has(field.type)) {
      problems.push(
        source.problemAt(
          [...at, isKey ? 'key' : 'path'],
          'keyNotLookupType',
          messages.keyNotLookupType(label, column, field.type),
        ),
      );
    }
    params.push({ param, column });
  });
  if (
    def.key !== undefined &&
    shape.params.length === 0 &&
    !schema.fieldMap.has(def.key) &&
    !ctx.broken.has(`${schema.name}.${def.key}`)
  ) {
    const suggestion = didYouMean(def.key, fields);
    const message = messages.keyNotAField(label, def.key, schema.name, fields, suggestion);
    problems.push(withFix(source.problemAt([...at, 'key'], 'keyNotAField', message), suggestion));
  }
  if (params.some((p) => !schema.fieldMap.has(p.column))) return undefined;
  const dynamic = compileDynamic(
    { source, problems, label, params: shape.params, schema, broken: ctx.broken, scenarios: ctx.scenarios },
    at,
    def,
  );
  if (dynamic === null) return undefined;
  for (const p of params) schema.lookupColumns.add(p.column);
  return {
    ...(dynamic ? { dynamic } : {}),
    kind: 'schema',
    method: def.method,
    path: def.path,
    status: def.status ?? DEFAULT_STATUS[operation],
    operation,
    schema,
    params,
    line,
    entry: index,
  };
}

/**
 * Builds every well-formed endpoint, expanding `resource:` entries and rejecting duplicate routes.
 * `checked` is the list as the structure check parsed it, when the whole document fits: entries are not parsed again.
 */
export function compileEndpoints(
  ctx: CompileContext,
  raw: unknown,
  checked?: readonly EndpointEntry[],
): EndpointModel[] {
  const { source, problems } = ctx;
  const endpoints: EndpointModel[] = [];
  const seen = new Map<string, number>();
  if (!Array.isArray(raw)) return endpoints;
  raw.forEach((entry: unknown, index) => {
    // `websocket:` and `sse:` entries are compiled by realtime/compile-realtime.ts.
    if (isRealtimeEntry(entry)) return;
    const at = ['endpoints', index];
    const line = source.lineOf(at);
    const isResource = entry !== null && typeof entry === 'object' && 'resource' in entry;
    const before = problems.length;
    let definitions: EndpointDefinition[];
    if (isResource) {
      definitions = expandResource(ctx, entry, index, checked?.[index] as ResourceDefinition | undefined);
    } else if (checked) {
      definitions = [checked[index] as EndpointDefinition];
    } else {
      const parsed = EndpointSchema.safeParse(entry);
      definitions = parsed.success ? [parsed.data] : [];
    }
    for (const def of definitions) {
      const route = routeShape(def.method, def.path);
      const first = seen.get(route);
      if (first !== undefined) {
        problems.push(
          source.problemAt(
            isResource ? at : [...at, 'path'],
            'duplicateRoute',
            messages.duplicateRoute(endpointName(def), first),
          ),
        );
        continue;
      }
      seen.set(route, line);
      const model = compileEndpoint(ctx, def, index, at, line);
      if (model) endpoints.push(model);
    }
    if (isResource) tidyResourceProblems(source, entry, at, problems, before);
  });
  return endpoints;
}
