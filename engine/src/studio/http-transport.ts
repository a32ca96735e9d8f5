import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DomainError } from '../domain-error.js';
import type { AddressInfo } from 'node:net';
import { STUDIO_CSP } from '../../../shared/src/csp.js';
import { CALL_NAMES, EVENT_NAMES, type CallName, type StudioHandlers } from '../../../shared/src/studio-contract.js';
import type { StudioErrorCode } from '../../../shared/src/studio-error.js';
import { readBody } from '../http/body.js';
import { bearerToken, foreignRequest, tokenMatches } from '../http/guards.js';
import { jsonReply, type Reply, sendReply } from '../http/reply.js';
import { randomHex } from '../on-demand.js';
import { callFailure } from './call-error.js';
import type { StudioSession } from './session.js';
import { sendStatic } from './static-files.js';

export const DEFAULT_STUDIO_PORT = 4400;
/**
 * The token's cookie is named per port: cookies ignore ports, so studios on 127.0.0.1:4400 and
 * 127.0.0.1:4401 would otherwise overwrite each other's token and lock each other out.
 */
export const cookieName = (port: number | undefined): string => `mockyard_studio_${port ?? 0}`;
/** What a tab without a valid token is told; the studio UI offers a reload that keeps unsaved edits. */
export const NO_TOKEN =
  'This studio tab has no valid access token (its cookie expired or was cleared, or the studio restarted). Reload the page, or open the URL that `mockyard studio` printed (it carries the access token).';
// Imports carry files of up to 20 MiB (MAX_IMPORT_BYTES), as JSON text.
const MAX_CALL_BODY = 24 * 1024 * 1024;
// Answers of the studio API are live state: never cached.
const NO_STORE = { 'Cache-Control': 'no-store' };

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

/** Every failure the studio answers is `{ error, code }`, the body a failed call has on both transports. */
const failed = (err: unknown): Reply => {
  const { status, body, headers } = callFailure(err);
  return jsonReply(status, body, headers);
};
/** A request this transport turns away itself, with the HTTP status it has for it. */
const refuse = (status: number, code: StudioErrorCode, message: string, headers?: Record<string, string>): Reply =>
  jsonReply(status, { error: message, code }, headers);

function cookieToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie ?? '';
  // The port the request came in on: the studio's own, whichever it is (port 0 picks one at listen).
  const cookie = cookieName(req.socket.localPort);
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === cookie) return value;
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
  const token = options.token ?? randomHex(24);
  const clients = new Set<ServerResponse>();

  const unsubscribe = EVENT_NAMES.map((name) =>
    options.session.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const client of clients) client.write(frame);
    }),
  );

  /** POST /api/call/<name>: the handler's result, or its failure as `{ error, code }`. */
  async function call(name: CallName, req: IncomingMessage): Promise<Reply> {
    try {
      let args: unknown = {};
      const text = await readBody(req, MAX_CALL_BODY);
      if (text.trim() !== '') {
        try {
          args = JSON.parse(text);
        } catch {
          throw new DomainError('invalid', 'The call body must be JSON.');
        }
      }
      if (args === null || typeof args !== 'object' || Array.isArray(args))
        throw new DomainError('invalid', 'The call body must be a JSON object.');
      const handler = options.handlers[name] as (a: unknown) => Promise<unknown>;
      return jsonReply(200, await handler(args));
    } catch (err) {
      return failed(err);
    }
  }

  function openEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', ...NO_STORE, Connection: 'keep-alive' });
    res.write(': connected\n\n');
    clients.add(res);
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(ping);
      clients.delete(res);
    });
  }

  /** The reply to send, or undefined when the response was written here (events, a static file). */
  async function route(req: IncomingMessage, res: ServerResponse): Promise<Reply | undefined> {
    const foreign = foreignRequest(req);
    if (foreign) return refuse(403, 'refused', foreign);
    let url: URL;
    try {
      // A request target such as `//[` is not a URL: a client error, not a 500.
      url = new URL(req.url ?? '/', 'http://studio.invalid');
    } catch {
      return refuse(400, 'invalid', 'Bad request path.');
    }
    const queryToken = url.searchParams.get('token') ?? undefined;
    if (![queryToken, cookieToken(req), bearerToken(req)].some((t) => tokenMatches(t, token)))
      return refuse(401, 'refused', NO_TOKEN);

    if (url.pathname.startsWith('/api/call/')) {
      const name = url.pathname.slice('/api/call/'.length) as CallName;
      if (!CALL_NAMES.includes(name)) return refuse(404, 'not_found', `No call '${name}'.`);
      if (req.method !== 'POST') return refuse(405, 'invalid', 'Calls are POST requests.', { Allow: 'POST' });
      return call(name, req);
    }
    if (url.pathname === '/api/events') {
      openEvents(req, res);
      return undefined;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, 'invalid', 'Method not allowed.');
    const security: Record<string, string> = {
      'Content-Security-Policy': STUDIO_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    };
    if (queryToken)
      security['Set-Cookie'] = `${cookieName(req.socket.localPort)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    if (await sendStatic(res, options.staticDir, path, security)) return undefined;
    return refuse(404, 'not_found', 'Not found');
  }

  const server: Server = createServer((req, res) => {
    route(req, res).then(
      (reply) => {
        if (reply) sendReply(res, reply, NO_STORE);
      },
      (err: unknown) => {
        if (!res.headersSent) sendReply(res, failed(err), NO_STORE);
        else res.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_STUDIO_PORT, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options.session.engine.allowStudioOrigin(`http://127.0.0.1:${port}`);
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
