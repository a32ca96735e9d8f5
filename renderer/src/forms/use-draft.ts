import { useEffect, useState } from 'react';
import type { EditOutcome } from './edit-queue';
import { useLatest } from './use-latest';

export interface Draft {
  /** The text in the box. */
  draft: string;
  /** The engine's reason when it refused the last commit; the refused text stays in the box. */
  refused: string | undefined;
  /** The box was entered. */
  focus(): void;
  /** The user typed. */
  change(text: string): void;
  /** Escape: back to the committed text, refusal dropped. */
  cancel(): void;
  /**
   * Leaving the box: writes the draft when it differs from `shown`. `write` undefined means the
   * draft cannot be written (JSON that does not parse): it stays in the box, still being edited.
   */
  commit(write: (() => Promise<EditOutcome>) | undefined): Promise<void>;
}

/**
 * The text of a form input that writes on leaving it, not on each key. `shown` is the committed
 * value as text: when it changes under the form (typing in the YAML editor, undo) the box follows,
 * unless the user is mid-edit or a refused draft is on show. A draft typed while an earlier commit
 * was being checked (the box was entered again) is left as typed when the engine answers.
 */
export function useDraft(shown: string): Draft {
  const [draft, setDraft] = useState(shown);
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const latestDraft = useLatest(draft);
  useEffect(() => {
    if (!editing && refused === undefined) setDraft(shown);
  }, [shown, editing, refused]);
  return {
    draft,
    refused,
    focus: () => setEditing(true),
    change: (text) => {
      setDraft(text);
      setEditing(true);
    },
    cancel: () => {
      setDraft(shown);
      setRefused(undefined);
    },
    commit: async (write) => {
      if (draft === shown) {
        setEditing(false);
        setRefused(undefined);
        return;
      }
      // Text that cannot be written (JSON that does not parse) stays as typed, with its message.
      if (!write) return;
      const committed = draft;
      const outcome = await write();
      if (latestDraft.current !== committed) return;
      // Still "editing" until the outcome is known: a refused draft must not be replaced meanwhile.
      setRefused(outcome.ok ? undefined : outcome.message);
      setEditing(false);
    },
  };
}
