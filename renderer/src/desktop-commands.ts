import { useEffect, useRef } from 'react';
import type { StudioClient } from './api/client';

/**
 * Carries out the desktop app's menu commands (Save, Port…, Import and Export OpenAPI) and answers its `reportDraft` question
 * with the editor's text as it is now, so Save As saves what the user sees and switching files asks
 * about unsaved edits before anything changes. `draft` is read when the question arrives.
 */
export function useDesktopCommands(
  client: StudioClient,
  handlers: {
    save(): unknown;
    choosePort(): void;
    importOpenApi(): void;
    exportOpenApi(): void;
    draft(): { text: string; dirty: boolean };
  },
): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(
    () =>
      client.on('app.command', (command) => {
        const { save, choosePort, importOpenApi, exportOpenApi, draft } = current.current;
        if (command.command === 'save') void save();
        else if (command.command === 'choosePort') choosePort();
        else if (command.command === 'importOpenApi') importOpenApi();
        else if (command.command === 'exportOpenApi') exportOpenApi();
        else if (command.command === 'reportDraft')
          // Unanswered, the app asks the user as if there were unsaved edits: nothing is lost either way.
          client.call('app.draft', { id: command.id, ...draft() }).catch(() => undefined);
      }),
    [client],
  );
}
