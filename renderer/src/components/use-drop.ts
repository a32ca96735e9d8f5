import { useState } from 'react';
import type { StudioClient } from '../api/client';
import { fileKind, kindText } from '../openapi/is-openapi';
import { openDbJson } from './open-db-json';

/**
 * A file dropped on the window: an OpenAPI description is imported; a config or a json-server db.json
 * is opened (only the desktop app knows a dropped file's path; the browser studio says how to open it instead).
 */
export function useDrop(client: StudioClient, importOpenApi: (file: File) => void) {
  const [dropping, setDropping] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);

  const onDrop = async (e: React.DragEvent) => {
    e.preventDefault();
    setDropping(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const kind = fileKind(file.name, await kindText(file));
    if (kind === 'openapi') {
      importOpenApi(file);
      return;
    }
    if (kind === 'db-json') {
      setMessage(await openDbJson(client, file));
      return;
    }
    if (client.transport !== 'electron') {
      setMessage(
        `To open ${file.name}, run \`mockyard studio ${file.name}\` (the browser does not tell the studio where a dropped file is), or use the desktop app.`,
      );
      return;
    }
    // The app asks about unsaved edits and reports a file it cannot open itself; a refusal
    // (not a config) comes back here.
    client.call('app.open', { path: client.pathForFile(file) }).catch((err: Error) => setMessage(err.message));
  };

  return {
    dropping,
    message,
    dismiss: () => setMessage(undefined),
    handlers: {
      onDragOver: (e: React.DragEvent) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDropping(true);
        }
      },
      onDragLeave: () => setDropping(false),
      onDrop: (e: React.DragEvent) => void onDrop(e),
    },
  };
}
