import { useEffect } from 'react';

/**
 * Gives the focus back, when the component unmounts, to the element that had it when it mounted
 * (the button that opened a panel), if that element is still in the page and nothing else in the
 * page has taken the focus since; otherwise to `fallback()` if given.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the opener is the element focused at mount; the fallback is read at unmount.
  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : undefined;
    return () => {
      // Unmounting takes the focus with it: the active element falls back to <body>.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (!lost) return;
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
      else fallback?.()?.focus();
    };
  }, []);
}
