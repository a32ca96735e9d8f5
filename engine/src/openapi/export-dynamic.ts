/**
 * What templates, rules and faults add to an endpoint's description: a text template is described
 * with its own media type, a JSON template without an example (its values are made per request),
 * templated headers as headers, and every status a rule or a fault can answer. The config's own
 * text of a template rides along as `x-mockyard-inline` / `x-mockyard-body`, which the import reads back.
 */
import type { JsonValue } from '../../../shared/src/config-schema.js';
import type { DynamicModel, HeaderTemplate, ResponseModel, ValueTemplate } from '../model/dynamic-model.js';
import type { Obj } from './schema-walk.js';

/** The value as the config wrote it: templates as their source text. */
function sourceOf(value: ValueTemplate): JsonValue {
  switch (value.kind) {
    case 'constant':
      return value.value;
    case 'template':
      return value.template.source;
    case 'array':
      return value.items.map(sourceOf);
    case 'object':
      return Object.fromEntries(
        value.entries.map((e) => [typeof e.key === 'string' ? e.key : e.key.source, sourceOf(e.value)]),
      );
  }
}

/** Whether any string of the value is a template. */
function templated(value: ValueTemplate): boolean {
  switch (value.kind) {
    case 'constant':
      return false;
    case 'template':
      return true;
    case 'array':
      return value.items.some(templated);
    case 'object':
      return value.entries.some((e) => typeof e.key !== 'string' || templated(e.value));
  }
}

/** The shape a JSON template always has: objects and arrays as written; a templated value may be anything. */
function shapeOf(value: ValueTemplate): Obj {
  switch (value.kind) {
    case 'constant':
      return { const: value.value };
    case 'template':
      return {};
    case 'array':
      return { type: 'array' };
    case 'object':
      if (value.entries.some((e) => typeof e.key !== 'string')) return { type: 'object' };
      return {
        type: 'object',
        properties: Object.fromEntries(value.entries.map((e) => [e.key as string, shapeOf(e.value)])),
        required: value.entries.map((e) => e.key as string),
      };
  }
}

/** The `content` of a rendered response. */
export function responseContent(answer: ResponseModel): Obj {
  if (answer.kind === 'body')
    return {
      [answer.contentType ?? 'application/json']: {
        schema: { type: 'string' },
        'x-mockyard-body': answer.body.source,
        ...(answer.contentType ? {} : { 'x-mockyard-content-type': 'default' }),
      },
    };
  const source = sourceOf(answer.value);
  if (!templated(answer.value)) return { 'application/json': { schema: {}, example: source } };
  return { 'application/json': { schema: shapeOf(answer.value), 'x-mockyard-inline': source } };
}

/** Response headers (templated ones included; their value is made per request). */
export function headersOf(headers: HeaderTemplate[]): Obj | undefined {
  const out: Obj = {};
  for (const header of headers) {
    if (/^content-(type|length)$/i.test(header.name)) continue;
    out[header.name] =
      typeof header.value === 'string'
        ? { schema: { type: 'string', const: header.value } }
        : { schema: { type: 'string' }, description: `Made per request from \`${header.value.source}\`.` };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Adds to `responses` every status the endpoint's rules and faults answer, with what each answers.
 * `own` is the content the endpoint answers without a rule's response (undefined: none), `error`
 * the content of an error answer, `status` the endpoint's own status.
 */
export function addDynamicResponses(
  responses: Obj,
  dynamic: DynamicModel,
  endpoint: { status: number; own: Obj | undefined; error: Obj; isStatic: boolean },
): void {
  const add = (status: number, content: Obj | undefined, headers: HeaderTemplate[]): void => {
    const key = String(status);
    const response = (responses[key] as Obj | undefined) ?? { description: 'Answered by a rule or a fault.' };
    responses[key] = response;
    if (content && status !== 204 && status !== 304)
      response.content = { ...(response.content as Obj | undefined), ...content };
    const named = headersOf(headers);
    if (named) response.headers = { ...named, ...(response.headers as Obj | undefined) };
  };
  if (dynamic.response) add(endpoint.status, undefined, dynamic.response.headers);
  for (const rule of dynamic.rules) {
    if (rule.fault?.status !== undefined) add(rule.fault.status, endpoint.error, []);
    const status = rule.status ?? endpoint.status;
    const content = rule.response
      ? responseContent(rule.response)
      : endpoint.isStatic || rule.status === undefined
        ? endpoint.own
        : status >= 400
          ? endpoint.error
          : undefined;
    add(status, content, [...(rule.response?.headers ?? dynamic.response?.headers ?? []), ...rule.headers]);
  }
  if (dynamic.fault?.status !== undefined) add(dynamic.fault.status, endpoint.error, []);
}
