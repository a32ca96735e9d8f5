/**
 * The request journal: the request log's entries as a test reads them (query and JSON bodies parsed),
 * and the filter both `mock.requests(filter)` and `GET /__mockyard/requests` apply.
 */
import type { LogEntry } from '../../../shared/src/log-entry.js';
import type { JournalEntry, RequestFilter } from '../library/types.js';
import { bodyValue } from '../templates/request-view.js';

/** A log entry as the journal shows it. */
export function journalEntry(entry: LogEntry): JournalEntry {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(entry.query)) {
    const had = query[key];
    query[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return {
    id: entry.id,
    direction: entry.outgoing ? 'outgoing' : 'incoming',
    time: entry.time,
    method: entry.method,
    path: entry.path,
    ...(entry.outgoing ? { url: entry.outgoing.url } : {}),
    query,
    headers: entry.requestHeaders,
    body: bodyValue(entry.requestBody),
    endpoint: entry.endpoint,
    status: entry.status,
    response: { status: entry.status, headers: entry.responseHeaders, body: bodyValue(entry.responseBody) },
    duration: entry.duration,
    ...(entry.outgoing?.error ? { error: entry.outgoing.error } : {}),
    notes: entry.notes,
  };
}

/** `since` as milliseconds since the epoch: a number, or an ISO-8601 date; undefined when it is neither. */
export function sinceTime(since: number | string | Date | undefined): number | undefined {
  if (since === undefined) return undefined;
  if (since instanceof Date) return since.getTime();
  if (typeof since === 'number') return since;
  const n = /^\d+(\.\d+)?$/.test(since) ? Number(since) : Date.parse(since);
  return Number.isNaN(n) ? undefined : n;
}

/** Whether an entry passes the filter (every given field must hold; path is the exact path, without the query). */
export function passesFilter(entry: JournalEntry, filter: RequestFilter): boolean {
  if (filter.method !== undefined && entry.method.toUpperCase() !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined) {
    if (filter.path instanceof RegExp ? !filter.path.test(entry.path) : entry.path !== filter.path) return false;
  }
  if (filter.status !== undefined && entry.status !== Number(filter.status)) return false;
  if (filter.direction !== undefined && entry.direction !== filter.direction) return false;
  const since = sinceTime(filter.since);
  if (since !== undefined && entry.time < since) return false;
  return true;
}

/** The kept entries that pass `filter`, oldest first. */
export const journal = (entries: readonly LogEntry[], filter: RequestFilter = {}): JournalEntry[] =>
  entries.map(journalEntry).filter((e) => passesFilter(e, filter));

/** The filter of `GET /__mockyard/requests?method=&path=&status=&since=&direction=`, or a reason it is bad. */
export function filterFromQuery(query: URLSearchParams): RequestFilter | { error: string } {
  const filter: RequestFilter = {};
  const method = query.get('method');
  if (method) filter.method = method;
  const path = query.get('path');
  if (path) filter.path = path;
  const status = query.get('status');
  if (status) {
    if (!/^\d{1,3}$/.test(status)) return { error: `status must be a number, got '${status.slice(0, 40)}'.` };
    filter.status = Number(status);
  }
  const since = query.get('since');
  if (since) {
    if (sinceTime(since) === undefined)
      return { error: `since must be milliseconds since the epoch or an ISO-8601 date, got '${since.slice(0, 40)}'.` };
    filter.since = since;
  }
  const direction = query.get('direction');
  if (direction) {
    if (direction !== 'incoming' && direction !== 'outgoing')
      return { error: `direction must be incoming or outgoing, got '${direction.slice(0, 40)}'.` };
    filter.direction = direction;
  }
  return filter;
}
