import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Where an open popover stands beside its button: under it with right edges aligned, or above it from its left edge. */
export type PopoverPlace = 'below-right' | 'above-left';

const MARGIN = 4;

function place(box: HTMLElement, at: DOMRect, where: PopoverPlace) {
  const { offsetWidth: w, offsetHeight: h } = box;
  const above = Math.max(MARGIN, at.top - h - MARGIN);
  if (where === 'above-left') {
    box.style.left = `${Math.max(MARGIN, Math.min(at.left, window.innerWidth - w - MARGIN))}px`;
    box.style.top = `${above}px`;
    return;
  }
  // Under the button, or above it when the window's bottom is too near.
  const below = at.bottom + MARGIN;
  box.style.left = `${Math.max(MARGIN, Math.min(at.right - w, window.innerWidth - w - MARGIN))}px`;
  box.style.top = `${below + h > window.innerHeight - MARGIN ? above : below}px`;
}

export interface Popover<Root extends HTMLElement, Box extends HTMLElement> {
  open: boolean;
  setOpen(open: boolean | ((open: boolean) => boolean)): void;
  /** The element holding the button and the popover: a click outside it closes the popover. */
  root: RefObject<Root | null>;
  button: RefObject<HTMLButtonElement | null>;
  box: RefObject<Box | null>;
}

/**
 * A button's popover (a menu, a small panel): while open, shown in the top layer, where no sticky
 * header or panel can cover it, placed beside the button, and closed by a click outside its root.
 */
export function usePopover<Root extends HTMLElement, Box extends HTMLElement>(where: PopoverPlace): Popover<Root, Box> {
  const [open, setOpen] = useState(false);
  const root = useRef<Root>(null);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<Box>(null);
  useLayoutEffect(() => {
    const popover = box.current;
    const at = button.current?.getBoundingClientRect();
    if (!open || !popover || !at) return;
    popover.showPopover();
    place(popover, at, where);
  }, [open, where]);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  return { open, setOpen, root, button, box };
}
