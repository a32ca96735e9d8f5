import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import { ADMIN_PREFIX } from './runtime.js';

export interface AdminActions {
  token: () => string | undefined;
  reset: () => Record<string, number>;
  log: () => unknown[];
}

const send = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
  const body = JSON.stringify(value);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
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

/** `/__mockyard/` admin API: `POST reset` puts the data back to `seed:`, `GET log` lists kept requests. */
export function adminHandler(actions: AdminActions) {
  return (req: IncomingMessage, res: ServerResponse, path: string): void => {
    const token = actions.token();
    if (!token) return send(res, 404, { error: httpMessages.notFound });
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
