import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableQuery } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

export const PAGE_SIZE = 200;

type ExtraField = { name: string; type: string };

/** The extra fields of the pages loaded so far: a name another page gives another type becomes json. */
function mergeExtraFields(old: ExtraField[], page: ExtraField[]): ExtraField[] {
  if (page.every((f) => old.some((o) => o.name === f.name && o.type === f.type))) return old;
  const merged = new Map(old.map((f) => [f.name, f.type]));
  for (const f of page) {
    const seen = merged.get(f.name);
    merged.set(f.name, seen === undefined || seen === f.type ? f.type : 'json');
  }
  return [...merged].map(([name, type]) => ({ name, type }));
}
const MAX_PAGES = 40;

export interface RowsView {
  total: number;
  error: string | undefined;
  /** What the filter did not use and why (an unknown field), from the engine. */
  notes: string[];
  /** json-server mode: the undeclared fields the loaded rows hold (spread into them), in first-seen order. */
  extraFields: ExtraField[];
  /** The row at `index`, or undefined while its page loads. */
  row(index: number): Record<string, unknown> | undefined;
  /** Asks for the pages covering rows `from`..`to` (the visible range). */
  want(from: number, to: number): void;
  /** Drops cached pages, e.g. after an edit or a table-changed event. */
  refresh(): void;
}

/**
 * Rows fetched by page with SQL paging (never a whole table), cached, and dropped when the table,
 * the filter or the sort changes.
 */
export function useTableRows(
  client: StudioClient,
  table: string | undefined,
  filter: string,
  sort: TableQuery['sort'],
): RowsView {
  const pages = useRef(new Map<number, Record<string, unknown>[]>());
  const loading = useRef(new Set<number>());
  // A page that failed is not asked for again until refresh(): no retry storm against a broken query.
  const failed = useRef(new Set<number>());
  const refreshTimer = useRef<number | undefined>(undefined);
  const generation = useRef(0);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | undefined>(undefined);
  const [notes, setNotes] = useState<string[]>([]);
  const [extraFields, setExtraFields] = useState<ExtraField[]>([]);
  const [, setTick] = useState(0);
  const sortKey = sort ? `${sort.field}:${sort.descending}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: sortKey stands for sort (see below).
  const load = useCallback(
    (page: number, force = false) => {
      if (!table || (!force && pages.current.has(page)) || loading.current.has(page) || failed.current.has(page))
        return;
      const gen = generation.current;
      loading.current.add(page);
      client
        .call('tables.query', { table, filter, sort, offset: page * PAGE_SIZE, limit: PAGE_SIZE })
        .then(
          (result) => {
            if (gen !== generation.current) return;
            if (pages.current.size >= MAX_PAGES) pages.current.delete(pages.current.keys().next().value as number);
            pages.current.set(page, result.rows);
            setTotal(result.total);
            setError(undefined);
            // Every page carries the same notes (they are about the filter); an equal list keeps its identity.
            const notes = result.notes ?? [];
            setNotes((old) => (old.join('\n') === notes.join('\n') ? old : notes));
            // Columns only come, never go, while the table is shown: a page scrolled by keeps its columns.
            setExtraFields((old) => mergeExtraFields(old, result.extraFields ?? []));
          },
          (err: Error) => {
            if (gen !== generation.current) return;
            failed.current.add(page);
            setError(err.message);
          },
        )
        .finally(() => {
          loading.current.delete(page);
          setTick((t) => t + 1);
        });
    },
    // sortKey stands for sort: a new sort object with the same field and order must not refetch.
    [client, table, filter, sortKey],
  );

  const reset = useCallback(() => {
    generation.current++;
    pages.current.clear();
    loading.current.clear();
    failed.current.clear();
  }, []);

  // Many changes in a row (a bulk insert, a load test) refetch once, not once each.
  const refresh = useCallback(() => {
    window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(() => {
      // The cached pages stay on screen until their fresh copies arrive: no flash of empty rows.
      generation.current++;
      loading.current.clear();
      failed.current.clear();
      const cached = [...pages.current.keys()];
      for (const page of cached.length ? cached : [0]) load(page, true);
    }, 100);
  }, [load]);

  useEffect(() => {
    reset();
    setTotal(0);
    setNotes([]);
    setExtraFields([]);
    load(0);
    return () => window.clearTimeout(refreshTimer.current);
  }, [load, reset]);

  const row = useCallback((index: number) => pages.current.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE], []);
  const want = useCallback(
    (from: number, to: number) => {
      for (let p = Math.floor(from / PAGE_SIZE); p <= Math.floor(to / PAGE_SIZE); p++) load(p);
    },
    [load],
  );
  return useMemo(
    () => ({ total, error, notes, extraFields, row, want, refresh }),
    [total, error, notes, extraFields, row, want, refresh],
  );
}
