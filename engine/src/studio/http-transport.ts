import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STUDIO_CSP } from '../../../shared/src/csp.js';
import { CALL_NAMES, EVENT_NAMES, type CallName, type StudioHandlers } from '../../../shared/src/studio-contract.js';
import { readBody } from '../http/body.js';
import { HttpError } from '../http-error.js';
import type { StudioSession } from './session.js';
import { sendStatic } from './static-files.js';

export const DEFAULT_STUDIO_PORT = 4400;
const COOKIE = 'mockyard_studio';
// Imports carry files of up to 20 MiB (MAX_IMPORT_BYTES), as JSON text.
const MAX_CALL_BODY = 24 * 1024 * 1024;

/** What the browser studio may load: the same policy as the desktop app's window. */
export { STUDIO_CSP };

export interface StudioServerOptions {
  session: StudioSession;
  handlers: StudioHandlers;
  /** The built renderer (index.html and assets). */
  staticDir: string;
  port?: number;
  token?: string;
}

export interface StudioServer {
  /** The URL to open, token included. */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
};

const tokenMatches = (given: string | undefined, token: string): boolean => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

function cookieToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE) return value;
  }
  return undefined;
}

/**
 * The browser studio: serves the renderer build and the studio contract (POST /api/call/<name>,
 * GET /api/events as server-sent events) on 127.0.0.1 only. A random token in the URL (kept in a
 * SameSite=Strict cookie) guards it, and foreign Host or Origin headers get 403, so other web
 * pages and DNS-rebinding tricks cannot drive it.
 */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const token = options.token ?? randomBytes(24).toString('hex');
  const clients = new Set<ServerResponse>();
  let port = options.port ?? DEFAULT_STUDIO_PORT;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

  const unsubscribe = EVENT_NAMES.map((name) =>
    options.session.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const client of clients) client.write(frame);
    }),
  );

  async function call(name: CallName, req: IncomingMessage, res: ServerResponse): Promise<void> {
    let args: unknown = {};
    const text = await readBody(req, MAX_CALL_BODY);
    if (text.trim() !== '') {
      try {
        args = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'The call body must be JSON.');
      }
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      throw new HttpError(400, 'The call body must be a JSON object.');
    const handler = options.handlers[name] as (a: unknown) => Promise<unknown>;
    json(res, 200, await handler(args));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts().includes(req.headers.host ?? ''))
      return json(res, 403, { error: 'Forbidden: unknown Host header.' });
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts().some((h) => origin === `http://${h}`))
      return json(res, 403, { error: 'Forbidden: cross-origin request.' });
    let url: URL;
    try {
      // A request target such as `//[` is not a URL: a client error, not a 500.
      url = new URL(req.url ?? '/', 'http://studio.invalid');
    } catch {
      return json(res, 400, { error: 'Bad request path.' });
    }
    const queryToken = url.searchParams.get('token') ?? undefined;
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : undefined;
    const authorised = [queryToken, cookieToken(req), bearer].some((t) => tokenMatches(t, token));
    if (!authorised) {
      return json(res, 401, {
        error: 'Open the studio with the URL that `mockyard studio` printed (it carries the access token).',
      });
    }
    const security: Record<string, string> = {
      'Content-Security-Policy': STUDIO_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    };
    if (queryToken) security['Set-Cookie'] = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;

    if (url.pathname.startsWith('/api/call/')) {
      const name = url.pathname.slice('/api/call/'.length) as CallName;
      if (!CALL_NAMES.includes(name)) return json(res, 404, { error: `No call '${name}'.` });
      if (req.method !== 'POST') return json(res, 405, { error: 'Calls are POST requests.' }, { Allow: 'POST' });
      try {
        await call(name, req, res);
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 400;
        json(res, status, { error: (err as Error).message });
      }
      return;
    }
    if (url.pathname === '/api/events') {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      clients.add(res);
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(ping);
        clients.delete(res);
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'Method not allowed.' });
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    if (await sendStatic(res, options.staticDir, path, security)) return;
    json(res, 404, { error: 'Not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: (err as Error).message });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      for (const off of unsubscribe) off();
      for (const client of clients) client.end();
      clients.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
