import type { StudioClient } from '../api/client';

/**
 * Opens a json-server db.json that was dropped on the window or picked in Import OpenAPI: the desktop
 * app opens it as File › Open does (json-server mode, read-only config until converted, asking about
 * unsaved edits first); a browser page never learns a file's path, so it says how to open it instead.
 * Resolves to a message to show, or undefined when the app took the file.
 */
export async function openDbJson(client: StudioClient, file: File): Promise<string | undefined> {
  if (client.transport !== 'electron')
    return `${file.name} is a json-server database: to serve it in json-server mode, run \`mockyard studio ${file.name}\` (the browser does not tell the studio where a dropped or picked file is), or open it in the desktop app.`;
  try {
    await client.call('app.open', { path: client.pathForFile(file) });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
