/**
 * GraphQL over WebSocket (the graphql-ws protocol, `graphql-transport-ws`) at the GraphQL path
 * (`server.graphql`): subscriptions to table feeds (graphql/subscriptions.ts), and queries and
 * mutations too, as the protocol allows. It shares the realtime endpoints' limits: the connection
 * count (the hub counts these sockets), the frame size (`server.bodyLimit`), the send buffer, the
 * keep-alive pings; and the GraphQL limits (depth, cost, tokens, length) hold for every document.
 * A config change keeps the connections while GraphQL stays at the same path (new operations run on
 * the new version's schema) and closes them with 1001 when it moves or is turned off.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type DocumentNode, GraphQLError, getOperationAST, parse, validate } from 'graphql';
import { handleProtocols, makeServer, type Server } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import { GRAPHQL_LIMITS, limitExceeded } from '../graphql/limits.js';
import type { GraphqlOnDemand } from '../graphql/on-demand.js';
import { RelatedRows } from '../graphql/related-rows.js';
import type { FeedSource, RequestContext } from '../graphql/request-context.js';
import { FEED_BUFFER, type Feeds } from './feed-buffer.js';
import type { RealtimeLimits } from './realtime-limits.js';
import type { StreamRecorder } from './stream-recorder.js';

const GOING_AWAY = 1001;
const CLOSE_POLICY = 1008;
/** Each connection's log entry, for a drop decided in a subscription. */
const recorders = new WeakMap<WebSocket, StreamRecorder>();

interface Extra {
  socket: WebSocket;
}

export class GraphqlSubscriptions {
  private current: GraphqlOnDemand | undefined;
  private readonly sockets = new Map<WebSocket, { alive: boolean }>();
  /** Handshake-only WebSocket servers by their frame size limit. */
  private readonly servers = new Map<number, WebSocketServer>();
  private readonly server: Server<Extra>;
  /** How to end each running subscription, by schema. */
  private readonly endings = new Map<string, Set<() => void>>();

  constructor(
    private readonly feeds: Feeds,
    private readonly limits: RealtimeLimits,
  ) {
    this.server = makeServer<Record<string, unknown> | undefined, Extra>({
      onSubscribe: (ctx, _id, payload) => this.prepare(ctx.extra.socket, payload),
    });
  }

  /** Open graphql-ws connections. */
  get size(): number {
    return this.sockets.size;
  }

  /** Whether an upgrade to `path` is theirs (GraphQL is on at that path). */
  handles(path: string): boolean {
    return this.current !== undefined && this.current.path === path;
  }

  /** A config version's GraphQL endpoint (undefined: off): moved or off closes the connections. */
  apply(graphql: GraphqlOnDemand | undefined, schemas: ReadonlySet<string>): void {
    const kept = graphql !== undefined && graphql.path === this.current?.path;
    this.current = graphql;
    // Subscriptions to schemas the config no longer has complete.
    for (const [schema, ends] of this.endings) if (!schemas.has(schema)) for (const end of [...ends]) end();
    if (!kept) for (const socket of this.sockets.keys()) socket.close(GOING_AWAY, realtimeMessages.endpointRemoved());
  }

  /** Pings each connection; one that did not answer the last ping is dropped. */
  heartbeat(): void {
    for (const [socket, state] of this.sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }

  /** Accepts an upgrade at the GraphQL path; `connected` is called once it is open (or failed). */
  upgrade(
    module: typeof import('ws'),
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    frameLimit: number,
    connected: () => void,
    record: () => StreamRecorder,
  ): void {
    let server = this.servers.get(frameLimit);
    if (!server) {
      server = new module.WebSocketServer({
        noServer: true,
        maxPayload: frameLimit,
        clientTracking: false,
        handleProtocols,
      });
      this.servers.set(frameLimit, server);
    }
    server.handleUpgrade(req, socket, head, (ws) => {
      connected();
      this.open(ws, record());
    });
  }

  /** A connection, logged as one entry that stays open (its frames, its close code). */
  private open(ws: WebSocket, recorder: StreamRecorder): void {
    const state = { alive: true };
    recorders.set(ws, recorder);
    this.sockets.set(ws, state);
    // A frame over the limit: ws closes with 1009 itself; nothing else to do.
    ws.on('error', () => undefined);
    ws.on('pong', () => {
      state.alive = true;
    });
    const closed = this.server.opened(
      {
        protocol: ws.protocol,
        send: (data) =>
          new Promise<void>((resolve) => {
            if (ws.readyState !== ws.OPEN) return resolve();
            if (ws.bufferedAmount > this.limits.sendBuffer) {
              recorder.closed(CLOSE_POLICY, realtimeMessages.slowClient());
              ws.terminate();
              return resolve();
            }
            recorder.frame('out', data, Buffer.byteLength(data));
            ws.send(data, () => resolve());
          }),
        close: (code, reason) => ws.close(code, reason),
        onMessage: (cb: (data: string) => Promise<void>) =>
          ws.on('message', (data: Buffer) => {
            recorder.frame('in', data, data.length);
            cb(String(data)).catch(() => ws.close(1011, 'Internal error.'));
          }),
      },
      { socket: ws },
    );
    ws.once('close', (code: number, reason: Buffer) => {
      this.sockets.delete(ws);
      recorder.closed(code, String(reason));
      closed(code, String(reason)).catch(() => undefined);
    });
  }

  /** An operation's execution arguments, or the errors that stop it (sent as the protocol's `error` message). */
  private async prepare(
    socket: WebSocket,
    payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  ) {
    const graphql = this.current;
    if (!graphql) return [new GraphQLError('GraphQL is off in the live config.')];
    if (payload.query.length > GRAPHQL_LIMITS.queryBytes)
      return [new GraphQLError(`The query is longer than ${GRAPHQL_LIMITS.queryBytes} characters.`)];
    let document: DocumentNode;
    try {
      document = parse(payload.query, { maxTokens: GRAPHQL_LIMITS.tokens });
    } catch (err) {
      return [err instanceof GraphQLError ? err : new GraphQLError(String(err))];
    }
    const over = limitExceeded(document);
    if (over) return [new GraphQLError(over)];
    const schema = await graphql.schema();
    const errors = validate(schema, document, undefined, { maxErrors: 20 });
    if (errors.length > 0) return errors;
    const operationName = payload.operationName ?? undefined;
    if (!getOperationAST(document, operationName))
      return [
        new GraphQLError(
          operationName
            ? `No operation named '${operationName}' in the query.`
            : 'The query has several operations: name one with `operationName`.',
        ),
      ];
    const feeds: FeedSource = {
      subscribe: (schema, subscriber, ended) => {
        let ends = this.endings.get(schema);
        if (!ends) {
          ends = new Set();
          this.endings.set(schema, ends);
        }
        ends.add(ended);
        const unsubscribe = this.feeds.subscribe(schema, subscriber);
        return () => {
          unsubscribe();
          ends.delete(ended);
          if (ends.size === 0 && this.endings.get(schema) === ends) this.endings.delete(schema);
        };
      },
      // Changes waiting for the socket count with what the socket holds: together under the send buffer.
      lagging: (queued, bytes) => queued > FEED_BUFFER || socket.bufferedAmount + bytes > this.limits.sendBuffer,
      drop: () => {
        recorders.get(socket)?.closed(CLOSE_POLICY, realtimeMessages.slowClient());
        socket.terminate();
      },
    };
    const notes: string[] = [];
    const contextValue: RequestContext = {
      records: graphql.records,
      related: new RelatedRows(graphql.records, notes),
      notes,
      feeds,
    };
    return { schema, document, operationName, variableValues: payload.variables ?? undefined, contextValue };
  }

  /** Closes every connection with 1001 (the server stops). */
  close(): Promise<void>[] {
    const closed: Promise<void>[] = [];
    for (const socket of this.sockets.keys()) {
      closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
      socket.close(GOING_AWAY, realtimeMessages.serverStopping());
    }
    return closed;
  }

  /** Cuts the connections that did not close in time. */
  terminate(): void {
    for (const socket of this.sockets.keys()) socket.terminate();
  }
}
