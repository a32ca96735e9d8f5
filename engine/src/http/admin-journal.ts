/**
 * The admin API's journal and scenario actions (with the admin token, like the rest of `/__mockyard/`):
 *   GET    requests?method=&path=&status=&since=&direction=   the journal, JSON, newest last
 *   DELETE requests                                           empties it
 *   POST   verify   { method, path, body, times }             200 { ok, count, message } or 422 with the near-miss report
 *   GET    scenarios                                          { name: state, … }
 *   GET    scenarios/<name>                                   { name, state }
 *   PUT    scenarios/<name>  { state }                        sets it
 */
import type { IncomingMessage } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import type { LogEntry } from '../../../shared/src/log-entry.js';
import { filterFromQuery, journal } from '../journal/journal.js';
import { verifyJournal } from '../journal/verify.js';
import type { VerifyExpectation } from '../library/types.js';
import { domainHttpError } from './error-status.js';
import { HttpError } from './http-error.js';
import { parseJsonBody, readBody } from './body.js';
import { errorReply, jsonReply, type Reply } from './reply.js';

/** Largest body of a verify or scenario request. */
const ADMIN_BODY_BYTES = 64 * 1024;
/** A scenario state's longest text. */
export const MAX_SCENARIO_STATE = 200;

type Maybe<T> = T | Promise<T>;

export interface JournalActions {
  entries: () => LogEntry[];
  clear: () => void;
  /** Every scenario's state; undefined for a name the config does not declare. */
  scenarios: () => Maybe<Record<string, string>>;
  setScenario: (name: string, state: string) => Maybe<void>;
}

const wrongMethod = (method: string | undefined, allowed: string[]): Reply =>
  errorReply(405, httpMessages.methodNotAllowed(method ?? '', allowed), { Allow: allowed.join(', ') });

const readJson = (req: IncomingMessage): Promise<unknown> =>
  readBody(req, ADMIN_BODY_BYTES).then((text) => parseJsonBody(text, req.headers['content-type']));

const asError = (err: unknown): Reply => {
  const known = err instanceof HttpError ? err : domainHttpError(err);
  if (known) return errorReply(known.status, known.message, known.headers);
  throw err;
};

/** The expectation of a verify request, or a reason it is not one. */
export function expectationOf(body: unknown): VerifyExpectation | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return 'Send a JSON object: { "method", "path", "body", "times" } (each optional).';
  const { method, path, body: expected, times, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `Unknown field '${unknown[0]}': a verification has method, path, body and times.`;
  if (method !== undefined && typeof method !== 'string') return 'method must be a text such as "POST".';
  if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/')))
    return 'path must be a text starting with /.';
  if (times !== undefined && (!Number.isInteger(times) || (times as number) < 0))
    return 'times must be a whole number, 0 or more.';
  return {
    ...(method !== undefined ? { method } : {}),
    ...(path !== undefined ? { path: path as string } : {}),
    ...(expected !== undefined ? { body: expected } : {}),
    ...(times !== undefined ? { times: times as number } : {}),
  };
}

/** Answers a journal or scenario action, or undefined when `action` is none of them. */
export function journalAction(req: IncomingMessage, action: string, actions: JournalActions): Maybe<Reply> | undefined {
  const { method } = req;
  if (action === 'requests') {
    if (method === 'DELETE') {
      actions.clear();
      return { status: 204, json: undefined };
    }
    if (method !== 'GET') return wrongMethod(method, ['GET', 'DELETE']);
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const filter = filterFromQuery(new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
    if ('error' in filter) return errorReply(400, filter.error as string);
    return jsonReply(200, journal(actions.entries(), filter));
  }
  if (action === 'verify') {
    if (method !== 'POST') return wrongMethod(method, ['POST']);
    return readJson(req).then((body) => {
      const expected = expectationOf(body);
      if (typeof expected === 'string') return errorReply(400, expected);
      const result = verifyJournal(journal(actions.entries()), expected);
      return jsonReply(result.ok ? 200 : 422, result);
    }, asError);
  }
  if (action === 'scenarios') {
    if (method !== 'GET') return wrongMethod(method, ['GET']);
    const states = actions.scenarios();
    return states instanceof Promise ? states.then((s) => jsonReply(200, s)) : jsonReply(200, states);
  }
  if (!action.startsWith('scenarios/')) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(action.slice('scenarios/'.length));
  } catch {
    return errorReply(400, 'Malformed URL: bad percent-encoding in the scenario name.');
  }
  const known = (states: Record<string, string>): Maybe<Reply> => {
    if (!Object.hasOwn(states, name))
      return errorReply(
        404,
        `No scenario '${name.slice(0, 80)}': the config's scenarios: are ${Object.keys(states).join(', ') || 'none'}.`,
      );
    if (method === 'GET') return jsonReply(200, { name, state: states[name] });
    if (method !== 'PUT') return wrongMethod(method, ['GET', 'PUT']);
    return readJson(req).then((body) => {
      const state = (body as { state?: unknown } | null)?.state;
      if (typeof state !== 'string' || state === '' || state.length > MAX_SCENARIO_STATE)
        return errorReply(400, `Send { "state": "<text of 1 to ${MAX_SCENARIO_STATE} characters>" }.`);
      const set = actions.setScenario(name, state);
      return set instanceof Promise ? set.then(() => jsonReply(200, { name, state })) : jsonReply(200, { name, state });
    }, asError);
  };
  const states = actions.scenarios();
  return states instanceof Promise ? states.then(known) : known(states);
}
