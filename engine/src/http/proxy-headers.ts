/** Which of a proxied message's headers travel on: the end-to-end ones (RFC 9110 §7.6.1). */
import type { IncomingHttpHeaders } from 'node:http';

/** Headers that belong to one connection (RFC 9110 §7.6.1), never forwarded in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Answered by the mock's own server already (100 Continue); the body follows at once.
  'expect',
]);

/** Header names a `Connection` header lists: hop-by-hop for this message too. */
function connectionTokens(value: string | string[] | undefined): Set<string> {
  const tokens = new Set<string>();
  for (const part of ([] as string[]).concat(value ?? [])) {
    for (const token of part.split(',')) {
      const name = token.trim().toLowerCase();
      if (name) tokens.add(name);
    }
  }
  return tokens;
}

/** The end-to-end headers of a message, as pairs (repeated headers stay repeated). */
export function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = connectionTokens(headers.connection);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}

export type Headers = Record<string, string | number | string[]>;

/** The same headers, their names in lower case. */
export const lowerCased = (headers: Headers): Headers =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
