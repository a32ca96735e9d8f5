/** Test clients of the realtime endpoints: the `ws` client, and an SSE reader over fetch. */
import { WebSocket } from 'ws';

/** A queue of what arrives: `next()` waits (bounded) for the next item. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private waiting: ((item: T) => void) | undefined;
  readonly all: T[] = [];

  push(item: T): void {
    this.all.push(item);
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = undefined;
      w(item);
    } else this.items.push(item);
  }

  next(ms = 5000): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing arrived within ${ms} ms`)), ms);
      this.waiting = (i) => {
        clearTimeout(timer);
        resolve(i);
      };
    });
  }

  get pending(): number {
    return this.items.length;
  }
}

export interface WsClient {
  ws: WebSocket;
  inbox: Inbox<string>;
  /** The next text frame, parsed as JSON. */
  json(ms?: number): Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
}

/** Opens a WebSocket to `path` of the server at `base` (http://…), resolving once it is open. */
export function connectWs(
  base: string,
  path: string,
  options: ConstructorParameters<typeof WebSocket>[2] = {},
): Promise<WsClient> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, options);
  const inbox = new Inbox<string>();
  ws.on('message', (data, isBinary) => inbox.push(isBinary ? `<binary ${(data as Buffer).length}>` : data.toString()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        inbox,
        closed,
        json: async (ms) => JSON.parse(await inbox.next(ms)),
        send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
      }),
    );
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () =>
        reject(Object.assign(new Error(`HTTP ${res.statusCode}: ${body}`), { status: res.statusCode, body })),
      );
    });
  });
}

export interface SseEvent {
  event: string | undefined;
  id: string | undefined;
  data: string;
}

export interface SseClient {
  response: Response;
  events: Inbox<SseEvent>;
  /** Comment lines (heartbeats) seen. */
  comments: number;
  ended: Promise<void>;
  close(): void;
}

/** Reads an SSE stream with fetch, parsing events as EventSource does. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events = new Inbox<SseEvent>();
  const client: SseClient = {
    response,
    events,
    comments: 0,
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  client.ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    let current: SseEvent = { event: undefined, id: undefined, data: '' };
    let hasData = false;
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let nl = buffer.indexOf('\n');
        while (nl !== -1) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line === '') {
            if (hasData) events.push(current);
            current = { event: undefined, id: undefined, data: '' };
            hasData = false;
          } else if (line.startsWith(':')) client.comments++;
          else {
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
            else if (field === 'data') {
              current.data = hasData ? `${current.data}\n${value}` : value;
              hasData = true;
            }
          }
          nl = buffer.indexOf('\n');
        }
      }
    } catch {}
  })();
  return client;
}
