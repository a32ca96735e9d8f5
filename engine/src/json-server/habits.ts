/**
 * json-server 0.17's habits, applied to Mockyard's answers in json-server mode only: 404 and 403 are
 * `{}` bodies (a 400, which json-server never gives, keeps its `{ "error" }` reason), DELETE answers 200 `{}`, every answer says not to cache it, and a
 * field a record does not have is left out rather than answered as null.
 */
import type { Reply } from '../http/reply.js';
import { EXTRA_FIELD, spreadExtras } from './extra-fields.js';

/** A record's hidden extras field when it holds none, as the store writes it (the last field of the record). */
const NO_EXTRAS = `,"${EXTRA_FIELD}":null`;

/**
 * json-server's no-cache headers (for old browsers that cache GETs), set on a response's own header
 * object one by one: merging them into a copy of the reply's headers (`{ ...headers, ...these }`)
 * cost ~6 µs a request on Node 20 (each copy got a map of its own), a tenth of a cached page's answer.
 */
export function addNoCacheHeaders(headers: Record<string, unknown>): void {
  headers['Cache-Control'] = 'no-cache';
  headers.Pragma = 'no-cache';
  headers.Expires = '-1';
}

const isStoredRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && EXTRA_FIELD in v;

/**
 * A record with its extras spread out and its null fields dropped (what json-server never stored is
 * absent, not null); so are the records `_embed` and `_expand` put in it (they have EXTRA_FIELD too),
 * while a json field's own nulls are kept.
 */
export function withoutNulls(value: unknown): unknown {
  const spread = spreadExtras(value);
  if (spread === null || typeof spread !== 'object' || Array.isArray(spread)) return spread;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spread)) {
    if (field === null) continue;
    if (isStoredRecord(field)) out[key] = withoutNulls(field);
    else if (Array.isArray(field) && field.length > 0 && field.every(isStoredRecord))
      out[key] = field.map(withoutNulls);
    else out[key] = field;
  }
  return out;
}

/**
 * A reply as json-server would give it (a record, or each record of a list, loses its null fields),
 * its no-cache headers added to `headers`, the response's own (the reply's are left as they are: a
 * static endpoint answers the same reply object every time).
 */
export function jsonServerReply(method: string, reply: Reply, headers: Record<string, unknown>): Reply {
  addNoCacheHeaders(headers);
  // json-server's own failures (404, and 403 to a write in --read-only) are `{}`; a 400 it would never give keeps its reason.
  if (reply.status === 404 || reply.status === 403) return { status: reply.status, json: '{}', headers: reply.headers };
  if (reply.status >= 400) return reply;
  if (method === 'DELETE' && reply.status < 300) return { status: 200, json: '{}', headers: reply.headers };
  if (reply.json === undefined || reply.contentType) return reply;
  return { ...reply, json: withoutNullsText(reply.json) };
}

/** The longest text withoutNullsText keeps (a page; a whole GET /db is not held on to), and all it keeps, in characters. */
const MAX_KEPT_TEXT = 1 << 20;
const MAX_KEPT_CHARS = 4 << 20;

/**
 * The texts withoutNullsText rewrote, by the text, oldest first: the store keeps a list's pages until
 * the table changes and answers the same text each time, so a page asked again (and again in turn
 * with others: a list paged back and forth, two clients on different pages) costs one lookup instead
 * of a rewrite (~12 µs for a 20-row page, ~100 µs when its records have null fields to drop).
 */
const kept = new Map<string, string>();
let keptChars = 0;

function keep(json: string, out: string): void {
  if (json.length > MAX_KEPT_TEXT) return;
  kept.set(json, out);
  keptChars += json.length + out.length;
  for (const [text, rewritten] of kept) {
    if (keptChars <= MAX_KEPT_CHARS) break;
    kept.delete(text);
    keptChars -= text.length + rewritten.length;
  }
}

/**
 * A JSON text as json-server answers it (withoutNulls). The common case without parsing: no extras
 * (the hidden field is the last column, so it follows a comma) and no other null field: the text
 * without the hidden field. Otherwise each record is rewritten. Answers are kept (`kept`).
 */
function withoutNullsText(json: string): string {
  const known = kept.get(json);
  if (known !== undefined) return known;
  const plain = json.replaceAll(NO_EXTRAS, '');
  let out = plain;
  if (plain.includes(':null') || plain.includes(`"${EXTRA_FIELD}":`)) {
    const parsed = JSON.parse(json) as unknown;
    out = JSON.stringify(Array.isArray(parsed) ? parsed.map(withoutNulls) : withoutNulls(parsed));
  }
  keep(json, out);
  return out;
}

/** The longest `_delay` a request may ask for, in ms (json-server has no bound; a client must not hold a socket for long). */
export const MAX_DELAY_PARAM = 60_000;

/** The `_delay=ms` a request asks for, bounded to MAX_DELAY_PARAM; undefined when absent or not a whole number. */
export function delayParam(query: URLSearchParams | undefined): number | undefined {
  const raw = query?.get('_delay');
  if (raw === null || raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  return Math.min(Number(raw), MAX_DELAY_PARAM);
}
