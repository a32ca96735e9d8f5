/**
 * The realtime side of the engine: WebSocket connections (upgrades on the HTTP port) and SSE streams
 * of the `websocket:` and `sse:` endpoints, and the feeds of table changes they stream. It outlives
 * config versions: a reload keeps the connections whose endpoint (kind and path) is still there,
 * handing them its new version, and closes the others (WebSocket: 1001 with a reason).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import type { GraphqlOnDemand } from '../graphql/on-demand.js';
import { rawErrorResponse } from '../http/reply.js';
import type { ServiceModel } from '../model/service-model.js';
import type { RecordChange } from '../records/record-change.js';
import { randomness } from '../templates/random.js';
import { connectionEntry, connectionFacts } from './connection-log.js';
import { Feeds } from './feed-buffer.js';
import type { GraphqlSubscriptions } from './graphql-subscriptions.js';
import { PathMatcher } from './path-match.js';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime-limits.js';
import { type RealtimeModel, realtimeName, type SseModel, type WebSocketModel } from './realtime-model.js';
import { MessageRenderer } from './render-message.js';
import { requestTarget } from './request-target.js';
import type { SessionEnv } from './session-env.js';
import { type SseHost, serveSse } from './sse-endpoint.js';
import type { SseSession } from './sse-session.js';
import { type StreamHooks, StreamRecorder } from './stream-recorder.js';
import { loadWs } from './ws-module.js';
import { WsSession } from './ws-session.js';

interface Version {
  model: ServiceModel;
  ws: PathMatcher<WebSocketModel>;
  sse: PathMatcher<SseModel>;
  env: SessionEnv;
}

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
  /** What the SSE endpoints reach of the hub. */
  private readonly sseHost: SseHost;
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
    this.sseHost = {
      limits: this.limits,
      full: () => this.full(),
      studioOrigin: hooks.studioOrigin,
      log: hooks.log,
      sessions: this.sseSessions,
    };
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

  /**
   * A place under the connection limit for an upgrade, held until it connects (then the function
   * returned releases it) or until the socket closes first (a handshake ws refused, a client gone);
   * undefined, with a 503 written on the socket, when there is none.
   */
  private admit(socket: Duplex): (() => void) | undefined {
    if (this.full()) {
      socket.end(
        rawErrorResponse(503, 'Service Unavailable', realtimeMessages.tooManyConnections(this.limits.maxConnections)),
      );
      return undefined;
    }
    this.pending++;
    let counted = true;
    const release = (): void => {
      if (counted) this.pending--;
      counted = false;
    };
    socket.once('close', release);
    return release;
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
    const uncount = this.admit(socket);
    if (!uncount) return;
    const { endpoint, params } = match;
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
        const facts = connectionFacts(req, url, params);
        const recorder = new StreamRecorder(
          connectionEntry(req, url, realtimeName(endpoint), params, 101),
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
    Promise.all([loadWs(), version.env.renderer.ready(endpoint)]).then(
      ([module]) => accept(module),
      () => socket.destroy(),
    );
  }

  /** An upgrade at the GraphQL path: a graphql-ws connection. */
  private upgradeGraphql(req: IncomingMessage, socket: Duplex, head: Buffer, frameLimit: number): void {
    const uncount = this.admit(socket);
    if (!uncount) return;
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
            connectionEntry(req, url, `GraphQL ${url.pathname} (graphql-ws)`, {}, 101),
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
    return this.version !== undefined && serveSse(req, res, this.version, this.sseHost);
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
