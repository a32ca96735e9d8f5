import { readFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type FieldType, HTTP_METHODS, type HttpMethod, type JsonValue } from '../../../shared/src/config-schema.js';
import { applyChanges, type ConfigChange } from '../../../shared/src/config-edit/changes.js';
import { writeAtomically } from '../files/write-atomically.js';
import type { ProxiedExchange } from '../http/proxy.js';
import { tableNameFor } from '../model/table-name.js';
import { schemaNameFor } from '../openapi/import-names.js';
import { RECORD_BODY_LIMIT, type RecordHost, type RecordMode } from './switch.js';

/**
 * Turns proxied JSON answers into config: an `inline` endpoint per method and path (or, with
 * --record-schemas, a schema + `resource:` + `seed:` rows for a JSON array on a collection path),
 * written into the config file with the comment-keeping edits and applied at once. One exchange at a
 * time, so two answers for one path make one endpoint.
 */
export class Recorder {
  private queue: Promise<void> = Promise.resolve();
  /** `METHOD path` recorded by this recorder, including ones still being written. */
  private readonly taken = new Set<string>();

  constructor(private readonly host: RecordHost) {}

  record(exchange: ProxiedExchange, mode: RecordMode): Promise<void> {
    const next = this.queue.then(() => this.recordNow(exchange, mode));
    this.queue = next.catch(() => undefined);
    return next;
  }

  idle(): Promise<void> {
    return this.queue;
  }

  private async recordNow(exchange: ProxiedExchange, mode: RecordMode): Promise<void> {
    const answer = recordable(exchange);
    if (!answer) return;
    const { method, path, body } = answer;
    const key = `${method} ${path}`;
    if (this.taken.has(key) || this.present(method, path)) return;
    const file = this.host.configPath();
    if (!file) return;
    this.taken.add(key);
    try {
      await this.recordAs(exchange.status, method, path, body, mode, file);
    } finally {
      // Once written the live config has it (present()); a save that dropped it again lets it be recorded again.
      this.taken.delete(key);
    }
  }

  private async recordAs(
    status: number,
    method: HttpMethod,
    path: string,
    body: JsonValue,
    mode: RecordMode,
    file: string,
  ): Promise<void> {
    const asResource = mode === 'schemas' && method === 'GET' ? resourceFor(path, body, this.host) : undefined;
    if (asResource && (await this.commit(file, asResource.changes))) {
      this.host.recorded({ method, path, status, schema: asResource.schema, file });
      return;
    }
    const endpoint: Record<string, JsonValue> = { path, method };
    if (status !== 200) endpoint.status = status;
    endpoint.response = { inline: body };
    if (await this.commit(file, [{ path: ['endpoints'], value: endpoint, append: true }])) {
      this.host.recorded({ method, path, status, file });
    }
  }

  /** Whether the live config already has this method and path. */
  private present(method: string, path: string): boolean {
    return (this.host.model()?.endpoints ?? []).some((e) => e.method === method && samePath(e.path, path));
  }

  /** Makes the changes through the host, or on the file: validated and applied, then written; false (nothing written) when it does not validate or apply. */
  private async commit(file: string, changes: ConfigChange[]): Promise<boolean> {
    const own = this.host.commit(changes);
    if (own) return own;
    const text = applyChanges(await readFile(file, 'utf8'), changes);
    const validated = await this.host.validate(text);
    if (!validated.model) return false;
    const applied = await this.host.apply(validated);
    if (!applied.ok) return false;
    await writeAtomically(file, text);
    return true;
  }
}

const samePath = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Paths a static endpoint can hold as written: no parameters (`:`), wildcards or percent-escapes. */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()+,;=@/]*$/;

/** The method, path and JSON body of an exchange worth recording, or undefined. */
function recordable(exchange: ProxiedExchange): { method: HttpMethod; path: string; body: JsonValue } | undefined {
  const { status, captured, responseHeaders } = exchange;
  const method = exchange.method.toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) return undefined;
  // An upstream fault (5xx) is a moment, not the API's answer.
  if (!captured || status < 200 || status >= 500) return undefined;
  const path = exchange.path.length > 1 ? exchange.path.replace(/\/+$/, '') : exchange.path;
  if (!PLAIN_PATH.test(path) || path.includes('//')) return undefined;
  const type = String(responseHeaders['content-type'] ?? '');
  if (!/(^|\/|\+)json\s*(;|$)/i.test(type)) return undefined;
  const decoded = decode(captured, String(responseHeaders['content-encoding'] ?? ''));
  if (decoded === undefined) return undefined;
  let body: JsonValue;
  try {
    body = JSON.parse(decoded.toString('utf8')) as JsonValue;
  } catch {
    return undefined;
  }
  return writable(body) ? { method: method as HttpMethod, path, body } : undefined;
}

/**
 * Whether a parsed answer can be written as an inline response and served back as it came: no string
 * or key holds `{{` (inline strings are templates; checked after parsing, so `\u007b\u007b` counts
 * too) and no key is `__proto__` (a config reader would drop it). Walks without recursion.
 */
function writable(body: JsonValue): boolean {
  const pending: JsonValue[] = [body];
  while (pending.length > 0) {
    const value = pending.pop() as JsonValue;
    if (typeof value === 'string') {
      if (value.includes('{{')) return false;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '__proto__' || key.includes('{{')) return false;
        pending.push(child);
      }
    }
  }
  return true;
}

/** The body without its content encoding, or undefined for one this does not read. */
function decode(body: Buffer, encoding: string): Buffer | undefined {
  const limit = { maxOutputLength: RECORD_BODY_LIMIT };
  try {
    switch (encoding.trim().toLowerCase()) {
      case '':
      case 'identity':
        return body;
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body, limit);
      case 'deflate':
        return inflateSync(body, limit);
      case 'br':
        return brotliDecompressSync(body, limit);
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A last path segment that names a collection (`users`, `blog-posts`), not an item (`42`, a UUID). */
const COLLECTION_SEGMENT = /^[A-Za-z][A-Za-z_-]*$/;

function kindOf(value: JsonValue): FieldType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string')
    return DATETIME.test(value) && !Number.isNaN(Date.parse(value)) ? 'datetime' : 'string';
  return 'json';
}

/** One type for all the values a field had: integer and number make number; any other mix is json. */
function unify(types: Set<FieldType>): FieldType {
  if (types.size === 0) return 'json';
  if (types.size === 1) return [...types][0] as FieldType;
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  if (types.size === 2 && types.has('string') && types.has('datetime')) return 'string';
  return 'json';
}

/** The field types of a list of records, or undefined when a key cannot be a field name. */
export function inferFields(records: Record<string, JsonValue>[]): Map<string, FieldType> | undefined {
  const seen = new Map<string, Set<FieldType>>();
  for (const record of records) {
    for (const [name, value] of Object.entries(record)) {
      if (!FIELD_NAME.test(name)) return undefined;
      const types = seen.get(name) ?? new Set<FieldType>();
      if (value !== null) types.add(kindOf(value));
      seen.set(name, types);
    }
  }
  return new Map([...seen].map(([name, types]) => [name, unify(types)]));
}

const isRecord = (value: JsonValue): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON array of records answered on a collection path, as a schema (field types inferred), a
 * `resource:` on that path and the records as `seed:` rows; undefined when it cannot be one (not an
 * array of objects, no unique `id`, a schema of that name already there).
 */
function resourceFor(
  path: string,
  body: JsonValue,
  host: RecordHost,
): { schema: string; changes: ConfigChange[] } | undefined {
  const segment = path.split('/').pop() ?? '';
  if (!COLLECTION_SEGMENT.test(segment) || !Array.isArray(body) || body.length === 0) return undefined;
  if (!body.every(isRecord)) return undefined;
  const records = body as Record<string, JsonValue>[];
  const fields = inferFields(records);
  const idType = fields?.get('id');
  if (!fields || !(idType === 'integer' || idType === 'string')) return undefined;
  const ids = records.map((r) => r.id);
  if (ids.some((id) => id === undefined || id === null) || new Set(ids).size !== ids.length) return undefined;
  const schema = schemaNameFor(segment);
  const model = host.model();
  if (model?.schemas.has(schema)) return undefined;
  const properties = Object.fromEntries(fields);
  const resource: Record<string, JsonValue> = { resource: schema };
  if (`/${tableNameFor(schema)}` !== path) resource.path = path;
  return {
    schema,
    changes: [
      { path: ['schemas', schema], value: { properties } },
      { path: ['seed', schema], value: records },
      { path: ['endpoints'], value: resource, append: true },
    ],
  };
}
