/** A graphql-ws client (the real `graphql-ws` client over the `ws` package) for the subscription tests. */
import { type Client, createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { eventually } from './eventually.js';
import { yaml } from './helpers.js';
import { Inbox } from './realtime-clients.js';

export interface Subscription {
  /** The `next` payloads, in order. */
  results: Inbox<{ data?: Record<string, unknown> | null; errors?: unknown[] }>;
  /** Settles with what ended it: 'complete', or the error the client got (GraphQL errors or a close event). */
  ended: Promise<unknown>;
  dispose(): void;
}

/** A blog with GraphQL on and an admin token: the subscription suites' config. */
export const SUBSCRIPTION_CONFIG = yaml`
  server:
    graphql: true
    admin: { token: sub-admin-token }
  schemas:
    User:
      properties:
        id: integer
        name: string
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: User }
  seed:
    User: [{ id: 1, name: Ada }]
  endpoints:
    - resource: User
    - resource: Post
`;

/**
 * Writes (with `write`) until `sub` has a result, so the server holds the subscription (graphql-ws sends
 * no acknowledgement of a subscribe); returns the first result and drops the rest of the warm-up's.
 */
export async function warmUp(sub: Subscription, write: () => Promise<unknown>): Promise<unknown> {
  for (let i = 0; i < 100 && sub.results.all.length === 0; i++) {
    await write();
    await eventually(() => sub.results.all.length > 0, 100).catch(() => undefined);
  }
  const first = sub.results.all[0];
  if (first === undefined) throw new Error('the subscription got nothing');
  while (sub.results.pending > 0) await sub.results.next();
  return first;
}

/** A client on `base`'s GraphQL path; `closed` settles with the socket's close code and reason. */
export function graphqlWsClient(base: string, path = '/graphql') {
  let resolveClosed: (close: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    resolveClosed = resolve;
  });
  const client: Client = createClient({
    url: `${base.replace(/^http/, 'ws')}${path}`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: {
      closed: (event) => {
        const e = event as { code: number; reason: string };
        resolveClosed({ code: e.code, reason: String(e.reason) });
      },
    },
  });
  const subscribe = (query: string, variables?: Record<string, unknown>): Subscription => {
    const results: Subscription['results'] = new Inbox();
    let dispose: () => void = () => undefined;
    const ended = new Promise<unknown>((resolve) => {
      dispose = client.subscribe(
        { query, ...(variables ? { variables } : {}) },
        {
          next: (value) => results.push(value as { data?: Record<string, unknown> | null; errors?: unknown[] }),
          error: (err) => resolve(err),
          complete: () => resolve('complete'),
        },
      );
    });
    return { results, ended, dispose };
  };
  /** Resolves once the client is connected (acknowledged). */
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  return { client, closed, subscribe, connected };
}

/** A bare `ws` socket speaking (or not) the graphql-ws subprotocol: for frames a client library would not send. */
export function rawGraphqlWs(
  base: string,
  protocols: string[] = ['graphql-transport-ws'],
): Promise<{ ws: WebSocket; send(value: unknown): void; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, protocols);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({ ws, closed, send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)) }),
    );
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => reject(new Error(`HTTP ${res.statusCode}: ${body}`)));
    });
  });
}
