import type { LogEntry } from '../../../shared/src/log-entry.js';
import type { SendRequest, SentResponse } from '../../../shared/src/studio-contract.js';
import { SENDABLE_METHODS, SET_BY_CLIENT } from '../../../shared/src/studio-request.js';
import { DomainError } from '../domain-error.js';

/**
 * The studio's one HTTP client for the mock: Try it and the log's replay both send through here, from
 * the main side to the engine's own listening address. The request goes over the socket like any
 * client's, so the engine logs it like any other; and the browser page never calls the mock itself
 * (another origin, which the mock need not allow with CORS).
 */

/** The longest answer body the studio shows; a longer one is cut (the log keeps its own, shorter, copy). */
export const SHOWN_BODY_LIMIT = 1_000_000;

/** How long the mock may take; its configured latency is far below this. */
const TIMEOUT_MS = 30_000;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Where the engine listens (undefined while the server is stopped), and its served requests. */
export interface MockAddress {
  readonly address: { url: string } | undefined;
  on?(event: 'request', listener: (entry: LogEntry) => void): () => void;
}

/**
 * Watches the engine's log for the request about to be sent: the first one logged with its method,
 * path and query. The log entry is written before the answer's last byte leaves, so it is there
 * once the answer has been read (or the connection dropped by a fault).
 */
function watchFor(engine: MockAddress, method: string, path: string, query: string) {
  let found: LogEntry | undefined;
  const off = engine.on?.('request', (e) => {
    if (!found && e.method === method && e.path === path && e.query === query) found = e;
  });
  return {
    notes: (): string[] | undefined => (found?.notes.length ? [...found.notes] : undefined),
    stop: () => off?.(),
  };
}

/** Checks what the page sent: the HTTP transport passes any JSON, so types are not a given. */
function checked(request: SendRequest): Required<SendRequest> {
  const { method, path, query = '', headers = {}, body = '' } = request ?? ({} as SendRequest);
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!(SENDABLE_METHODS as readonly string[]).includes(upper))
    throw new DomainError('invalid', `The method must be one of ${SENDABLE_METHODS.join(', ')}.`, { field: 'method' });
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new DomainError('invalid', "The path must start with '/', e.g. /users/1.", { field: 'path' });
  if (typeof query !== 'string')
    throw new DomainError('invalid', 'The query must be text, e.g. _page=2.', { field: 'query' });
  if (typeof body !== 'string') throw new DomainError('invalid', 'The body must be text.', { field: 'body' });
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers))
    throw new DomainError('invalid', 'The headers must be an object of names and values.', { field: 'headers' });
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name))
      throw new DomainError('invalid', `'${name}' is not a valid header name.`, { field: 'headers' });
    if (typeof value !== 'string' || /[\r\n\0]/.test(value))
      throw new DomainError('invalid', `The value of header '${name}' must be one line of text.`, { field: 'headers' });
  }
  return { method: upper, path, query: query.replace(/^\?/, ''), headers, body };
}

/** Sends `request` to the running mock and reads its whole answer. */
export async function sendToMock(engine: MockAddress, request: SendRequest): Promise<SentResponse> {
  const { method, path, query, headers, body } = checked(request);
  const base = engine.address?.url;
  if (!base) throw new DomainError('conflict', 'The mock server is not running: start it to send requests.');
  const url = new URL(`${base}${path}${query ? `?${query}` : ''}`);
  // The path is appended to the base, so it cannot name another host; checked all the same, since
  // this runs on the main side with the machine's network.
  if (url.origin !== new URL(base).origin) throw new DomainError('invalid', 'The path must stay on the mock server.');
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!SET_BY_CLIENT.has(name.toLowerCase())) sent[name] = value;
  const started = performance.now();
  const logged = watchFor(engine, method, url.pathname, url.search.slice(1));
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      headers: sent,
      body: body !== '' && method !== 'GET' && method !== 'HEAD' ? body : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await res.text();
  } catch (err) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    const notes = logged.notes();
    throw new DomainError(
      'failed',
      `The mock server did not answer: ${reason}${notes ? ` (${notes.join('; ')})` : ''}`,
      { detail: 'no_answer' },
    );
  } finally {
    logged.stop();
  }
  const durationMs = performance.now() - started;
  const notes = logged.notes();
  const truncated = text.length > SHOWN_BODY_LIMIT;
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: truncated ? text.slice(0, SHOWN_BODY_LIMIT) : text,
    durationMs,
    truncated,
    ...(notes ? { notes } : {}),
  };
}
