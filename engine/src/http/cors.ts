import type { IncomingMessage } from 'node:http';
import type { CorsModel } from '../model/service-model.js';

const EXPOSED = 'X-Total-Count, Link, Location, Content-Range';

/** CORS headers for a response, or none when the request's origin is not allowed. */
export function corsHeaders(cors: CorsModel, req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  let allowed: string | undefined;
  if (cors.origins === '*') allowed = cors.credentials && origin ? origin : '*';
  else if (origin && cors.origins.includes(origin)) allowed = origin;
  if (!allowed) return {};
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': allowed,
    'Access-Control-Expose-Headers': EXPOSED,
  };
  if (allowed !== '*') headers.Vary = 'Origin';
  if (cors.credentials) headers['Access-Control-Allow-Credentials'] = 'true';
  return headers;
}

/** Extra headers answering a preflight (OPTIONS with Access-Control-Request-Method). */
export function preflightHeaders(req: IncomingMessage, allow: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': allow.join(', '),
    'Access-Control-Max-Age': '600',
  };
  const requested = req.headers['access-control-request-headers'];
  if (requested) headers['Access-Control-Allow-Headers'] = requested;
  return headers;
}
