/**
 * What json-server mode answers before Mockyard's endpoints: `GET /db` (the whole database),
 * `GET /__rules` (the rewrite rules), the singular resources (GET, PUT, PATCH, POST), `--read-only`'s
 * 403 to writes, and `--static` files.
 */
import type { HttpMethod } from '../../../shared/src/config-schema.js';
import type { Reply } from '../http/reply.js';
import type { SchemaModel } from '../model/service-model.js';
import type { RecordService } from '../records/record-service.js';
import { parseListQuery } from '../list/list-query.js';
import { after, type MaybePromise } from '../store/store.js';
import { EXTRA_FIELD, foldExtras } from './extra-fields.js';
import { jsonServerBody } from './form-body.js';
import { withoutNulls } from './habits.js';
import type { JsonServerMode } from './mode.js';
import { staticFile } from './static-files.js';

/** The most rows of one collection GET /db answers with. */
export const MAX_DB_ROWS = 1_000_000;

/** The key of a singular resource's one row. */
export const SINGULAR_KEY = { columns: ['id'], values: ['1'] } as const;

const json = (status: number, value: unknown): Reply => ({ status, json: JSON.stringify(value) });

/** A singular resource's record without the row key it is stored under. */
function singularValue(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const { id: _, ...value } = JSON.parse(text) as Record<string, unknown>;
  return value;
}

/** Every collection's rows and every singular resource, as json-server's GET /db answers. */
function wholeDatabase(mode: JsonServerMode, records: RecordService): Promise<Reply> {
  return databaseJson(mode, records).then((db) => json(200, db));
}

/**
 * The database as a db.json holds it: each collection's rows (fields without a value left out) and
 * each singular resource, in the file's order. GET /db answers it; `mockyard export-data` writes it.
 */
export function databaseJson(mode: JsonServerMode, records: RecordService): Promise<Record<string, unknown>> {
  const db: Record<string, unknown> = {};
  const reads: Promise<void>[] = [];
  for (const [name, schema] of mode.collections) {
    const of = records.of(schema);
    if (!of) continue;
    const query = parseListQuery(of.schema, undefined, []);
    query.limit = MAX_DB_ROWS;
    reads.push(
      Promise.resolve(of.list(query)).then((page) => {
        db[name] = (JSON.parse(page.body) as unknown[]).map(withoutNulls);
      }),
    );
  }
  for (const [name, schema] of mode.singulars) {
    const of = records.of(schema);
    if (of)
      reads.push(
        Promise.resolve(of.get(SINGULAR_KEY)).then((text) => {
          db[name] = withoutNulls(singularValue(text) ?? {});
        }),
      );
  }
  // Collections, then singular resources, each in the file's order, whatever order the reads ended in.
  const order = [...mode.collections.keys(), ...mode.singulars.keys()];
  return Promise.all(reads).then(() => Object.fromEntries(order.filter((k) => k in db).map((k) => [k, db[k]])));
}

/** A singular resource's answer: GET reads it, PUT and POST replace it (POST answers 201), PATCH merges into it. */
function singular(
  method: string,
  schema: string,
  records: RecordService,
  body: (schema: SchemaModel) => Promise<unknown>,
): MaybePromise<Reply> | undefined {
  const of = records.of(schema);
  if (!of) return undefined;
  const answer =
    (status: number) =>
    (text: string | undefined): Reply =>
      text === undefined ? json(404, {}) : json(status, singularValue(text));
  if (method === 'GET' || method === 'HEAD') return after(of.get(SINGULAR_KEY), answer(200));
  if (method !== 'PUT' && method !== 'POST' && method !== 'PATCH') return undefined;
  return body(of.schema).then((sent) =>
    Promise.resolve(of.get(SINGULAR_KEY)).then((current): MaybePromise<Reply> => {
      // Undeclared fields are kept (extra-fields.ts); a PATCH merges them into the resource's own.
      const before = method === 'PATCH' && current !== undefined ? JSON.parse(current)[EXTRA_FIELD] : undefined;
      const folded = foldExtras(of.schema, sent, before);
      const value =
        folded !== null && typeof folded === 'object' && !Array.isArray(folded) ? { ...folded, id: 1 } : folded;
      const mode = method === 'PATCH' ? 'patch' : 'replace';
      return after(of.update(SINGULAR_KEY, value, mode), answer(method === 'POST' ? 201 : 200));
    }),
  );
}

const SLASH = 47;

/** A path without its leading and trailing slashes (a singular resource's name), without a regular expression per request. */
function trimSlashes(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === SLASH) start++;
  while (end > start && path.charCodeAt(end - 1) === SLASH) end--;
  return path.slice(start, end);
}

/** The request as the front reads it: its method and path, and its body when a singular resource is written. */
export type FrontRequest = { method: string; path: string } & Parameters<typeof jsonServerBody>[0];

/**
 * The methods json-server mode itself answers at `path` (a singular resource; `GET /db` and
 * `/__rules`), which no endpoint has, so a browser's CORS preflight (OPTIONS) there is answered too.
 */
export function frontMethods(mode: JsonServerMode, path: string): HttpMethod[] {
  if (path === '/db' || path === '/__rules') return ['GET'];
  return mode.singulars.has(path.replace(/^\/+|\/+$/g, '')) ? ['GET', 'PUT', 'PATCH', 'POST'] : [];
}

/**
 * json-server mode's own answer to a request, or undefined to leave it to the endpoints.
 * `routed`: whether an endpoint has this method and path (a static file never shadows one); asked
 * only with --static, so other requests pay for no second route lookup. A request none of the
 * front's answers can be for (no singular resources, no --static, not /db) costs a few comparisons.
 */
export function frontAnswer(
  mode: JsonServerMode,
  records: RecordService,
  request: FrontRequest,
  routed: (method: string, path: string) => boolean,
): MaybePromise<Reply | undefined> | undefined {
  const { method, path } = request;
  const reading = method === 'GET' || method === 'HEAD';
  if (mode.readOnly && !reading && method !== 'OPTIONS') return json(403, {});
  if (reading && path === '/db') return wholeDatabase(mode, records);
  if (reading && path === '/__rules')
    return json(200, Object.fromEntries(mode.routes.map((rule) => [rule.from, rule.to])));
  const schema = mode.singulars.size > 0 ? mode.singulars.get(trimSlashes(path)) : undefined;
  if (schema) return singular(method, schema, records, (of) => jsonServerBody(request, of));
  if (reading && mode.staticDir && !routed(method, path)) return staticFile(mode.staticDir, path);
  return undefined;
}
