import type { IncomingMessage } from 'node:http';
import { LIST_PARAM } from '../../../shared/src/list-dialect.js';
import { httpMessages } from '../../../shared/src/messages.js';
import type { FaultKind } from '../../../shared/src/effect-schema.js';
import type { DynamicModel } from '../model/dynamic-model.js';
import type { EndpointModel, LatencyModel, SchemaEndpoint, ServiceModel } from '../model/service-model.js';
import { snakeCase } from '../model/table-name.js';
import { type ListQuery, listNoteText, parseListQuery } from '../list/list-query.js';
import { parseRelations } from '../list/list-relations.js';
import { after } from '../store/store.js';
import { locationFor } from '../records/location.js';
import type { RecordService } from '../records/record-service.js';
import type { RecordKey, SchemaRecords } from '../records/schema-records.js';
import { EXTRA_FIELD, foldExtras } from '../json-server/extra-fields.js';
import { withPresentFilters } from '../json-server/extra-filters.js';
import { jsonServerBody, withoutKey } from '../json-server/form-body.js';
import { type DynamicTools, dynamicRun } from './dynamic-endpoint.js';
import { errorReply, type Reply } from './reply.js';

/** What a handler needs from the request; the body is read only when a handler asks for it. */
export interface RequestContext {
  req: IncomingMessage;
  path: string;
  params: Record<string, string>;
  /** The query string, parsed; undefined when there is none. */
  searchParams: URLSearchParams | undefined;
  notes: string[];
  /** The body as JSON; a 4xx for a malformed, empty or non-JSON one. Read once, however often asked. */
  body(): Promise<unknown>;
  /** The body's text, read once. */
  text(): Promise<string>;
  /** Set by an endpoint with its own latency or a connection fault; the runtime applies it. */
  effects: Effects | undefined;
}

export interface Effects {
  /** Instead of `server.latency`. */
  latency?: LatencyModel;
  /** Break the connection instead of answering. */
  drop?: FaultKind;
  /** Runs once the response is sent (the endpoint's callbacks). */
  after?: (
    status: number,
    headers: Readonly<Record<string, string | number | string[]>>,
    body: string | undefined,
  ) => void;
}

/** An endpoint compiled once per config version into a function plus its XML element names. */
export interface CompiledEndpoint {
  name: string;
  run(ctx: RequestContext): Reply | Promise<Reply>;
  xmlRoot: string;
  xmlItem: string;
  /** False when it answers a text template as written: no Accept negotiation, no XML. */
  negotiates: boolean;
}

const notFound = (): Reply => errorReply(404, httpMessages.notFound);

/** Link (first/prev/next/last) in the terms the client paged with: `_page`, `_start`/`_end`, `_start`/`_limit` or `range`. */
function linkHeader(ctx: RequestContext, list: ListQuery, total: number): string {
  const { limit, window } = list;
  const base = `http://${ctx.req.headers.host ?? 'localhost'}${ctx.path}`;
  const step = Math.max(1, limit);
  const at = (offset: number): string => {
    const query = new URLSearchParams(ctx.searchParams);
    if (window === 'page') {
      query.set(LIST_PARAM.page, String(offset / step + 1));
      query.set(LIST_PARAM.limit, String(limit));
    } else if (window === 'range') query.set(LIST_PARAM.range, `[${offset},${offset + limit - 1}]`);
    else {
      query.set(LIST_PARAM.start, String(offset));
      if (window === 'start-end') query.set(LIST_PARAM.end, String(offset + limit));
      else query.set(LIST_PARAM.limit, String(limit));
    }
    return `<${base}?${query.toString()}>`;
  };
  const lastOffset = Math.max(0, Math.ceil(total / step) - 1) * step;
  const offset = window === 'page' ? (list.page - 1) * step : list.offset;
  const links = [`${at(0)}; rel="first"`];
  if (offset > 0) links.push(`${at(Math.max(0, Math.min(offset - step, lastOffset)))}; rel="prev"`);
  if (offset + step < total) links.push(`${at(offset + step)}; rel="next"`);
  links.push(`${at(lastOffset)}; rel="last"`);
  return links.join(', ');
}

/** simple-REST's `Content-Range: users 0-24/319` (with `*` for the first and last when the page is past the end or empty). */
function contentRange(table: string, list: ListQuery, total: number): string {
  const shown = Math.min(list.limit, total - list.offset);
  return shown > 0 ? `${table} ${list.offset}-${list.offset + shown - 1}/${total}` : `${table} */${total}`;
}

function schemaHandler(endpoint: SchemaEndpoint, records: SchemaRecords, model: ServiceModel): CompiledEndpoint['run'] {
  const { status, params } = endpoint;
  const columns = params.map((p) => p.column);
  const names = params.map((p) => p.param);
  const key = (ctx: RequestContext): RecordKey => ({ columns, values: names.map((n) => ctx.params[n] as string) });
  const fixed = (ctx: RequestContext) =>
    params.map((p) => ({ column: p.column, value: ctx.params[p.param] as string }));
  const withBody = (json: string | undefined): string | undefined => (status === 204 ? undefined : json);
  // The record, or 404 when none matched.
  const found = (json: string | undefined): Reply =>
    json === undefined ? notFound() : { status, json: withBody(json) };
  const listOptions = model.server.jsonServer
    ? { likeRegex: true, searchScalars: true, textEquals: true, extraField: EXTRA_FIELD }
    : undefined;
  // json-server mode keeps a write's undeclared fields (extra-fields.ts); a PATCH merges them into the record's.
  // It reads form bodies too (form-body.ts), and an update keeps the path's key whatever the body says, as json-server does.
  // A nested create keeps the path's text of the parent key for answers, as json-server stores it.
  const bodyOf = (ctx: RequestContext, patched?: RecordKey): Promise<unknown> =>
    !model.server.jsonServer
      ? ctx.body()
      : jsonServerBody(ctx, endpoint.schema)
          .then((body) => (patched ? withoutKey(body, columns) : body))
          .then((body) =>
            patched && endpoint.method === 'PATCH'
              ? Promise.resolve(records.get(patched)).then((json) =>
                  foldExtras(
                    endpoint.schema,
                    body,
                    json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>)[EXTRA_FIELD],
                  ),
                )
              : foldExtras(endpoint.schema, body, undefined, patched ? [] : fixed(ctx)),
          );
  switch (endpoint.operation) {
    case 'list':
      return (ctx) => {
        const query = parseListQuery(endpoint.schema, ctx.searchParams, fixed(ctx), listOptions);
        for (const note of query.notes) ctx.notes.push(listNoteText(endpoint.schema, note));
        const answer = (query: ListQuery) =>
          after(records.list(query), ({ body, total }): Reply => {
            const headers: Record<string, string> = { 'X-Total-Count': String(total) };
            if (query.paged || total > query.limit) headers.Link = linkHeader(ctx, query, total);
            if (query.simpleRest) headers['Content-Range'] = contentRange(endpoint.schema.table, query, total);
            return { status, json: withBody(body), headers };
          });
        if (!query.whenPresent) return answer(query);
        // json-server mode: filters on undeclared fields hold once some row has the field (a known
        // total of 1 spares the probe a count: only whether one row is there matters).
        return Promise.resolve(withPresentFilters(query, (probe) => records.list(probe, 1))).then(answer);
      };
    case 'get':
      return (ctx) => after(records.get(key(ctx), parseRelations(endpoint.schema, ctx.searchParams)), found);
    case 'create': {
      const location = locationFor(endpoint, model);
      // Only the body is waited for: on SQLite the write and the reply follow in the same turn.
      return (ctx) =>
        bodyOf(ctx).then((body) =>
          after(records.create(body, fixed(ctx), location?.column), (created): Reply => {
            const headers: Record<string, string> = {};
            if (location && created.location !== null && created.location !== undefined) {
              headers.Location = location.url(ctx.path, encodeURIComponent(String(created.location)));
            }
            return { status, json: withBody(created.json), headers };
          }),
        );
    }
    case 'update': {
      const mode = endpoint.method === 'PUT' ? 'replace' : 'patch';
      return (ctx) => bodyOf(ctx, key(ctx)).then((body) => after(records.update(key(ctx), body, mode), found));
    }
    case 'delete':
      return (ctx) => after(records.delete(key(ctx)), found);
  }
}

/** A text template (`body:`) among the endpoint's responses: answered as written, never negotiated. */
const answersText = (dynamic: DynamicModel | undefined): boolean =>
  dynamic !== undefined &&
  (dynamic.response?.kind === 'body' || dynamic.rules.some((rule) => rule.response?.kind === 'body'));

/**
 * Compiles one endpoint into the function that serves it. One with templates, rules, latency or a
 * fault is wrapped by dynamicRun (`tools` are made on first need); any other is served as always.
 */
export function endpointRun(
  endpoint: EndpointModel,
  records: RecordService,
  tools?: () => DynamicTools,
): CompiledEndpoint {
  const name = `${endpoint.method} ${endpoint.path}`;
  const negotiates = !answersText(endpoint.dynamic);
  let compiled: CompiledEndpoint;
  if (endpoint.kind === 'static') {
    const reply: Reply = {
      status: endpoint.status,
      json: endpoint.status === 204 ? undefined : JSON.stringify(endpoint.body),
    };
    compiled = { name, run: () => reply, xmlRoot: 'response', xmlItem: 'item', negotiates };
  } else {
    const item = snakeCase(endpoint.schema.name);
    compiled = {
      name,
      run: schemaHandler(endpoint, records.of(endpoint.schema.name) as SchemaRecords, records.model),
      xmlRoot: endpoint.operation === 'list' ? endpoint.schema.table : item,
      xmlItem: item,
      negotiates,
    };
  }
  if (endpoint.dynamic && tools) compiled.run = dynamicRun(endpoint, endpoint.dynamic, compiled.run, tools());
  return compiled;
}
