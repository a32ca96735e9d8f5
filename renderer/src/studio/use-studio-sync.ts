import { type MutableRefObject, useEffect } from 'react';
import type { StudioClient } from '../api/client';
import { takeDraft } from '../api/draft';
import type { StudioState } from './studio-state';
import { rebase } from './studio-messages';

/** The editor's text and the file's, as the studio last knew them: read by the events as they arrive. */
export interface TextRefs {
  text: MutableRefObject<string>;
  saved: MutableRefObject<string>;
}

/**
 * Loads the config and the server's state, then follows the engine: status, an applied config, a
 * file changed on disk (the app's own change made on an unsaved draft too, instead of asking) and
 * changed tables.
 */
export function useStudioSync(
  client: StudioClient,
  patch: (p: Partial<StudioState>) => void,
  refs: TextRefs,
  refreshTables: () => void,
): void {
  const { text: textRef, saved: savedRef } = refs;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the caller's useRef objects, the same for the studio's life; their .current is read when an event arrives, on purpose.
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
          dbJson: config.dbJson,
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
}
