import type { IncomingMessage } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import type { FaultKind } from '../../../shared/src/config-schema.js';
import type { DynamicModel } from '../model/dynamic-model.js';
import type { EndpointModel, LatencyModel, SchemaEndpoint, ServiceModel } from '../model/service-model.js';
import { snakeCase } from '../model/table-name.js';
import { parseListQuery } from '../store/list-query.js';
import { after, type TableStore } from '../store/store.js';
import { type DynamicTools, dynamicRun } from './dynamic-endpoint.js';
import { errorReply, type Reply } from './reply.js';

/** What a handler needs from the request; the body is read only when a handler asks for it. */
export interface RequestContext {
  req: IncomingMessage;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams | undefined;
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

function linkHeader(ctx: RequestContext, page: number, limit: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  const base = `http://${ctx.req.headers.host ?? 'localhost'}${ctx.path}`;
  const url = (p: number): string => {
    const query = new URLSearchParams(ctx.query);
    query.set('_page', String(p));
    query.set('_limit', String(limit));
    return `<${base}?${query.toString()}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (page > 1) links.push(`${url(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${url(page + 1)}; rel="next"`);
  links.push(`${url(last)}; rel="last"`);
  return links.join(', ');
}

/** Where a created record can be read: the column naming it, and the URL built from that column's value. */
interface LocationRule {
  column: string;
  url(requestPath: string, value: string): string;
}

/**
 * The `Location` of records created by a POST endpoint: GET <same path>/:param when declared (nested
 * paths keep their parameter values), else another single-parameter GET of the schema such as
 * /posts/:slug. Without a GET that can read the record there is no Location, rather than a dead link.
 */
function locationFor(endpoint: SchemaEndpoint, model: ServiceModel): LocationRule | undefined {
  const base = endpoint.path.replace(/\/+$/, '');
  const gets = model.endpoints.filter(
    (other): other is SchemaEndpoint =>
      other.kind === 'schema' && other.operation === 'get' && other.schema === endpoint.schema,
  );
  for (const other of gets) {
    const path = other.path.replace(/\/+$/, '');
    const last = other.params[other.params.length - 1];
    if (last && other.params.length === endpoint.params.length + 1 && path === `${base}/:${last.param}`) {
      return { column: last.column, url: (requestPath, value) => `${requestPath.replace(/\/+$/, '')}/${value}` };
    }
  }
  for (const other of gets) {
    const only = other.params.length === 1 ? other.params[0] : undefined;
    if (only) {
      const path = other.path.replace(/\/+$/, '');
      return { column: only.column, url: (_requestPath, value) => path.replace(`:${only.param}`, () => value) };
    }
  }
  return undefined;
}

function schemaHandler(endpoint: SchemaEndpoint, store: TableStore, model: ServiceModel): CompiledEndpoint['run'] {
  const { status, params } = endpoint;
  const columns = params.map((p) => p.column);
  const names = params.map((p) => p.param);
  const values = (ctx: RequestContext): string[] => names.map((n) => ctx.params[n] as string);
  const fixed = (ctx: RequestContext) =>
    params.map((p) => ({ column: p.column, value: ctx.params[p.param] as string }));
  const withBody = (json: string | undefined): string | undefined => (status === 204 ? undefined : json);
  // The record, or 404 when none matched.
  const found = (json: string | undefined): Reply =>
    json === undefined ? notFound() : { status, json: withBody(json) };
  switch (endpoint.operation) {
    case 'list':
      return (ctx) => {
        const query = parseListQuery(endpoint.schema, ctx.query, fixed(ctx));
        if (query.notes.length) ctx.notes.push(...query.notes);
        return after(store.list(query), ({ body, total }): Reply => {
          const headers: Record<string, string> = { 'X-Total-Count': String(total) };
          if (query.paged || total > query.limit) headers.Link = linkHeader(ctx, query.page, query.limit, total);
          return { status, json: withBody(body), headers };
        });
      };
    case 'get':
      return (ctx) => after(store.get(columns, values(ctx)), found);
    case 'create': {
      const location = locationFor(endpoint, model);
      return async (ctx) => {
        const body = await ctx.body();
        const created = await store.create(body, fixed(ctx), location?.column);
        const headers: Record<string, string> = {};
        if (location && created.location !== null && created.location !== undefined) {
          headers.Location = location.url(ctx.path, encodeURIComponent(String(created.location)));
        }
        return { status, json: withBody(created.json), headers };
      };
    }
    case 'update': {
      const mode = endpoint.method === 'PUT' ? 'replace' : 'patch';
      return async (ctx) => {
        const body = await ctx.body();
        return found(await store.update(columns, values(ctx), body, mode));
      };
    }
    case 'delete':
      return (ctx) => after(store.delete(columns, values(ctx)), found);
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
export function compileEndpoint(
  endpoint: EndpointModel,
  stores: ReadonlyMap<string, TableStore>,
  model: ServiceModel,
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
    const store = stores.get(endpoint.schema.name) as TableStore;
    const item = snakeCase(endpoint.schema.name);
    compiled = {
      name,
      run: schemaHandler(endpoint, store, model),
      xmlRoot: endpoint.operation === 'list' ? endpoint.schema.table : item,
      xmlItem: item,
      negotiates,
    };
  }
  if (endpoint.dynamic && tools) compiled.run = dynamicRun(endpoint, endpoint.dynamic, compiled.run, tools());
  return compiled;
}
