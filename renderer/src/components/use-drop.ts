import { useState } from 'react';
import type { StudioClient } from '../api/client';
import { looksLikeOpenApi } from '../openapi/is-openapi';

/**
 * A file dropped on the window: an OpenAPI description is imported; a config is opened (only the
 * desktop app knows a dropped file's path; the browser studio says how to open it instead).
 */
export function useDrop(client: StudioClient, importOpenApi: (file: File) => void) {
  const [dropping, setDropping] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);

  const onDrop = async (e: React.DragEvent) => {
    e.preventDefault();
    setDropping(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const head = await file
      .slice(0, 64 * 1024)
      .text()
      .catch(() => '');
    if (looksLikeOpenApi(head)) {
      importOpenApi(file);
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
