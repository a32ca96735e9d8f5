import { LIST_PARAM, MAX_LIMIT, PAGE_SIZE } from '../../../shared/src/list-dialect.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import { jsonParam, wholeNumber } from './json-param.js';
import type { ListNote, ListQuery } from './list-query.js';
const { page: PAGE, limit: LIMIT, perPage: PER_PAGE, start: START, end: END, range: RANGE } = LIST_PARAM;
const PAGE_HINT = 'page with _page and _limit, or slice with _start and _end (or _start and _limit)';

/** A query parameter that must be a whole number of at least `min`, or 400 naming it. */
function positiveInt(param: string, raw: string, min: number): number {
  const n = Number(raw);
  // Number('') is 0: an empty value is refused like any other that is not a number.
  if (raw.trim() === '' || !Number.isSafeInteger(n) || n < min)
    throw new DomainError(
      'invalid',
      httpMessages.queryWrongType(param, min === 0 ? 'a whole number' : 'a positive whole number', raw),
    );
  return n;
}

/** The rows asked for: `_page`/`_limit`, `_start` with `_end` or `_limit`, or `range=[start,end]`; at most MAX_LIMIT. */
export function pageOf(
  given: Map<string, string>,
  notes: ListNote[],
): Pick<ListQuery, 'limit' | 'offset' | 'page' | 'paged' | 'window'> {
  const has = (p: string): boolean => given.has(p);
  const clash = (first: string, second: string, hint: string): never => {
    throw new DomainError('invalid', httpMessages.queryConflict(first, second, hint));
  };
  if (has(RANGE)) {
    const other = [PAGE, START, END, LIMIT].find(has);
    if (other) clash(RANGE, other, 'use range=[start,end] alone, or the _start/_end parameters');
  }
  if (has(PAGE)) {
    const other = [START, END].find(has);
    if (other) clash(PAGE, other, PAGE_HINT);
  }
  if (has(END) && has(LIMIT)) clash(END, LIMIT, PAGE_HINT);
  // json-server 1.0's name for _limit.
  if (has(PER_PAGE) && has(LIMIT)) clash(LIMIT, PER_PAGE, PAGE_HINT);
  const cap = (asked: number, what: string): number => {
    if (asked <= MAX_LIMIT) return asked;
    notes.push({ kind: 'limit_capped', what, asked, max: MAX_LIMIT });
    return MAX_LIMIT;
  };
  const num = (p: string, min: number): number | undefined => {
    const raw = given.get(p);
    return raw === undefined ? undefined : positiveInt(p, raw, min);
  };
  if (has(RANGE)) {
    const [first, last] = jsonParam(
      RANGE,
      given.get(RANGE) as string,
      'a JSON array [start, end] of whole numbers',
      (v) => Array.isArray(v) && v.length === 2 && v.every(wholeNumber),
    ) as [number, number];
    const limit = cap(Math.max(0, last - first + 1), 'range of');
    return { limit, offset: first, page: 1, paged: true, window: 'range' };
  }
  const start = num(START, 0);
  const end = num(END, 0);
  const asked = num(LIMIT, 0) ?? num(PER_PAGE, 0);
  if (start !== undefined || end !== undefined) {
    const offset = start ?? 0;
    if (end !== undefined)
      return {
        limit: cap(Math.max(0, end - offset), '_end - _start of'),
        offset,
        page: 1,
        paged: true,
        window: 'start-end',
      };
    const limit = asked === undefined ? MAX_LIMIT : cap(asked, LIMIT);
    return { limit, offset, page: 1, paged: true, window: 'start-limit' };
  }
  const page = num(PAGE, 1) ?? 1;
  // `_page` alone pages by json-server's 10, so its page 2 is rows 11-20; no parameter at all is MAX_LIMIT rows.
  const limit = asked === undefined ? (has(PAGE) ? PAGE_SIZE : MAX_LIMIT) : cap(asked, LIMIT);
  return { limit, offset: (page - 1) * limit, page, paged: has(PAGE) || has(LIMIT), window: 'page' };
}
