import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type Router from 'find-my-way';
import { HTTP_METHODS } from '../../../shared/src/config-schema.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import { isAdminPath } from '../admin-path.js';
import { OPENAPI_DOC_PATH } from '../openapi/serve-doc.js';
import { frontAnswer, frontMethods } from '../json-server/front.js';
import { delayParam, jsonServerReply } from '../json-server/habits.js';
import type { JsonServerMode } from '../json-server/mode.js';
import { domainHttpError } from './error-status.js';
import { HttpError } from './http-error.js';
import type { ServedRequest } from '../log/request-log.js';
import type { EndpointModel, ServiceModel } from '../model/service-model.js';
import type { ProxiedExchange as Proxied } from './proxy.js';
import { type Randomness, randomIntIn, randomness } from '../templates/random.js';
import { PathMatcher } from '../realtime/path-match.js';
import type { RealtimeModel } from '../realtime/realtime-model.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { type SharedTools, toolsOnDemand } from './dynamic-endpoint.js';
import { Exchange } from './exchange.js';
import { type CompiledEndpoint, endpointRun } from './endpoint-run.js';
import type { RecordService } from '../records/record-service.js';
import { isGraphiqlRequest, sendGraphiql } from '../graphql/graphiql-page.js';
import { GraphqlOnDemand } from '../graphql/on-demand.js';
import { contentType, negotiate } from './negotiate.js';
import { RouteTable } from './route-table.js';
import { errorReply, JSON_CONTENT_TYPE, type Reply, sendReply } from './reply.js';

export interface RuntimeHooks {
  /** Called after each response with the finished log entry; undefined when logging is off. */
  onServed: ((served: ServedRequest) => void) | undefined;
  /** Answers `/__mockyard/…` when the admin API is on. */
  admin: ((req: IncomingMessage, path: string) => Reply | Promise<Reply>) | undefined;
  /** A fault that is not the client's (a handler crash); the client gets a 500. */
  onError: (err: unknown) => void;
  /** Answers GET /__mockyard/openapi.json (server.openapi or the admin API); undefined when neither is on. */
  openapi?: ((method: string) => Promise<Reply>) | undefined;
  /** Forwards a request no endpoint matches (server.proxy); undefined when there is no upstream. */
  proxy?:
    | ((req: IncomingMessage, res: ServerResponse, headers: Exchange['responseHeaders']) => Promise<Proxied>)
    | undefined;
  /** Read every request's body before it is answered, so the journal has it even when the endpoint did not need it. */
  readBodies?: boolean;
  /** Scenario states and the callback sender, for the endpoints that use them. */
  shared?: SharedTools;
}

type Maybe<T> = T | Promise<T>;

const isPromise = <T>(value: Maybe<T>): value is Promise<T> => value instanceof Promise;

/** Whether a request says it sends a body. */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The XML builder, loaded on the first XML request: most mocks never get one. */
let xmlModule: typeof import('./xml.js') | undefined;

/**
 * One config version, compiled: a router whose handlers hold prepared statements. The engine swaps
 * whole runtimes on reload, so a request runs start to finish on the version it started with; a new
 * version builds on the previous one's router (route-table.ts).
 *
 * A request goes through named steps: dispatch (route, negotiate, run the endpoint), complete (latency,
 * encoding) and send (write, log). A step returns a promise only when it must wait (a request body,
 * latency, the XML builder's first load), so a plain GET is answered without a microtask hop.
 */
export class ServiceRuntime {
  private readonly routes: RouteTable;
  /** The version's randomness: `server.seed` makes it repeat (fault rates, latency, template helpers). */
  private readonly random: Randomness;
  /** `server.graphql`: this version's GraphQL endpoint (its schema is this version's too). */
  readonly graphql: GraphqlOnDemand | undefined;
  private inFlight = 0;
  private idle: (() => void) | undefined;
  /** The version's WebSocket paths, made on the first request no route has (websocketAt). */
  private websockets: PathMatcher<RealtimeModel> | undefined;

  constructor(
    readonly model: ServiceModel,
    /** The version's records, which its schema endpoints read and write. */
    readonly records: RecordService,
    private readonly hooks: RuntimeHooks,
    previous?: ServiceRuntime,
  ) {
    this.random = randomness(model.server.seed);
    const tools = toolsOnDemand(this.random, model.server.seed, hooks.shared);
    const compile = (endpoint: EndpointModel) => endpointRun(endpoint, records, tools);
    this.routes = RouteTable.build(model.endpoints, compile, previous?.routes);
    const graphqlPath = model.server.graphql;
    this.graphql = graphqlPath ? new GraphqlOnDemand(graphqlPath, model, records, hooks.onError) : undefined;
  }

  /** Resolves once no request is running on this version (used before closing its database). */
  drained(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle = resolve;
    });
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    this.inFlight++;
    let pending: Promise<void> | undefined;
    try {
      pending = this.serve(req, res);
    } catch (err) {
      this.crashed(err, res);
    }
    if (pending)
      pending.then(this.settle, (err: unknown) => {
        this.crashed(err, res);
        this.settled();
      });
    else this.settled();
  }

  private readonly settle = (): void => this.settled();

  private settled(): void {
    if (--this.inFlight === 0 && this.idle) this.idle();
  }

  /** Whatever failed outside the steps' own error handling, the client gets an answer instead of a hung request. */
  private crashed(err: unknown, res: ServerResponse): void {
    this.hooks.onError(err);
    if (!res.headersSent && !res.destroyed) sendReply(res, errorReply(500, httpMessages.internal()));
  }

  private serve(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
    const { cors, bodyLimit, jsonServer } = this.model.server;
    if (jsonServer?.rewrite) req.url = jsonServer.rewrite(req.url ?? '/');
    const exchange = new Exchange(req, res, cors ? corsHeaders(cors, req) : {}, bodyLimit);
    if (this.hooks.openapi && exchange.path === OPENAPI_DOC_PATH)
      return this.hooks.openapi(exchange.method).then((r) => sendReply(res, r));
    // The admin API answers for itself and is not logged: the log is for the mock's own traffic.
    if (this.hooks.admin && isAdminPath(exchange.path)) {
      const reply = this.hooks.admin(req, exchange.path);
      if (!isPromise(reply)) {
        sendReply(res, reply);
        return undefined;
      }
      return reply.then(
        (r) => sendReply(res, r),
        (err: unknown) => sendReply(res, this.failure(exchange, err)),
      );
    }
    const graphqlPath = this.graphql?.path;
    if (graphqlPath && isGraphiqlRequest(req, exchange.method, exchange.path, graphqlPath))
      return sendGraphiql(res, graphqlPath, exchange.path);
    if (this.hooks.proxy && !isAdminPath(exchange.path) && this.unrouted(exchange))
      return this.hooks.proxy(req, res, exchange.responseHeaders).then((p) => this.proxied(exchange, p));
    if (jsonServer) {
      const front = this.jsonServerFront(exchange, jsonServer);
      if (front) return front;
    }
    if (this.hooks.readBodies && hasBody(req)) {
      // A failed read (too large, cut off) is the endpoint's to answer when it asks for the body.
      const next = (): Promise<void> | undefined => this.route(exchange);
      return exchange.text().then(next, next);
    }
    return this.route(exchange);
  }

  /** json-server mode's own answers (GET /db, singular resources, --read-only, --static), or undefined. */
  private jsonServerFront(exchange: Exchange, mode: JsonServerMode): Promise<void> | undefined {
    const front = frontAnswer(mode, this.records, exchange, this.routed);
    if (front === undefined) return undefined;
    return Promise.resolve(front).then(
      (reply) => (reply ? this.complete(exchange, reply) : this.route(exchange)),
      (err: unknown) => this.complete(exchange, this.failure(exchange, err)),
    );
  }

  /** Whether an endpoint has this method and path (one function for every request, not a closure each). */
  private readonly routed = (method: string, path: string): boolean =>
    this.routes.find(method === 'HEAD' ? 'GET' : (method as Router.HTTPMethod), path) !== null;

  /** Runs the endpoint and completes its answer. */
  private route(exchange: Exchange): Promise<void> | undefined {
    let reply: Maybe<Reply>;
    try {
      reply = this.dispatch(exchange);
    } catch (err) {
      reply = this.failure(exchange, err);
    }
    // One reaction for both outcomes: what the endpoint answered, or the error reply for what it rejected with.
    return isPromise(reply)
      ? reply.then(
          (r) => this.complete(exchange, r),
          (err: unknown) => this.complete(exchange, this.failure(exchange, err)),
        )
      : this.complete(exchange, reply);
  }

  /** Finds the endpoint, picks the response format, and runs the endpoint. */
  private dispatch(exchange: Exchange): Maybe<Reply> {
    const { req, method, path } = exchange;
    if (this.graphql && path === this.graphql.path) return this.graphql.run(exchange);
    const found = this.routes.find(method === 'HEAD' ? 'GET' : (method as Router.HTTPMethod), path);
    if (!found) return this.noRoute(exchange);
    const compiled = found.store as CompiledEndpoint;
    exchange.compiled = compiled;
    exchange.params = found.params as Record<string, string>;
    if (compiled.negotiates) {
      const format = negotiate(req.headers.accept);
      if (!format) return errorReply(406, httpMessages.notAcceptable());
      exchange.format = format;
    }
    return compiled.run(exchange);
  }

  /** No endpoint has this method and path (an OPTIONS on a path the mock has is still its own to answer). */
  private unrouted({ method, path }: Exchange): boolean {
    if (path === this.graphql?.path) return false;
    if (this.routes.find(method === 'HEAD' ? 'GET' : (method as Router.HTTPMethod), path)) return false;
    return method !== 'OPTIONS' || !HTTP_METHODS.some((m) => this.routes.find(m, path));
  }

  /** Logs a forwarded exchange as the upstream answered it. */
  private proxied(exchange: Exchange, p: Proxied): void {
    exchange.requestBody = p.requestBody;
    exchange.responseHeaders = p.responseHeaders;
    exchange.notes.push(...p.notes);
    this.log(exchange, p.status, p.responseBody);
  }

  /** Whether a WebSocket endpoint of the config has this path (its upgrades go to the realtime hub). */
  private websocketAt(path: string): boolean {
    this.websockets ??= new PathMatcher((this.model.realtime ?? []).filter((e) => e.kind === 'websocket'));
    return this.websockets.match(path) !== undefined;
  }

  /** No endpoint has this method and path: 404, or 405 (and OPTIONS' 204) when another method has it. */
  private noRoute({ req, method, path, responseHeaders }: Exchange): Reply {
    const allow = HTTP_METHODS.filter((m) => this.routes.find(m, path) !== null);
    // json-server mode answers a singular resource and /db itself: a browser's preflight there is 204 too.
    const { jsonServer } = this.model.server;
    if (allow.length === 0 && method === 'OPTIONS' && jsonServer) allow.push(...frontMethods(jsonServer, path));
    if (allow.length === 0) {
      if (path.includes('%')) {
        // The decoded text is kept, not dropped: a bundler removes a call to a built-in whose result
        // is unused (rolldown did, in the CLI bundle), and the throw that tells a bad encoding with it.
        let decoded: string | undefined;
        try {
          decoded = decodeURIComponent(path);
        } catch {
          decoded = undefined;
        }
        if (decoded === undefined) return errorReply(400, 'Malformed URL: bad percent-encoding in the path.');
      }
      if ((method === 'GET' || method === 'HEAD') && this.websocketAt(path)) {
        // A browser tab or curl on a WebSocket endpoint's URL: say what it is rather than "Not found".
        responseHeaders.Upgrade = 'websocket';
        return errorReply(426, realtimeMessages.upgradeRequired(path));
      }
      return errorReply(404, httpMessages.notFound);
    }
    const allowed = [...allow, ...(allow.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
    if (method === 'OPTIONS') {
      const preflight = req.headers['access-control-request-method'] && this.model.server.cors;
      Object.assign(responseHeaders, { Allow: allowed.join(', ') }, preflight ? preflightHeaders(req, allowed) : {});
      return { status: 204, json: undefined };
    }
    return errorReply(405, httpMessages.methodNotAllowed(method, allow), { Allow: allowed.join(', ') });
  }

  /** The reply for an error a step threw: its own status for an HttpError or a DomainError, else a logged 500. */
  private failure(exchange: Exchange, err: unknown): Reply {
    exchange.format = 'json';
    const known = err instanceof HttpError ? err : domainHttpError(err);
    if (known) {
      if (known.status >= 400) exchange.notes.push(known.message);
      return errorReply(known.status, known.message, known.headers);
    }
    this.hooks.onError(err);
    exchange.notes.push(`internal error: ${(err as Error)?.message ?? String(err)}`);
    return errorReply(500, httpMessages.internal());
  }

  /** Adds the latency (the endpoint's or rule's, else the server's), then encodes and sends the reply. */
  private complete(exchange: Exchange, reply: Reply): Promise<void> | undefined {
    const { effects } = exchange;
    const { server } = this.model;
    const asked = server.jsonServer || server.allowDelayParam ? delayParam(exchange.searchParams) : undefined;
    // json-server pauses for --delay (the server's latency in that mode), then for _delay: the two add up.
    const base = asked !== undefined && server.jsonServer ? (server.latency?.min ?? 0) : 0;
    const latency =
      asked !== undefined ? { min: base + asked, max: base + asked } : (effects?.latency ?? server.latency);
    if (!latency || latency.max === 0) return this.finish(exchange, reply);
    const delay = randomIntIn(this.random, latency.min, latency.max);
    exchange.notes.push(`latency ${delay} ms added`);
    // A connection closed during the wait (the client gave up, or a stop cut it after its grace)
    // ends the wait: nobody is left to answer, and a stop must not wait out a minute of latency.
    // finish() then logs the request as one whose client left.
    const { res } = exchange;
    const closed = new AbortController();
    const abort = (): void => closed.abort();
    res.once('close', abort);
    const done = (): Promise<void> | undefined => {
      res.off('close', abort);
      return this.finish(exchange, reply);
    };
    return sleep(delay, undefined, { signal: closed.signal }).then(done, done);
  }

  /** The connection fault the endpoint asked for, or the reply encoded and sent. */
  private finish(exchange: Exchange, reply: Reply): Promise<void> | undefined {
    const drop = exchange.effects?.drop;
    return drop ? this.drop(exchange, drop) : this.encode(exchange, reply);
  }

  /** A connection fault: reset (TCP RST) or closed without a response; logged with status 0. */
  private drop(exchange: Exchange, kind: 'reset' | 'empty'): undefined {
    const { socket } = exchange.req;
    if (kind === 'reset' && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
    this.log(exchange, 0, undefined);
    return undefined;
  }

  /** Turns a JSON reply into XML when the client asked for XML, then sends it. Errors stay JSON. */
  private encode(exchange: Exchange, given: Reply): Promise<void> | undefined {
    const reply = this.model.server.jsonServer
      ? jsonServerReply(exchange.method, given, exchange.responseHeaders)
      : given;
    if (reply.status >= 400) exchange.format = 'json';
    if (reply.json === undefined || exchange.format !== 'xml' || !exchange.compiled || reply.contentType) {
      this.write(exchange, reply);
      return undefined;
    }
    if (!xmlModule) {
      return import('./xml.js').then((loaded) => {
        xmlModule = loaded;
        this.write(exchange, this.asXml(exchange, reply));
      });
    }
    this.write(exchange, this.asXml(exchange, reply));
    return undefined;
  }

  private asXml(exchange: Exchange, reply: Reply): Reply {
    const compiled = exchange.compiled as CompiledEndpoint;
    try {
      const xml = (xmlModule as typeof import('./xml.js')).toXml(
        JSON.parse(reply.json as string),
        compiled.xmlRoot,
        compiled.xmlItem,
      );
      return { ...reply, json: xml };
    } catch (err) {
      return this.failure(exchange, err);
    }
  }

  /** Writes the response (unless the client is gone) and hands the finished exchange to the log. */
  private write(exchange: Exchange, reply: Reply): void {
    const { req, res, responseHeaders: headers, notes } = exchange;
    if (reply.headers) Object.assign(headers, reply.headers);
    const body = reply.json;
    if (body !== undefined) {
      headers['Content-Type'] =
        reply.contentType ??
        (exchange.format === 'json' ? JSON_CONTENT_TYPE : contentType(exchange.format, req.headers.accept));
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    // A client that went away (e.g. during the latency) still gets its log entry, saying so.
    if (res.destroyed) notes.push('client closed the connection before the response was sent');
    else res.writeHead(reply.status, headers).end(body);
    this.log(exchange, reply.status, body);
    exchange.effects?.after?.(reply.status, headers, body);
  }

  /** Hands the finished exchange to the log. */
  private log(exchange: Exchange, status: number, body: string | undefined): void {
    const { onServed } = this.hooks;
    if (onServed) onServed(exchange.answered(status, body));
  }
}
