/** What a new realtime connection starts from: its request facts (the templates' `request`) and its log entry. */
import type { IncomingMessage } from 'node:http';
import type { LogEntry } from '../../../shared/src/log-entry.js';
import type { RequestFacts } from '../templates/request-view.js';
import type { RequestTarget } from './request-target.js';

/** The upgrade (or SSE GET) request as the message templates see it. */
export const connectionFacts = (
  req: IncomingMessage,
  url: RequestTarget,
  params: Record<string, string>,
): RequestFacts => ({
  method: 'GET',
  path: url.pathname,
  params,
  query: url.searchParams,
  headers: req.headers,
  body: undefined,
});

/** The log entry of a new connection (101 for WebSocket, 200 for SSE). */
export function connectionEntry(
  req: IncomingMessage,
  url: RequestTarget,
  endpoint: string,
  params: Record<string, string>,
  status: number,
): LogEntry {
  return {
    id: 0,
    time: Date.now(),
    method: 'GET',
    path: url.pathname,
    query: url.search.slice(1),
    requestHeaders: req.headers,
    requestBody: '',
    endpoint,
    params: { ...params },
    status,
    responseHeaders: {},
    responseBody: '',
    duration: 0,
    notes: [],
  };
}
