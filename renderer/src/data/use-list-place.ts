import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/** Where a list hanging from an input stands, in the page: under the input, or above it (`up`). */
export interface ListPlace {
  left: number;
  top: number;
  width: number;
  up: boolean;
}

/**
 * The place of a list that hangs from an input (in a portal) while open: below the input when
 * there is room for a few items, else above it; it follows the input when the grid or the page
 * scrolls, or the window is resized.
 */
export function useListPlace(box: RefObject<HTMLInputElement | null>, open: boolean): ListPlace | undefined {
  const [place, setPlace] = useState<ListPlace>();
  const [, setMoved] = useState(0);
  useEffect(() => {
    if (!open) return;
    const moved = () => setMoved((n) => n + 1);
    window.addEventListener('scroll', moved, true);
    window.addEventListener('resize', moved);
    return () => {
      window.removeEventListener('scroll', moved, true);
      window.removeEventListener('resize', moved);
    };
  }, [open]);

  // After every render: the cell editor may move itself (away from the grid's edge) after this mounts.
  useLayoutEffect(() => {
    const rect = open ? box.current?.getBoundingClientRect() : undefined;
    if (!rect) return;
    const up = window.innerHeight - rect.bottom < 180 && rect.top > window.innerHeight - rect.bottom;
    const next = { left: rect.left, top: up ? rect.top : rect.bottom, width: Math.max(rect.width, 240), up };
    setPlace((was) =>
      was && was.left === next.left && was.top === next.top && was.width === next.width && was.up === next.up
        ? was
        : next,
    );
  });
  return place;
}
