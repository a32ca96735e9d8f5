import type { IncomingMessage } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import { ADMIN_BASE } from '../admin-path.js';
import { bearerToken, foreignRequest, tokenMatches } from './guards.js';
import { errorReply, jsonReply, type Reply } from './reply.js';
import { type JournalActions, journalAction } from './admin-journal.js';

export interface AdminActions {
  token: () => string | undefined;
  /** `server.admin.hosts`: Host names a proxy on this machine sends (lower case). */
  hosts: () => readonly string[];
  reset: () => Record<string, number> | Promise<Record<string, number>>;
  log: () => unknown[];
  /** The journal and scenarios (admin-journal.ts). */
  journal?: JournalActions;
}

/** 405 for an admin action called with the wrong method; like every 405 it names the allowed one in `Allow`. */
const wrongMethod = (method: string | undefined, allowed: string): Reply =>
  errorReply(405, httpMessages.methodNotAllowed(method ?? '', [allowed]), { Allow: allowed });

/**
 * Whether the request comes through a proxy the config trusts (`server.admin.hosts`): its Host is
 * one of them (a name without a port matches any port), and an Origin, if a browser sent one,
 * is that same host. Only the Host check of a loopback address is relaxed, never the token.
 */
function viaTrustedProxy(req: IncomingMessage, hosts: readonly string[]): boolean {
  const host = req.headers.host?.toLowerCase();
  if (!host || hosts.length === 0) return false;
  const name = host.replace(/:\d+$/, '');
  if (!hosts.includes(host) && !hosts.includes(name)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const from = new URL(origin);
    return (from.protocol === 'http:' || from.protocol === 'https:') && from.host === host;
  } catch {
    return false;
  }
}

/** `/__mockyard/` admin API: `POST reset` puts the data back to `seed:`, `GET log` lists kept requests. */
export function adminHandler(actions: AdminActions) {
  return (req: IncomingMessage, path: string): Reply | Promise<Reply> => {
    const token = actions.token();
    if (!token) return errorReply(404, httpMessages.notFound);
    const foreign = foreignRequest(req);
    if (foreign && !viaTrustedProxy(req, actions.hosts())) return errorReply(403, foreign);
    if (!tokenMatches(bearerToken(req) ?? '', token)) return errorReply(401, httpMessages.unauthorized());
    const action = path.slice(ADMIN_BASE.length + 1).replace(/\/+$/, '');
    if (action === 'reset') {
      if (req.method !== 'POST') return wrongMethod(req.method, 'POST');
      const counts = actions.reset();
      return counts instanceof Promise
        ? counts.then((reset) => jsonReply(200, { reset }))
        : jsonReply(200, { reset: counts });
    }
    if (action === 'log') {
      if (req.method !== 'GET') return wrongMethod(req.method, 'GET');
      return jsonReply(200, actions.log());
    }
    const answered = actions.journal && journalAction(req, action, actions.journal);
    if (answered) return answered;
    return errorReply(404, httpMessages.notFound);
  };
}
