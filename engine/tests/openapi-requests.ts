/**
 * Requests made from an OpenAPI description, and the check that an answer is documented: what a
 * tool such as Schemathesis does, with fast-check making the values and ajv judging the bodies.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';

// biome-ignore lint/suspicious/noExplicitAny: a JSON document walked by key
type Doc = Record<string, any>;

export interface Operation {
  path: string;
  method: string;
  op: Doc;
}

export interface GeneratedRequest {
  operation: Operation;
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/** Every operation of the description, minus those `skip` names (`GET /slow`). */
export function operationsOf(doc: Doc, skip: ReadonlySet<string> = new Set()): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Doc))
    for (const method of METHODS)
      if (item[method] && !skip.has(`${method.toUpperCase()} ${path}`)) out.push({ path, method, op: item[method] });
  return out;
}

const resolve = (doc: Doc, schema: Doc): Doc => {
  let s = schema;
  while (s && typeof s.$ref === 'string')
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((o: Doc, k: string) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return s;
};

/** Values of a schema: mostly valid ones, the kind a client following the description sends. */
export function schemaValues(doc: Doc, raw: Doc, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw ?? {});
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((s: Doc) => schemaValues(doc, s, depth + 1)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'integer':
          return fc.oneof(
            fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 1000, 1000) }),
            fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0),
          );
        case 'number':
          return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
        case 'boolean':
          return fc.boolean();
        case 'array':
          return depth > 2
            ? fc.constant([])
            : fc.array(schemaValues(doc, schema.items ?? {}, depth + 1), { maxLength: 3 });
        case 'object': {
          if (depth > 2 || !schema.properties) return fc.constant({});
          const required = new Set<string>(schema.required ?? []);
          const record: Record<string, fc.Arbitrary<unknown>> = {};
          // A client id of 2^53 − 1 leaves no automatic id: later creates without one answer 507.
          for (const [name, property] of Object.entries(schema.properties as Doc))
            record[name] = schemaValues(doc, property, depth + 1);
          const made = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
          const auto = Object.keys(schema.properties as Doc).filter((k) => schema.properties[k]['x-mockyard-auto']);
          if (auto.length === 0) return made;
          // Most clients let the server choose ids: the automatic key is left out of half the records more.
          return fc
            .tuple(made, fc.boolean())
            .map(([value, keep]) =>
              keep ? value : Object.fromEntries(Object.entries(value as Doc).filter(([k]) => !auto.includes(k))),
            );
        }
        default:
          if (schema.format === 'date-time')
            return fc
              .date({
                min: new Date('1900-01-01T00:00:00Z'),
                max: new Date('2100-01-01T00:00:00Z'),
                noInvalidDate: true,
              })
              .map((d) => d.toISOString());
          if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^-?(')) {
            // `_sort`: field names, maybe descending.
            const names = /^\^-\?\(([^)]*)\)/.exec(schema.pattern)?.[1]?.split('|') ?? [];
            return fc
              .array(fc.tuple(fc.boolean(), fc.constantFrom(...names)), { minLength: 1, maxLength: 2 })
              .map((keys) => keys.map(([desc, name]) => `${desc ? '-' : ''}${name}`).join(','));
          }
          return fc.string({ minLength: schema.minLength ?? 0, maxLength: 12 });
      }
    }),
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A body the description's schema gives, or now and then one the server must refuse. */
type BodyKind = 'described' | 'too large' | 'not json';

/**
 * A request to one of `operations`: path parameters (some from `keys`, the records that exist),
 * query, Accept and body. One body in ten is past `bodyLimit` (the server's, in bytes) or is text
 * sent as `text/plain`: statuses the server gives to clients that do not follow the description,
 * which it must declare all the same.
 */
export function requestOf(
  doc: Doc,
  base: string,
  operations: Operation[],
  keys: (name: string) => unknown[],
  bodyLimit: number,
): fc.Arbitrary<GeneratedRequest> {
  // The endpoints' own operations are picked four times as often as the server's 405s and OPTIONS.
  const picked = fc.oneof(
    ...operations.map((operation) => ({
      weight: operation.op['x-mockyard-not-allowed'] ? 1 : 4,
      arbitrary: fc.constant(operation),
    })),
  );
  return picked.chain((operation) => {
    const params: Doc[] = operation.op.parameters ?? [];
    const path = params.filter((p) => p.in === 'path');
    const query = params.filter((p) => p.in === 'query');
    const pathValues = fc.tuple(
      ...path.map((p) => {
        const known = keys(p.name);
        const made = schemaValues(doc, p.schema);
        return known.length > 0 ? fc.oneof(fc.constantFrom(...known), made) : made;
      }),
    );
    const queryValues = fc
      .subarray(query, { maxLength: Math.min(3, query.length) })
      .chain((chosen) => fc.tuple(...chosen.map((p) => schemaValues(doc, p.schema).map((v) => [p.name, v] as const))));
    const json = operation.op.requestBody?.content?.['application/json']?.schema;
    const kind: fc.Arbitrary<BodyKind> = fc.oneof(
      { weight: 18, arbitrary: fc.constant('described' as const) },
      { weight: 1, arbitrary: fc.constant('too large' as const) },
      { weight: 1, arbitrary: fc.constant('not json' as const) },
    );
    const body = json
      ? fc
          .tuple(kind, schemaValues(doc, json))
          .map(([k, v]): [BodyKind, string] => [
            k,
            k === 'too large'
              ? JSON.stringify({ pad: 'x'.repeat(bodyLimit) })
              : k === 'not json'
                ? 'plain text'
                : JSON.stringify(v),
          ])
      : fc.constant(undefined);
    const accept = fc.constantFrom('application/json', 'application/json', '*/*', 'application/xml', 'image/png');
    return fc.tuple(pathValues, queryValues, body, accept).map(([pv, qv, b, a]) => {
      let url = operation.path;
      path.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeURIComponent(text(pv[i])));
      });
      const search = new URLSearchParams();
      for (const [name, value] of qv)
        search.append(name, Array.isArray(value) ? value.map(text).join(',') : text(value));
      const qs = search.toString();
      const headers: Record<string, string> = { accept: a };
      if (b !== undefined) headers['content-type'] = b[0] === 'not json' ? 'text/plain' : 'application/json';
      return {
        operation,
        url: `${base}${url}${qs ? `?${qs}` : ''}`,
        method: operation.method.toUpperCase(),
        headers,
        body: b?.[1],
      };
    });
  });
}

/** The validator of a description's schemas (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export function documentValidator(doc: Doc): (pointer: string, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ ...doc, $id: 'openapi' });
  return (pointer, value) => {
    const validate = ajv.getSchema(`openapi${pointer}`) ?? ajv.compile({ $ref: `openapi${pointer}` });
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
}

const pointerKey = (key: string): string => encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

/** Whether the answer is documented by its operation: status, media type, and the body by its schema. Undefined: it is. */
export async function undocumented(
  doc: Doc,
  check: ReturnType<typeof documentValidator>,
  { operation }: GeneratedRequest,
  response: Response,
): Promise<string | undefined> {
  const responses: Doc = operation.op.responses;
  const status = String(response.status);
  const key = status in responses ? status : 'default' in responses ? 'default' : undefined;
  const body = await response.text();
  if (!key)
    return `status ${status} is not declared (declared: ${Object.keys(responses).join(', ')}): ${body.slice(0, 200)}`;
  const declared = resolve(doc, responses[key]);
  const content: Doc | undefined = declared.content;
  if (body === '') return undefined;
  if (!content) return `status ${status} declares no body, but one came: ${body.slice(0, 200)}`;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!(type in content))
    return `media type ${type} is not declared for ${status} (${Object.keys(content).join(', ')})`;
  if (!type.endsWith('json')) return undefined;
  const base = responses[key].$ref
    ? `#${responses[key].$ref.slice(1)}`
    : `#/paths/${pointerKey(operation.path)}/${operation.method}/responses/${status}`;
  const problem = check(`${base}/content/${pointerKey(type)}/schema`, JSON.parse(body));
  return problem ? `${status} body does not fit its schema: ${problem}: ${body.slice(0, 300)}` : undefined;
}
