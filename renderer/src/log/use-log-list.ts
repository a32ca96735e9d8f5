import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LogEntry } from '../../../shared/src/log-entry';
import { logFilter } from './filter';
import { logKeyTarget } from './list-keys';

/** The height of a row of the log's list, in pixels. */
export const LOG_ROW_HEIGHT = 26;

/**
 * The log's list as the user sees it: the requests the filter lets through, the one selected (its
 * detail open), the virtualised rows in view, the offset held while new requests arrive above, and
 * how many of those are unseen.
 */
export function useLogList(entries: LogEntry[], filter: string) {
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  const shown = useMemo(() => (filter.trim() ? entries.filter(logFilter(filter)) : entries), [entries, filter]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: 15,
    // Off while the log is empty (the list is not rendered): that resets its offset, which it would
    // otherwise write back into the next list, so a cleared log would start scrolled down.
    enabled: entries.length > 0,
  });
  const selected = selectedId === undefined ? undefined : entries.find((e) => e.id === selectedId);

  const toggleSelected = useCallback((id: number) => setSelectedId((current) => (current === id ? undefined : id)), []);

  // New rows arrive on top. At the top, the list follows them; scrolled down or with a row
  // selected, the rows on screen stay where they are. The offset is kept from scroll events:
  // reading scrollTop here, after React's DOM changes, forced a layout on every batch.
  const firstId = useRef<number | undefined>(undefined);
  const scrollTop = useRef(0);
  // Requests that arrived above the rows held on screen: a cue offers to go up to them.
  const [unseen, setUnseen] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    const previous = firstId.current;
    firstId.current = shown[0]?.id;
    // An empty list (cleared, or nothing matches the filter) is unmounted or cannot scroll.
    if (shown.length === 0) scrollTop.current = 0;
    if (!el || previous === undefined) return;
    const added = shown.findIndex((e) => e.id === previous);
    if (added > 0 && (scrollTop.current > 0 || selectedId !== undefined)) {
      el.scrollTop = scrollTop.current + added * LOG_ROW_HEIGHT;
      // Read back: a list shorter than its box does not scroll (and sends no scroll event).
      scrollTop.current = el.scrollTop;
      if (scrollTop.current > 0) setUnseen((n) => n + added);
    }
  }, [shown, selectedId]);

  // The list is one tab stop: Up and Down choose the next request (its detail opens), Home and End
  // the newest and oldest, Escape closes the detail.
  const items = virtualizer.getVirtualItems();
  const at = selectedId === undefined ? -1 : shown.findIndex((e) => e.id === selectedId);
  const onKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const to = logKeyTarget(e.key, at, shown.length - 1);
    if (e.key === 'Escape' && selectedId !== undefined) {
      e.preventDefault();
      setSelectedId(undefined);
    }
    const entry = to === undefined ? undefined : shown[to];
    if (!entry || to === undefined) return;
    e.preventDefault();
    setSelectedId(entry.id);
    virtualizer.scrollToIndex(to);
  };

  return {
    shown,
    selectedId,
    selected,
    select: setSelectedId,
    toggleSelected,
    scroller,
    items,
    totalSize: virtualizer.getTotalSize(),
    selectedInView: at >= 0 && at >= (items[0]?.index ?? 0) && at <= (items[items.length - 1]?.index ?? -1),
    onKey,
    onScroll: (e: React.UIEvent<HTMLDivElement>) => {
      scrollTop.current = e.currentTarget.scrollTop;
      if (scrollTop.current === 0) setUnseen(0);
    },
    /** Requests above the rows held on screen, while scrolled down (0 at the top). */
    unseen: scrollTop.current > 0 ? unseen : 0,
    toTop: () => {
      scroller.current?.scrollTo({ top: 0 });
      setUnseen(0);
    },
  };
}

export type LogListState = ReturnType<typeof useLogList>;
