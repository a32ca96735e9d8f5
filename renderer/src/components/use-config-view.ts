import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type FormsPlace, lineOfPlace, placeAtLine } from '../forms/forms-place';
import type { ConfigEditorHandle } from './ConfigEditor';

/** The Config tab's views: the YAML alone, YAML and forms side by side, the forms alone. */
export type ConfigView = 'editor' | 'split' | 'forms';

const VIEW_KEY = 'mockyard.configView';

/** The view last chosen, kept in this browser's storage. */
function useStoredView(): [ConfigView, (view: ConfigView) => void] {
  const [view, setView] = useState<ConfigView>(() => {
    const kept = localStorage.getItem(VIEW_KEY);
    return kept === 'split' || kept === 'forms' ? kept : 'editor';
  });
  const choose = useCallback((next: ConfigView) => {
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  }, []);
  return [view, choose];
}

/**
 * The Config tab's view, and the place kept across a switch: the forms open where the YAML cursor
 * was, and the YAML opens (cursor and scroll) at the schema or endpoint the forms showed.
 */
export function useConfigView(editor: RefObject<ConfigEditorHandle | null>, text: string) {
  const [view, chooseView] = useStoredView();
  const [formsPlace, setFormsPlace] = useState<FormsPlace | undefined>(undefined);
  const shownPlace = useRef<FormsPlace | undefined>(undefined);
  const cursorTo = useRef<number | undefined>(undefined);
  const setView = (next: ConfigView) => {
    if (next === view) return;
    const handle = editor.current;
    const current = handle?.getText() ?? text;
    if (view === 'editor') {
      const line = handle?.cursorLine();
      const place = line === undefined ? undefined : placeAtLine(current, line);
      setFormsPlace(place);
      shownPlace.current = place;
    } else if (view === 'forms' && shownPlace.current && shownPlace.current !== formsPlace) {
      // Only a place chosen in the forms moves the cursor: one they opened at is where it already is.
      cursorTo.current = lineOfPlace(current, shownPlace.current);
    }
    chooseView(next);
  };
  // Monaco measures itself once its pane is shown again, so the cursor moves after that render.
  useEffect(() => {
    const line = cursorTo.current;
    if (view === 'forms' || line === undefined) return;
    cursorTo.current = undefined;
    window.requestAnimationFrame(() => editor.current?.placeCursor(line));
  }, [view, editor]);
  return {
    view,
    setView,
    /** Where the forms open. */
    formsPlace,
    /** The forms show another schema or endpoint. */
    onFormsPlace: (place: FormsPlace | undefined) => {
      shownPlace.current = place;
    },
  };
}
