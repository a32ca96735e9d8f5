import { useCallback, useMemo, useRef, useState } from 'react';
import type { StudioClient } from './api/client';
import { useFeedback } from './feedback/feedback';
import { serverActions } from './server-actions';
import { messageOf, savedMessage } from './studio/studio-messages';
import { INITIAL_STATE, type StudioState } from './studio/studio-state';
import { useStudioSync } from './studio/use-studio-sync';

export type { StudioState } from './studio/studio-state';

const VALIDATE_DEBOUNCE_MS = 120;

/**
 * All the studio's state and actions, over the contract only: the config's text (edit, validate,
 * save, a change on disk) here, what it asks of the server in serverActions.
 */
export function useStudio(client: StudioClient) {
  const [state, setState] = useState<StudioState>(INITIAL_STATE);

  const { notify } = useFeedback();
  const patch = useCallback((p: Partial<StudioState>) => setState((s) => ({ ...s, ...p })), []);
  const textRef = useRef('');
  const savedRef = useRef('');
  const timer = useRef<number | undefined>(undefined);

  const refreshTables = useCallback(() => {
    client.call('tables.list', {}).then(
      (tables) => patch({ tables }),
      () => undefined,
    );
  }, [client, patch]);

  useStudioSync(client, patch, { text: textRef, saved: savedRef }, refreshTables);

  const edit = useCallback(
    (text: string) => {
      textRef.current = text;
      patch({ text, dirty: text !== savedRef.current });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        client.call('config.validate', { text }).then(
          ({ problems, durationMs }) => {
            if (textRef.current === text) patch({ problems, validationMs: durationMs });
          },
          (err: unknown) => patch({ error: messageOf(err) }),
        );
      }, VALIDATE_DEBOUNCE_MS);
    },
    [client, patch],
  );

  const save = useCallback(async () => {
    const text = textRef.current;
    patch({ saving: true });
    try {
      const result = await client.call('config.save', { text });
      savedRef.current = text;
      patch({
        saving: false,
        savedText: text,
        dirty: textRef.current !== text,
        problems: result.problems,
        endpoints: result.endpoints,
        diskText: undefined,
        error: undefined,
        restored: false,
      });
      notify(savedMessage(result));
    } catch (err) {
      patch({ saving: false, error: messageOf(err) });
    }
  }, [client, patch, notify]);

  const resolveDiskChange = useCallback((take: boolean) => {
    setState((s) => {
      if (!take || s.diskText === undefined) return { ...s, diskText: undefined };
      textRef.current = s.diskText;
      savedRef.current = s.diskText;
      return { ...s, text: s.diskText, savedText: s.diskText, dirty: false, diskText: undefined, restored: false };
    });
  }, []);

  const actions = useMemo(
    () => ({
      edit,
      save,
      resolveDiskChange,
      refreshTables,
      ...serverActions({ client, patch, notify }),
      /**
       * "Convert to a config" of an open db.json: writes the YAML to `path` and edits it from then on.
       * Resolves to an error message for the dialog to show, or undefined when done.
       */
      convert: async (path: string): Promise<string | undefined> => {
        try {
          const config = await client.call('config.convert', { path });
          textRef.current = config.text;
          savedRef.current = config.text;
          patch({
            path: config.path,
            database: config.database,
            text: config.text,
            savedText: config.text,
            dirty: false,
            problems: config.problems,
            endpoints: config.endpoints,
            dbJson: config.dbJson,
            diskText: undefined,
            error: undefined,
          });
          refreshTables();
          notify(`Converted: now editing ${config.path.split(/[\\/]/).pop() ?? config.path}`);
          return undefined;
        } catch (err) {
          return messageOf(err) ?? 'The config could not be written.';
        }
      },
      dismissRestored: () => patch({ restored: false }),
      dismissError: () => patch({ error: undefined }),
    }),
    [client, edit, save, resolveDiskChange, refreshTables, patch, notify],
  );
  return { state, actions };
}
