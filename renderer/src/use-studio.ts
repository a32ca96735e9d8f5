import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { counted } from '../../shared/src/plural';
import type { Problem } from '../../shared/src/problems';
import type { EndpointSummary } from '../../shared/src/service-summary';
import type { SaveResult, ServerStatus, TableInfo } from '../../shared/src/studio-contract';
import { StudioError } from '../../shared/src/studio-error';
import type { StudioClient } from './api/client';
import { takeDraft } from './api/draft';
import { applyChanges, type ConfigChange } from '../../shared/src/config-edit/changes';
import { readAsWritten } from '../../shared/src/config-edit/as-written';
import { useFeedback } from './feedback/feedback';

const VALIDATE_DEBOUNCE_MS = 120;

export interface StudioState {
  loaded: boolean;
  path: string;
  database: string;
  text: string;
  savedText: string;
  dirty: boolean;
  problems: Problem[];
  /** How long the last validation took in the engine, in ms. */
  validationMs: number | undefined;
  endpoints: EndpointSummary[];
  status: ServerStatus | undefined;
  tables: TableInfo[];
  /** The file's new text when it changed on disk while the editor had unsaved edits. */
  diskText: string | undefined;
  saving: boolean;
  error: string | undefined;
  /** The editor's text is an unsaved edit kept across a reload (see api/draft.ts), not the file. */
  restored: boolean;
}

/** The confirmation a save gets: what happened to the text, in a few words. */
export function savedMessage(result: SaveResult): string {
  if (result.applied) return 'Saved and applied';
  const errors = result.problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) return `Saved — not applied: ${counted(errors, 'problem')}`;
  return 'Saved — not applied yet: Apply makes it live';
}

/** The draft with the app's changes made on it, or undefined when there are none or they cannot be made (then the user is asked). */
function rebase(draft: string, changes: ConfigChange[] | undefined): string | undefined {
  if (!changes?.length) return undefined;
  try {
    const text = applyChanges(draft, changes);
    return readAsWritten(text).ok ? text : undefined;
  } catch {
    return undefined;
  }
}

/** A refused call (no valid token) is told once, by the session banner; other failures by their view. */
const messageOf = (err: unknown): string | undefined =>
  err instanceof StudioError && err.code === 'refused' ? undefined : (err as Error).message;

/** All the studio's state and actions, over the contract only. */
export function useStudio(client: StudioClient) {
  const [state, setState] = useState<StudioState>({
    loaded: false,
    path: '',
    database: '',
    text: '',
    savedText: '',
    dirty: false,
    problems: [],
    validationMs: undefined,
    endpoints: [],
    status: undefined,
    tables: [],
    diskText: undefined,
    saving: false,
    error: undefined,
    restored: false,
  });
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

  useEffect(() => {
    let alive = true;
    Promise.all([client.call('config.get', {}), client.call('server.status', {})]).then(
      ([config, status]) => {
        if (!alive) return;
        // An edit kept across a reload comes back as the editor's text, unsaved and marked so.
        const draft = takeDraft(config.path);
        const text = draft ?? config.text;
        textRef.current = text;
        savedRef.current = config.text;
        patch({
          loaded: true,
          path: config.path,
          database: config.database,
          text,
          savedText: config.text,
          dirty: text !== config.text,
          restored: text !== config.text,
          problems: config.problems,
          endpoints: config.endpoints,
          status,
        });
        refreshTables();
        if (text !== config.text)
          void client
            .call('config.validate', { text })
            .then(({ problems, durationMs }) => patch({ problems, validationMs: durationMs }));
      },
      (err: Error) => patch({ loaded: true, error: err.message }),
    );
    const offs = [
      client.on('server.status', (status) => patch({ status })),
      client.on('config.applied', ({ endpoints }) => {
        patch({ endpoints });
        refreshTables();
      }),
      client.on('config.changedOnDisk', ({ text, changes }) => {
        // The app's own change (a recorded answer) is made on the unsaved draft too, instead of asking.
        const rebased = textRef.current === savedRef.current ? undefined : rebase(textRef.current, changes);
        if (rebased !== undefined) {
          textRef.current = rebased;
          savedRef.current = text;
          patch({ text: rebased, savedText: text, dirty: rebased !== text });
          void client.call('config.validate', { text: rebased }).then(({ problems, durationMs }) => {
            if (textRef.current === rebased) patch({ problems, validationMs: durationMs });
          });
        } else if (textRef.current === savedRef.current) {
          textRef.current = text;
          savedRef.current = text;
          patch({ text, savedText: text, dirty: false, diskText: undefined, restored: false });
          void client
            .call('config.validate', { text })
            .then(({ problems, durationMs }) => patch({ problems, validationMs: durationMs }));
        } else {
          patch({ diskText: text });
        }
      }),
      client.on('table.changed', () => refreshTables()),
    ];
    return () => {
      alive = false;
      for (const off of offs) off();
    };
  }, [client, patch, refreshTables]);

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
      setPort: async (port: number) => {
        try {
          const status = await client.call('server.setPort', { port });
          patch({ status });
          if (status.state === 'running') notify(`Serving on port ${status.port}`);
        } catch (err) {
          patch({ error: messageOf(err) });
        }
      },
      /** Writes the chosen port into the config; the new text arrives as a change on disk. */
      writePort: async (port: number) => {
        try {
          const result = await client.call('config.writePort', { port });
          notify(result.applied ? `Port ${port} written to the config` : savedMessage(result));
        } catch (err) {
          patch({ error: messageOf(err) });
        }
      },
      apply: async () => {
        try {
          const result = await client.call('config.apply', {});
          patch({ problems: result.problems, endpoints: result.endpoints });
          notify(result.applied ? 'Applied' : `Not applied: ${counted(result.problems.length, 'problem')}`);
        } catch (err) {
          patch({ error: messageOf(err) });
        }
      },
      dismissRestored: () => patch({ restored: false }),
      startServer: () => client.call('server.start', {}).then((status) => patch({ status })),
      stopServer: () => client.call('server.stop', {}).then((status) => patch({ status })),
      dismissError: () => patch({ error: undefined }),
    }),
    [client, edit, save, resolveDiskChange, refreshTables, patch, notify],
  );
  return { state, actions };
}
