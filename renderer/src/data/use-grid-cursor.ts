import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState } from 'react';
import type { Cell } from './grid-keys';

/** The height of a grid row, in pixels: every row has it (the virtualiser counts on it). */
export const ROW_HEIGHT = 28;

/**
 * Where the data grid's active cell is and what of the grid is in view: the scrolling element, the
 * virtualiser (only the visible rows exist in the page), the active cell (kept inside the rows there
 * are) and its element id, and the scroll that brings a cell moved to by a key into view.
 */
export function useGridCursor(total: number, cols: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const gridId = useId();
  const [active, setActive] = useState<Cell>({ row: 0, col: 1 });
  // Set by a key: the next render scrolls the active cell into view (a mouse wheel must not snap back).
  const reveal = useRef(false);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  // Rows deleted under the active cell: it stays on the last row.
  const at: Cell = { row: Math.min(active.row, total - 1), col: Math.min(active.col, cols - 1) };
  const idOf = (cell: Cell) => `${gridId}-${cell.row}-${cell.col}`;
  const focusCell = (cell: Cell) => {
    setActive(cell);
    reveal.current = true;
    scroller.current?.focus({ preventScroll: true });
  };

  useEffect(() => {
    if (!reveal.current) return;
    const box = scroller.current;
    const el = document.getElementById(idOf(at));
    if (!box) return;
    if (!el) {
      if (at.row >= 0) virtualizer.scrollToIndex(at.row, { align: 'center' });
      return;
    }
    reveal.current = false;
    const outer = box.getBoundingClientRect();
    const cell = el.getBoundingClientRect();
    const top = outer.top + (at.row >= 0 ? ROW_HEIGHT : 0);
    if (cell.top < top) box.scrollTop -= top - cell.top;
    else if (cell.bottom > outer.bottom) box.scrollTop += cell.bottom - outer.bottom;
    if (cell.left < outer.left + 40 && at.col > 0) box.scrollLeft -= outer.left + 40 - cell.left;
    else if (cell.right > outer.right) box.scrollLeft += cell.right - outer.right;
  });

  return {
    scroller,
    items,
    totalSize: virtualizer.getTotalSize(),
    first,
    last,
    at,
    idOf,
    focusCell,
    /** Back to the first cell, without scrolling (another table). */
    restart: () => setActive({ row: 0, col: 1 }),
    /** Rows to a screen, for PageUp and PageDown. */
    page: () => Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 2),
    /** The active cell is named only while its row is in the page (a virtualised row far away is not). */
    shown: at.row === -1 || (at.row >= first && at.row <= last),
  };
}

export type GridCursor = ReturnType<typeof useGridCursor>;
