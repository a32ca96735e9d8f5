import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Problem } from '../../shared/src/problems';
import type { EndpointSummary } from '../../shared/src/service-summary';
import type { ServerStatus, TableInfo } from '../../shared/src/studio-contract';
import type { StudioClient } from './api/client';

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
}

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
  });
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
        textRef.current = config.text;
        savedRef.current = config.text;
        patch({
          loaded: true,
          path: config.path,
          database: config.database,
          text: config.text,
          savedText: config.text,
          problems: config.problems,
          endpoints: config.endpoints,
          status,
        });
        refreshTables();
      },
      (err: Error) => patch({ loaded: true, error: err.message }),
    );
    const offs = [
      client.on('server.status', (status) => patch({ status })),
      client.on('config.applied', ({ endpoints }) => {
        patch({ endpoints });
        refreshTables();
      }),
      client.on('config.changedOnDisk', ({ text }) => {
        if (textRef.current === savedRef.current) {
          textRef.current = text;
          savedRef.current = text;
          patch({ text, savedText: text, dirty: false, diskText: undefined });
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
          (err: Error) => patch({ error: err.message }),
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
      });
    } catch (err) {
      patch({ saving: false, error: (err as Error).message });
    }
  }, [client, patch]);

  const resolveDiskChange = useCallback((take: boolean) => {
    setState((s) => {
      if (!take || s.diskText === undefined) return { ...s, diskText: undefined };
      textRef.current = s.diskText;
      savedRef.current = s.diskText;
      return { ...s, text: s.diskText, savedText: s.diskText, dirty: false, diskText: undefined };
    });
  }, []);

  const actions = useMemo(
    () => ({
      edit,
      save,
      resolveDiskChange,
      refreshTables,
      setPort: (port: number) => client.call('server.setPort', { port }).then((status) => patch({ status })),
      apply: async () => {
        try {
          const result = await client.call('config.apply', {});
          patch({ problems: result.problems, endpoints: result.endpoints });
        } catch (err) {
          patch({ error: (err as Error).message });
        }
      },
      startServer: () => client.call('server.start', {}).then((status) => patch({ status })),
      stopServer: () => client.call('server.stop', {}).then((status) => patch({ status })),
      dismissError: () => patch({ error: undefined }),
    }),
    [client, edit, save, resolveDiskChange, refreshTables, patch],
  );
  return { state, actions };
}
