import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import { isLoopbackHost } from '../config/compile-server.js';
import { ADMIN_PREFIX } from './runtime.js';

export interface AdminActions {
  token: () => string | undefined;
  reset: () => Record<string, number>;
  log: () => unknown[];
}

const send = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
};

/** 405 for an admin action called with the wrong method; like every 405 it names the allowed one in `Allow`. */
const wrongMethod = (res: ServerResponse, method: string | undefined, allowed: string): void =>
  send(res, 405, { error: httpMessages.methodNotAllowed(method ?? '', [allowed]) }, { Allow: allowed });

function authorised(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `localhost:3000` → { name: 'localhost', port: 3000 }; `[::1]` → port 80. Undefined when malformed. */
function parseHost(value: string | undefined): { name: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/.exec(value ?? '');
  if (!match?.[1]) return undefined;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? 80 : Number(match[2]) };
}

/**
 * Whether `Host` and `Origin` fit the address the request came in on, so that a web page can neither
 * reach the admin API through DNS rebinding (a foreign name resolving to 127.0.0.1) nor drive it
 * cross-site. The bearer token is still required on top of this.
 *
 * A request that arrived on a loopback address must name a loopback host (127.0.0.1, localhost,
 * [::1]) with the port it arrived on. A request that arrived on another interface (the mock bound
 * to 0.0.0.0 or a LAN address, shared with a team) may use any host name: colleagues reach it as
 * `devbox:3000`, `192.168.1.20:3000`…, names the server cannot know, so Host is not enforced there and
 * the token is the guard. Origin, when a browser sends one, must always be this same host: the admin
 * API answers no CORS preflight, so no other web page has a reason to call it.
 */
export function foreignRequest(req: IncomingMessage): string | undefined {
  const localPort = req.socket.localPort;
  const viaLoopback = isLoopbackHost(req.socket.localAddress ?? '');
  const host = parseHost(req.headers.host);
  if (viaLoopback && (!host || !isLoopbackHost(host.name) || host.port !== localPort))
    return 'Forbidden: unknown Host header.';
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return 'Forbidden: cross-origin request.';
  }
  if (from.protocol !== 'http:') return 'Forbidden: cross-origin request.';
  const fromPort = from.port === '' ? 80 : Number(from.port);
  // Through loopback, any loopback name for this port is this server; otherwise the Host itself.
  const ours = viaLoopback
    ? isLoopbackHost(from.hostname) && fromPort === localPort
    : host !== undefined && from.hostname === host.name && fromPort === host.port;
  return ours ? undefined : 'Forbidden: cross-origin request.';
}

/** `/__mockyard/` admin API: `POST reset` puts the data back to `seed:`, `GET log` lists kept requests. */
export function adminHandler(actions: AdminActions) {
  return (req: IncomingMessage, res: ServerResponse, path: string): void => {
    const token = actions.token();
    if (!token) return send(res, 404, { error: httpMessages.notFound });
    const foreign = foreignRequest(req);
    if (foreign) return send(res, 403, { error: foreign });
    if (!authorised(req, token)) return send(res, 401, { error: httpMessages.unauthorized() });
    const action = path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
    if (action === 'reset') {
      if (req.method !== 'POST') return wrongMethod(res, req.method, 'POST');
      return send(res, 200, { reset: actions.reset() });
    }
    if (action === 'log') {
      if (req.method !== 'GET') return wrongMethod(res, req.method, 'GET');
      return send(res, 200, actions.log());
    }
    send(res, 404, { error: httpMessages.notFound });
  };
}
