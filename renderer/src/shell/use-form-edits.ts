import { type RefObject, useMemo } from 'react';
import type { StudioClient } from '../api/client';
import type { ConfigEditorHandle } from '../components/ConfigEditor';
import { createEditQueue } from '../forms/edit-queue';

/**
 * The forms' one edit queue for the studio's life: form edits apply one after another on the
 * editor's own text, each checked by the engine first. The shell holds it so that Save can wait
 * for the edits a form has asked for (Enter in a box, then Ctrl+S at once) before it reads the text.
 */
export function useFormEdits(client: StudioClient, editor: RefObject<ConfigEditorHandle | null>) {
  return useMemo(
    () =>
      createEditQueue(() => {
        const handle = editor.current;
        if (!handle) return undefined;
        return {
          getText: () => handle.getText(),
          applyEdits: (edits, base) => handle.applyEdits(edits, base),
          validate: (text) => client.call('config.validate', { text }).then((r) => r.problems),
        };
      }),
    [client, editor],
  );
}
