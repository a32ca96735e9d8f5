/** The operations of a description's paths, read into what the conversion needs of each. */
import type { HttpMethod } from '../../../shared/src/config-schema.js';
import type { Skipped } from './convert.js';
import { fieldNameFor } from './import-names.js';
import { isObj, mergeAllOf, type Obj, pointer, sampleOf } from './schema-walk.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const UNSUPPORTED_METHODS = ['head', 'options', 'trace'] as const;

const isJsonMedia = (type: string): boolean => /(^|\/|\+)json(;|$)/i.test(type) || type === '*/*';

/** An operation of the description, as the conversion reads it. */
export interface OperationInfo {
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
  /** The property names of the request body's schema (JSON or form), when it declares them. */
  requestFields?: Set<string> | undefined;
  /** A text template a Mockyard export described (`x-mockyard-body`), with its media type (none: the default). */
  responseText?: { body: string; contentType: string | undefined };
  /** `x-mockyard: { schema, operation, key }` of a description Mockyard exported. */
  hint: Obj | undefined;
  /** A segment's literal suffix after a parameter (`{Sid}.json`): the operation can only be static. */
  suffixed?: string;
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

/** A text template of a Mockyard export, under its media type. */
function textTemplate(content: unknown): OperationInfo['responseText'] {
  if (!isObj(content)) return undefined;
  for (const [type, media] of Object.entries(content))
    if (isObj(media) && typeof media['x-mockyard-body'] === 'string')
      return {
        body: media['x-mockyard-body'],
        contentType: media['x-mockyard-content-type'] === 'default' ? undefined : type,
      };
  return undefined;
}

/** The example of a media type object: a Mockyard export's JSON template, `example`, or the first of `examples` with a value. */
function mediaExample(media: Obj): { value: unknown } | undefined {
  if (media['x-mockyard-inline'] !== undefined) return { value: media['x-mockyard-inline'] };
  if (media.example !== undefined) return { value: media.example };
  if (isObj(media.examples)) {
    for (const example of Object.values(media.examples))
      if (isObj(example) && example.value !== undefined) return { value: example.value };
  }
  return undefined;
}

/** An answer a Mockyard export declares for the server itself (HEAD, 405 to another method, OPTIONS), not an endpoint. */
const generated = (op: Obj): boolean => op['x-mockyard-not-allowed'] === true || op['x-mockyard-head'] === true;

/** Every operation of the description's paths, with what the conversion needs of it; what it cannot carry over goes to `skipped`. */
export function collectOperations(api: Obj, swagger2: boolean, skipped: Skipped[]): OperationInfo[] {
  const out: OperationInfo[] = [];
  const paths = isObj(api.paths) ? api.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    const pathAt = pointer('paths', path);
    for (const method of UNSUPPORTED_METHODS)
      if (isObj(item[method]) && !generated(item[method]))
        skipped.push({
          pointer: `${pathAt}/${method}`,
          reason: `${method.toUpperCase()} operations are not declared in Mockyard`,
        });
    const { mockPath, params, problem, suffixed } = mockPathFor(path);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op) || generated(op)) continue;
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
      if (suffixed) {
        info.suffixed = suffixed;
        skipped.push({
          pointer: at,
          reason: `path segment '${suffixed}': a parameter with a literal suffix, a static answer (not a schema-backed endpoint)`,
        });
      }
      const response = success ? responses[success.code] : undefined;
      const responseAt = success ? `${at}/responses/${success.code}` : at;
      // An answer's headers (a 302's Location, rate-limit headers) are not carried over: said so, one by one.
      if (isObj(response) && isObj(response.headers))
        for (const name of Object.keys(response.headers))
          skipped.push({
            pointer: `${responseAt}/headers/${pointer(name).slice(2)}`,
            reason: `response header ${name}: not carried over`,
          });
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
          const text = textTemplate(response.content);
          const { media, other } = text
            ? { media: undefined, other: undefined }
            : jsonMedia(response.content, `${responseAt}/content`, skipped);
          if (text) info.responseText = text;
          else if (media) {
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
        // A form body (Stripe's creates) still says which fields a client sends.
        const content = isObj(op.requestBody.content) ? op.requestBody.content : {};
        const form = content['application/x-www-form-urlencoded'] ?? content['multipart/form-data'];
        const fields = requestFields(media?.schema ?? (isObj(form) ? form.schema : undefined));
        // A field the path sets (a nested create's parent key) is sent, in the path.
        info.requestFields = fields && new Set([...fields, ...params]);
      }
      out.push(info);
    }
  }
  return out;
}

/**
 * The properties a request body schema declares (allOf merged), and those a Mockyard export says the
 * path sets (`x-mockyard-from-path`), or undefined when it declares none.
 */
function requestFields(schema: unknown): Set<string> | undefined {
  if (!isObj(schema)) return undefined;
  const merged = mergeAllOf(schema);
  if (!isObj(merged.properties)) return undefined;
  const fromPath = isObj(merged['x-mockyard-from-path']) ? Object.keys(merged['x-mockyard-from-path']) : [];
  return new Set([...Object.keys(merged.properties), ...fromPath]);
}

/**
 * `/pets/{petId}` → `/pets/:petId`. A parameter with a literal suffix (Twilio's `{Sid}.json`) keeps
 * it (`:Sid.json`, which the router matches; `suffixed` names the first such segment); a segment
 * mixing text and a parameter otherwise cannot be carried over.
 */
function mockPathFor(path: string): {
  mockPath: string | undefined;
  params: string[];
  problem?: string;
  suffixed?: string;
} {
  const params: string[] = [];
  const segments: string[] = [];
  let suffixed: string | undefined;
  for (const segment of path.split('/').slice(1)) {
    const withSuffix = /^(\{[^{}]+\})((?:\.[A-Za-z0-9_-]+)+)$/.exec(segment);
    if (withSuffix) suffixed ??= segment;
    const whole = /^\{([^{}]+)\}$/.exec(withSuffix ? (withSuffix[1] as string) : segment);
    if (whole) {
      let name = fieldNameFor(whole[1] as string);
      while (params.includes(name)) name = `${name}_`;
      params.push(name);
      segments.push(`:${name}${withSuffix?.[2] ?? ''}`);
    } else if (/[{}:*?#\s]/.test(segment)) {
      return { mockPath: undefined, params, problem: `path segment '${segment}' mixes text and a parameter` };
    } else segments.push(segment);
  }
  const mockPath = `/${segments.join('/')}`.replace(/\/+$/, '') || '/';
  if (mockPath === '/__mockyard' || mockPath.startsWith('/__mockyard/'))
    return { mockPath: undefined, params, problem: 'paths under /__mockyard/ are the admin API' };
  return { mockPath, params, ...(suffixed ? { suffixed } : {}) };
}
