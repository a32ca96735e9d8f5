import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from '../config/compile-server.js';
import { constantTimeEqual } from '../on-demand.js';

/** Whether a token someone gave is the expected one, compared in constant time. */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && constantTimeEqual(a, b);
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** `localhost:3000` → { name: 'localhost', port: 3000 }; `[::1]` → port 80. Undefined when malformed. */
function parseHost(value: string | undefined): { name: string; port: number } | undefined {
  // A port is written plainly: `04710` is not 4710 to this check.
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/@\s]+)(?::([1-9]\d{0,4}))?$/.exec(value ?? '');
  if (!match?.[1]) return undefined;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? 80 : Number(match[2]) };
}

/**
 * FORBIDDEN_HOST when a request that arrived on a loopback address names another host than
 * 127.0.0.1, localhost or [::1] with the port it arrived on, written plainly (no leading zeros);
 * undefined otherwise (see foreignRequest for why other interfaces are not checked).
 */
export function foreignHost(req: IncomingMessage): string | undefined {
  if (!isLoopbackHost(req.socket.localAddress ?? '')) return undefined;
  const host = parseHost(req.headers.host);
  return host && LOOPBACK_NAMES.has(host.name) && host.port === req.socket.localPort ? undefined : FORBIDDEN_HOST;
}

/** The loopback names a Host or Origin may use, as the README lists them. */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export const FORBIDDEN_HOST = 'Forbidden: unknown Host header.';
export const FORBIDDEN_ORIGIN = 'Forbidden: cross-origin request.';

/**
 * Why a request's `Host` or `Origin` does not fit the address it came in on (undefined when they
 * fit), so that a web page can neither reach a guarded surface (the admin API, the browser studio)
 * through DNS rebinding (a foreign name resolving to 127.0.0.1) nor drive it cross-site. The token
 * is still required on top of this.
 *
 * A request that arrived on a loopback address must name a loopback host (127.0.0.1, localhost,
 * [::1]) with the port it arrived on. A request that arrived on another interface (the mock bound
 * to 0.0.0.0 or a LAN address, shared with a team) may use any host name: colleagues reach it as
 * `devbox:3000`, `192.168.1.20:3000`…, names the server cannot know, so Host is not enforced there and
 * the token is the guard. Origin, when a browser sends one, must always be this same host: these
 * surfaces answer no CORS preflight, so no other web page has a reason to call them.
 */
export function foreignRequest(req: IncomingMessage): string | undefined {
  const localPort = req.socket.localPort;
  const viaLoopback = isLoopbackHost(req.socket.localAddress ?? '');
  const host = parseHost(req.headers.host);
  if (foreignHost(req)) return FORBIDDEN_HOST;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return FORBIDDEN_ORIGIN;
  }
  if (from.protocol !== 'http:') return FORBIDDEN_ORIGIN;
  const fromPort = from.port === '' ? 80 : Number(from.port);
  // Through loopback, any loopback name for this port is this server; otherwise the Host itself.
  const ours = viaLoopback
    ? LOOPBACK_NAMES.has(from.hostname) && fromPort === localPort
    : host !== undefined && from.hostname === host.name && fromPort === host.port;
  return ours ? undefined : FORBIDDEN_ORIGIN;
}
