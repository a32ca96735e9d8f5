/**
 * json-server mode's filters on undeclared fields (`/todos?done=true` where the db.json never had
 * `done`, which lives in the hidden json field, extra-fields.ts). json-server drops a `name=value`
 * parameter that no record has, so `?foo=1` lists every row; once some record has the field, it filters.
 * parseListQuery leaves those filters in `whenPresent`; this adds each one whose field some row has.
 */
import type { Condition, ListQuery } from '../list/list-query.js';
import type { MaybePromise, Page } from '../store/store.js';

/** Lists only: the rows that have a value at `path` inside `column` (one is enough). */
function probe(column: string, path: readonly string[]): ListQuery {
  // Text equal or not equal to '' holds for every value there, never for none (null).
  const has: Condition = {
    kind: 'any',
    conditions: [
      { kind: 'path', column, path, op: 'eq', values: [''] },
      { kind: 'path', column, path, op: 'ne', values: [''] },
    ],
  };
  return {
    conditions: [has],
    sort: [],
    limit: 1,
    offset: 0,
    page: 1,
    paged: false,
    notes: [],
    window: 'page',
    simpleRest: false,
  };
}

/** The query with each `whenPresent` filter whose field some row has among its conditions. */
export function withPresentFilters(
  query: ListQuery,
  list: (query: ListQuery) => MaybePromise<Page>,
): MaybePromise<ListQuery> {
  const pending = query.whenPresent ?? [];
  if (pending.length === 0) return query;
  const found = pending.map(({ column, path }) => list(probe(column, path)));
  const kept = (pages: Page[]): ListQuery => ({
    ...query,
    conditions: [...query.conditions, ...pending.filter((_, i) => (pages[i]?.total ?? 0) > 0).map((w) => w.condition)],
  });
  return found.some((page) => page instanceof Promise) ? Promise.all(found).then(kept) : kept(found as Page[]);
}
