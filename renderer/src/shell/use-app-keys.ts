import { type RefObject, useEffect } from 'react';

/**
 * Ctrl/Cmd+S saves from anywhere in the studio, not only inside the editor (Monaco handles it there
 * and marks the event handled): otherwise the browser would offer to save the page. Closing the
 * window (or tab) with unsaved edits asks first; Electron shows its own dialog for this. A reload
 * from the session banner (`reloading`) keeps the edit itself, so it does not ask.
 */
export function useAppKeys(save: () => unknown, dirty: boolean, reloading: RefObject<boolean>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      void save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (reloading.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, reloading]);
}
