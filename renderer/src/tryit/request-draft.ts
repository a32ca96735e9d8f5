import type { LogEntry } from '../../../shared/src/log-entry';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { SendRequest, TableInfo } from '../../../shared/src/studio-contract';
import { bodySkeleton } from './skeleton';
import { SENDABLE_METHODS, SET_BY_CLIENT } from '../../../shared/src/studio-request';

/** What the panel edits before sending: a request whose path may still hold `:params`. */
export interface TryDraft {
  method: string;
  /** The path as declared (`/users/:id`) or as sent; each `:name` segment takes its value from `params`. */
  path: string;
  params: Record<string, string>;
  query: KeyValueRow[];
  headers: KeyValueRow[];
  body: string;
}

/** One query parameter or header; unticked rows stay in the form but are not sent. */
export interface KeyValueRow {
  id: number;
  name: string;
  value: string;
  on: boolean;
}

/** What opened the panel: an endpoint of the sidebar, or a logged request to send again. */
export type TryTarget =
  | { kind: 'endpoint'; endpoint: EndpointSummary; seq: number }
  | { kind: 'entry'; entry: LogEntry; seq: number };

let nextSeq = 1;
/** Each opening gets its own number, so opening the panel again starts a fresh draft. */
export const tryEndpoint = (endpoint: EndpointSummary): TryTarget => ({ kind: 'endpoint', endpoint, seq: nextSeq++ });
export const tryEntry = (entry: LogEntry): TryTarget => ({ kind: 'entry', entry, seq: nextSeq++ });

/** Methods the panel offers: the ones a studio request may use. */
export const METHODS = SENDABLE_METHODS;

/**
 * Headers the main side's client (Node's fetch) adds on its own, with the values it adds: a request
 * the studio sent has them in the log, but the user never wrote them, and sending again adds them
 * again. The same names with other values (a curl user-agent) are the client's own and stay.
 */
const ADDED_BY_FETCH: Record<string, string> = {
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
};

const worthEditing = (name: string, value: string): boolean =>
  !SET_BY_CLIENT.has(name.toLowerCase()) && ADDED_BY_FETCH[name.toLowerCase()] !== value;

let nextRow = 1;
export const row = (name: string, value: string, on = true): KeyValueRow => ({ id: nextRow++, name, value, on });

export const hasBody = (method: string): boolean => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** A `:name` segment, maybe with a literal suffix (`:sid.json`): the name, and the suffix. */
const PARAM = /^:([^.]+)(.*)$/;

/** The names of the path's `:name` segments, in order. */
export const pathParams = (path: string): string[] =>
  path
    .split('/')
    .map((s) => PARAM.exec(s)?.[1])
    .filter((name): name is string => name !== undefined);

/** The table behind an endpoint, for its fields (body skeleton, filters). */
export const tableOf = (endpoint: EndpointSummary | undefined, tables: readonly TableInfo[]): TableInfo | undefined =>
  endpoint?.schema === undefined ? undefined : tables.find((t) => t.schema === endpoint.schema && !t.orphaned);

/** The endpoint a draft would reach, matched by its declared method and path. */
export const endpointOf = (draft: TryDraft, endpoints: readonly EndpointSummary[]): EndpointSummary | undefined =>
  endpoints.find((e) => e.method === draft.method && e.path === draft.path);

/** A fresh request for an endpoint: empty path parameters, a JSON body built from its schema. */
export function draftForEndpoint(endpoint: EndpointSummary, tables: readonly TableInfo[]): TryDraft {
  const withBody = hasBody(endpoint.method);
  const table = tableOf(endpoint, tables);
  return {
    method: endpoint.method,
    path: endpoint.path,
    params: Object.fromEntries(pathParams(endpoint.path).map((p) => [p, ''])),
    query: [],
    headers: withBody
      ? [row('accept', 'application/json'), row('content-type', 'application/json')]
      : [row('accept', 'application/json')],
    body: withBody ? (table ? bodySkeleton(table.fields) : '{}') : '',
  };
}

/** `/users/:id` with `{ id: '7' }` → `/users/7`; each value is one path segment, so `/` in it is encoded. */
export const fillPath = (path: string, params: Record<string, string>): string =>
  path
    .split('/')
    .map((s) => {
      const parts = PARAM.exec(s);
      return parts ? `${encodeURIComponent(params[parts[1] as string] ?? '')}${parts[2]}` : s;
    })
    .join('/');

/** A logged request as it was sent, editable: its endpoint's path with the values it matched, when that gives the same path. */
export function draftFromEntry(entry: LogEntry): TryDraft {
  const template = entry.endpoint?.slice(entry.endpoint.indexOf(' ') + 1);
  const usable = template !== undefined && fillPath(template, entry.params) === entry.path;
  let body = entry.requestBody;
  try {
    // Pretty, to edit; a body that is not JSON stays as it was sent.
    if (body.trim() !== '') body = JSON.stringify(JSON.parse(body), null, 2);
  } catch {}
  return {
    method: entry.method,
    path: usable ? template : entry.path,
    params: usable ? { ...entry.params } : {},
    query: [...new URLSearchParams(entry.query)].map(([name, value]) => row(name, value)),
    headers: Object.entries(entry.requestHeaders).flatMap(([name, value]) => {
      if (value === undefined) return [];
      const text = Array.isArray(value) ? value.join(', ') : value;
      return worthEditing(name, text) ? [row(name, text)] : [];
    }),
    body,
  };
}

/** The path parameters still empty; the request cannot be sent without them. */
export const missingParams = (draft: TryDraft): string[] =>
  pathParams(draft.path).filter((p) => (draft.params[p] ?? '').trim() === '');

/** What `request.send` takes: the path filled in, ticked rows only, no body where the method has none. */
export function toSendRequest(draft: TryDraft): SendRequest {
  const query = new URLSearchParams();
  for (const q of draft.query) if (q.on && q.name.trim() !== '') query.append(q.name.trim(), q.value);
  const headers: Record<string, string> = {};
  for (const h of draft.headers) if (h.on && h.name.trim() !== '') headers[h.name.trim()] = h.value;
  return {
    method: draft.method,
    path: fillPath(draft.path, draft.params),
    query: query.toString(),
    headers,
    body: draft.method === 'GET' || draft.method === 'HEAD' ? '' : draft.body,
  };
}
