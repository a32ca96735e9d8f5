import type { IncomingMessage } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import { ADMIN_BASE } from '../admin-path.js';
import { bearerToken, foreignRequest, tokenMatches } from './guards.js';
import { errorReply, jsonReply, type Reply } from './reply.js';
import { type JournalActions, journalAction } from './admin-journal.js';

export interface AdminActions {
  token: () => string | undefined;
  reset: () => Record<string, number> | Promise<Record<string, number>>;
  log: () => unknown[];
  /** The journal and scenarios (admin-journal.ts). */
  journal?: JournalActions;
}

/** 405 for an admin action called with the wrong method; like every 405 it names the allowed one in `Allow`. */
const wrongMethod = (method: string | undefined, allowed: string): Reply =>
  errorReply(405, httpMessages.methodNotAllowed(method ?? '', [allowed]), { Allow: allowed });

/** `/__mockyard/` admin API: `POST reset` puts the data back to `seed:`, `GET log` lists kept requests. */
export function adminHandler(actions: AdminActions) {
  return (req: IncomingMessage, path: string): Reply | Promise<Reply> => {
    const token = actions.token();
    if (!token) return errorReply(404, httpMessages.notFound);
    const foreign = foreignRequest(req);
    if (foreign) return errorReply(403, foreign);
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
