/**
 * The realtime side of the engine: WebSocket connections (upgrades on the HTTP port) and SSE streams
 * of the `websocket:` and `sse:` endpoints, and the feeds of table changes they stream. It outlives
 * config versions: a reload keeps the connections whose endpoint (kind and path) is still there,
 * handing them its new version, and closes the others (WebSocket: 1001 with a reason).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { LogEntry } from '../../../shared/src/log-entry.js';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import { corsHeaders } from '../http/cors.js';
import type { GraphqlOnDemand } from '../graphql/on-demand.js';
import { errorReply, rawErrorResponse, sendReply } from '../http/reply.js';
import type { ServiceModel } from '../model/service-model.js';
import type { RecordChange } from '../records/record-change.js';
import { randomness } from '../templates/random.js';
import { type RequestFacts, templateContext } from '../templates/request-view.js';
import { Feeds } from './feed-buffer.js';
import type { GraphqlSubscriptions } from './graphql-subscriptions.js';
import { PathMatcher } from './path-match.js';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime-limits.js';
import { type RealtimeModel, realtimeName, type SseModel, type WebSocketModel } from './realtime-model.js';
import { MessageRenderer } from './render-message.js';
import type { SessionEnv } from './session-env.js';
import { resumeAt, SseSession } from './sse-session.js';
import { type StreamHooks, StreamRecorder } from './stream-recorder.js';
import { WsSession } from './ws-session.js';

interface Version {
  model: ServiceModel;
  ws: PathMatcher<WebSocketModel>;
  sse: PathMatcher<SseModel>;
  env: SessionEnv;
}

/**
 * `ws`, loaded when a config first has a WebSocket endpoint: it loads node:crypto, which
 * `mockyard serve` otherwise starts without (a CLI test checks its startup chunk).
 */
let wsModule: Promise<typeof import('ws')> | undefined;
const loadWs = (): Promise<typeof import('ws')> => {
  wsModule ??= import('ws');
  return wsModule;
};

export interface RealtimeHooks {
  /** The log of connections; undefined when logging is off. */
  log: StreamHooks | undefined;
  /** The studio's own origin (its Try it opens SSE streams with EventSource), allowed without `server.cors`. */
  studioOrigin?(origin: string): boolean;
}

const GOING_AWAY = 1001;

export class RealtimeHub {
  private version: Version | undefined;
  private readonly wsSessions = new Set<WsSession>();
  private readonly sseSessions = new Set<SseSession>();
  /** Connections by concrete path, for broadcasts. */
  private readonly rooms = new Map<string, Set<WsSession>>();
  /** WebSocket servers (handshakes only) by their frame size limit, `server.bodyLimit`. */
  private readonly servers = new Map<number, WebSocketServer>();
  /** Upgrades accepted but not yet connected (counted against the limit). */
  private pending = 0;
  private keepAlive: NodeJS.Timeout | undefined;
  private feedSchemas: ReadonlySet<string> = new Set();
  readonly feeds = new Feeds();
  readonly limits: RealtimeLimits;
  /** The GraphQL endpoint of the version (undefined: off); graphql-ws connects at its path. */
  private graphql: GraphqlOnDemand | undefined;
  /** graphql-ws at the GraphQL path, loaded (with graphql-js) on the first upgrade there. */
  private subscriptions: GraphqlSubscriptions | undefined;
  private loadingSubscriptions: Promise<GraphqlSubscriptions> | undefined;
  private graphqlSchemas: ReadonlySet<string> = new Set();

  constructor(
    private readonly hooks: RealtimeHooks,
    limits: Partial<RealtimeLimits> = {},
  ) {
    this.limits = { ...DEFAULT_REALTIME_LIMITS, ...limits };
  }

  /** Open WebSocket connections and SSE streams. */
  get connections(): number {
    return this.wsSessions.size + this.sseSessions.size + (this.subscriptions?.size ?? 0);
  }

  /** Whether some feed streams `schema`'s changes (or any schema's, without one). */
  hasFeed(schema?: string): boolean {
    return schema === undefined ? this.feedSchemas.size > 0 : this.feedSchemas.has(schema);
  }

  /**
   * Makes a config version's realtime endpoints (and its GraphQL subscriptions) live; connections on
   * endpoints it no longer has are closed.
   */
  apply(model: ServiceModel, graphql?: GraphqlOnDemand): void {
    const realtime = model.realtime ?? [];
    const ws = realtime.filter((e): e is WebSocketModel => e.kind === 'websocket');
    const sse = realtime.filter((e): e is SseModel => e.kind === 'sse');
    const env: SessionEnv = {
      renderer: new MessageRenderer(randomness(model.server.seed), model.server.seed),
      random: randomness(model.server.seed),
      feeds: this.feeds,
      limits: this.limits,
    };
    // Loading starts now, so the first connection usually finds the templates ready.
    for (const endpoint of realtime) env.renderer.ready(endpoint)?.catch(() => undefined);
    if (ws.length > 0) loadWs().catch(() => undefined);
    this.version = { model, ws: new PathMatcher(ws), sse: new PathMatcher(sse), env };
    const feedSchemas = new Set(realtime.flatMap((e) => (e.feed ? [e.feed.name] : [])));
    // With GraphQL on, any schema may have subscribers (here or on another replica).
    if (graphql) for (const name of model.schemas.keys()) feedSchemas.add(name);
    this.feedSchemas = feedSchemas;
    this.graphql = graphql;
    this.graphqlSchemas = new Set(model.schemas.keys());
    this.subscriptions?.apply(graphql, this.graphqlSchemas);
    const find = <T extends RealtimeModel>(list: readonly T[], path: string): T | undefined =>
      list.find((e) => e.path === path);
    for (const session of this.wsSessions) {
      const endpoint = find(ws, session.path);
      if (endpoint) session.rebind(endpoint, env);
      else session.close(GOING_AWAY, realtimeMessages.endpointRemoved());
    }
    for (const session of this.sseSessions) {
      const endpoint = find(sse, session.path);
      if (endpoint) session.rebind(endpoint, env);
      else session.close(realtimeMessages.endpointRemoved());
    }
    this.feeds.keepOnly(this.feedSchemas);
  }

  /** Pings every connection every `keepAlive` ms (from the first upgrade, again after close()). */
  private startKeepAlive(): void {
    if (this.keepAlive) return;
    this.keepAlive = setInterval(() => {
      for (const session of this.wsSessions) session.heartbeat();
      this.subscriptions?.heartbeat();
    }, this.limits.keepAlive);
    this.keepAlive.unref();
  }

  /** A committed change of the record service (or another replica's): to the feeds of its schema. */
  recordChanged(change: Pick<RecordChange, 'schema' | 'type' | 'record'>): void {
    if (this.feedSchemas.has(change.schema)) this.feeds.publish(change.schema, change.type, change.record);
  }

  private full(): boolean {
    return this.connections + this.pending >= this.limits.maxConnections;
  }

  /** An HTTP upgrade: a WebSocket endpoint's connection, or a JSON error written on the socket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const version = this.version;
    const url = requestTarget(req.url);
    const match = version?.ws.match(url.pathname);
    const isWebSocket = String(req.headers.upgrade).toLowerCase() === 'websocket';
    if (version && isWebSocket && this.graphql?.path === url.pathname) {
      this.upgradeGraphql(req, socket, head, version.model.server.bodyLimit);
      return;
    }
    if (!version || !match || !isWebSocket) {
      socket.end(rawErrorResponse(404, 'Not Found', realtimeMessages.notWebSocketPath(url.pathname)));
      return;
    }
    if (this.full()) {
      socket.end(
        rawErrorResponse(503, 'Service Unavailable', realtimeMessages.tooManyConnections(this.limits.maxConnections)),
      );
      return;
    }
    const { endpoint, params } = match;
    // Counted until it connects, or until the socket closes first (a handshake ws refused, a client gone).
    let counted = true;
    const uncount = (): void => {
      if (counted) this.pending--;
      counted = false;
    };
    socket.once('close', uncount);
    const accept = ({ WebSocketServer }: typeof import('ws')): void => {
      this.startKeepAlive();
      const limit = version.model.server.bodyLimit;
      let server = this.servers.get(limit);
      if (!server) {
        server = new WebSocketServer({ noServer: true, maxPayload: limit, clientTracking: false });
        this.servers.set(limit, server);
      }
      server.handleUpgrade(req, socket, head, (ws) => {
        uncount();
        const facts: RequestFacts = {
          method: 'GET',
          path: url.pathname,
          params,
          query: url.searchParams,
          headers: req.headers,
          body: undefined,
        };
        const recorder = new StreamRecorder(
          this.entry(req, url, realtimeName(endpoint), params, 101),
          'websocket',
          this.hooks.log,
        );
        let room = this.rooms.get(url.pathname);
        if (!room) {
          room = new Set();
          this.rooms.set(url.pathname, room);
        }
        const current = this.version?.ws.match(url.pathname)?.endpoint ?? endpoint;
        const session = new WsSession(ws, current, this.version?.env ?? version.env, facts, room, recorder, (s) => {
          this.wsSessions.delete(s);
          if (s.room.size === 0) this.rooms.delete(url.pathname);
        });
        this.wsSessions.add(session);
        session.start();
      });
    };
    this.pending++;
    Promise.all([loadWs(), version.env.renderer.ready(endpoint)]).then(
      ([module]) => accept(module),
      () => socket.destroy(),
    );
  }

  /** An upgrade at the GraphQL path: a graphql-ws connection. */
  private upgradeGraphql(req: IncomingMessage, socket: Duplex, head: Buffer, frameLimit: number): void {
    if (this.full()) {
      socket.end(
        rawErrorResponse(503, 'Service Unavailable', realtimeMessages.tooManyConnections(this.limits.maxConnections)),
      );
      return;
    }
    let counted = true;
    const uncount = (): void => {
      if (counted) this.pending--;
      counted = false;
    };
    socket.once('close', uncount);
    this.pending++;
    this.loadingSubscriptions ??= import('./graphql-subscriptions.js').then(({ GraphqlSubscriptions }) => {
      this.subscriptions = new GraphqlSubscriptions(this.feeds, this.limits);
      this.subscriptions.apply(this.graphql, this.graphqlSchemas);
      return this.subscriptions;
    });
    Promise.all([loadWs(), this.loadingSubscriptions]).then(
      ([module, subscriptions]) => {
        // GraphQL moved or was turned off while loading.
        if (!subscriptions.handles(requestTarget(req.url).pathname)) {
          uncount();
          socket.end(
            rawErrorResponse(404, 'Not Found', realtimeMessages.notWebSocketPath(requestTarget(req.url).pathname)),
          );
          return;
        }
        this.startKeepAlive();
        const url = requestTarget(req.url);
        const record = (): StreamRecorder =>
          new StreamRecorder(
            this.entry(req, url, `GraphQL ${url.pathname} (graphql-ws)`, {}, 101),
            'websocket',
            this.hooks.log,
          );
        subscriptions.upgrade(module, req, socket, head, frameLimit, uncount, record);
      },
      () => socket.destroy(),
    );
  }

  /** Serves `req` when it is an SSE endpoint's GET; false when it is not one (the HTTP runtime answers it). */
  serves(req: IncomingMessage, res: ServerResponse): boolean {
    const version = this.version;
    if (!version || version.sse.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = requestTarget(req.url);
    const match = version.sse.match(url.pathname);
    if (!match) return false;
    const { endpoint, params } = match;
    const origin = req.headers.origin;
    const cors = version.model.server.cors
      ? corsHeaders(version.model.server.cors, req)
      : origin && this.hooks.studioOrigin?.(origin)
        ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
        : {};
    if (this.full()) {
      sendReply(res, errorReply(503, realtimeMessages.tooManyConnections(this.limits.maxConnections)));
      return true;
    }
    const lastEventId = header(req.headers['last-event-id']);
    const start = endpoint.feed ? 0 : resumeAt(endpoint, lastEventId);
    if (start === 'done' || req.method === 'HEAD') {
      // 204 tells EventSource the stream is over: it stops reconnecting.
      res.writeHead(
        start === 'done' ? 204 : 200,
        start === 'done' ? cors : { ...cors, 'Content-Type': 'text/event-stream' },
      );
      res.end();
      return true;
    }
    const facts: RequestFacts = {
      method: 'GET',
      path: url.pathname,
      params,
      query: url.searchParams,
      headers: req.headers,
      body: undefined,
    };
    const begin = (): void => {
      if (res.destroyed) return;
      const recorder = new StreamRecorder(
        this.entry(req, url, realtimeName(endpoint), params, 200),
        'sse',
        this.hooks.log,
      );
      const session = new SseSession(res, endpoint, version.env, templateContext(facts), recorder, start, (s) =>
        this.sseSessions.delete(s),
      );
      this.sseSessions.add(session);
      session.start(cors, lastEventId);
    };
    const ready = version.env.renderer.ready(endpoint);
    if (ready)
      ready.then(begin, (err: unknown) => {
        sendReply(res, errorReply(500, `The templates of ${realtimeName(endpoint)} could not load: ${String(err)}`));
      });
    else begin();
    return true;
  }

  /** The log entry of a new connection. */
  private entry(
    req: IncomingMessage,
    url: RequestTarget,
    endpoint: string,
    params: Record<string, string>,
    status: number,
  ): LogEntry {
    return {
      id: 0,
      time: Date.now(),
      method: 'GET',
      path: url.pathname,
      query: url.search.slice(1),
      requestHeaders: req.headers,
      requestBody: '',
      endpoint,
      params: { ...params },
      status,
      responseHeaders: {},
      responseBody: '',
      duration: 0,
      notes: [],
    };
  }

  /**
   * Closes every connection (the server stops): WebSocket with 1001, SSE streams end. Resolves once
   * they are closed; a client that does not finish the closing handshake within `graceMs` is cut.
   */
  async close(graceMs = 1000): Promise<void> {
    clearInterval(this.keepAlive);
    this.keepAlive = undefined;
    for (const session of this.sseSessions) session.close(realtimeMessages.serverStopping());
    const open = [...this.wsSessions];
    const graphqlClosed = this.subscriptions?.close() ?? [];
    if (open.length === 0 && graphqlClosed.length === 0) return;
    const closed = [...open.map((session) => session.closed), ...graphqlClosed];
    for (const session of open) session.close(GOING_AWAY, realtimeMessages.serverStopping());
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        for (const session of this.wsSessions) session.terminate();
        this.subscriptions?.terminate();
        resolve();
      }, graceMs);
    });
    await Promise.race([Promise.all(closed), late]);
    clearTimeout(timer);
  }
}

interface RequestTarget {
  pathname: string;
  /** The query with its `?`, or empty. */
  search: string;
  searchParams: URLSearchParams;
}

/** The path and query of a request target, as sent (no URL parse: a malformed target must not throw). */
function requestTarget(target = '/'): RequestTarget {
  const q = target.indexOf('?');
  const search = q === -1 ? '' : target.slice(q);
  return { pathname: q === -1 ? target : target.slice(0, q), search, searchParams: new URLSearchParams(search) };
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
