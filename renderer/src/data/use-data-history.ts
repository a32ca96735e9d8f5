import { useCallback, useEffect } from 'react';
import type { StudioClient } from '../api/client';
import { useFeedback } from '../feedback/feedback';
import { ownsUndoKeys, useUndoStack } from './undo-stack';

/**
 * The Data tab's actions and history: `act` runs an action (its confirmation goes up as a toast,
 * its failure stays as the table's error), and Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) undo and redo the
 * table's edits from anywhere in the page but a text box, which has its own undo of typing.
 */
export function useDataHistory(
  client: StudioClient,
  table: string | undefined,
  keyField: string | undefined,
  setError: (message: string | undefined) => void,
) {
  const { notify } = useFeedback();
  const history = useUndoStack(client, table, keyField);
  const act = useCallback(
    async (run: () => Promise<string | undefined>) => {
      try {
        const message = await run();
        // A later action that worked makes an earlier failure's banner stale.
        setError(undefined);
        if (message) notify(message);
      } catch (err) {
        setError((err as Error).message);
      }
    },
    [notify, setError],
  );
  const { undo, redo } = history;
  const undoStep = useCallback(() => act(async () => ((d) => d && `Undone: ${d}`)(await undo())), [act, undo]);
  const redoStep = useCallback(() => act(async () => ((d) => d && `Redone: ${d}`)(await redo())), [act, redo]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.defaultPrevented || ownsUndoKeys(e.target)) return;
      const key = e.key.toLowerCase();
      const isRedo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey);
      if (key !== 'z' && !isRedo) return;
      e.preventDefault();
      void (isRedo ? redoStep() : undoStep());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undoStep, redoStep]);
  return { history, act, undoStep, redoStep };
}
