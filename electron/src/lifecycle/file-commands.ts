import { basename, dirname, join } from 'node:path';
import { CONFIG_EXTENSIONS } from '../../../shared/src/config-file.js';
import { readErrorReason, writeAtomically } from '../../../engine/src/index.js';
import type { DialogLike, FileFilter } from './electron-like.js';
import type { DesktopWorkspace } from './workspace.js';

const FILTERS: FileFilter[] = [{ name: 'Mockyard config', extensions: [...CONFIG_EXTENSIONS] }];
/** Open… also takes a json-server db.json: the studio serves it in json-server mode, read-only until converted. */
const OPEN_FILTERS: FileFilter[] = [
  { name: 'Mockyard config or json-server db.json', extensions: [...CONFIG_EXTENSIONS, 'json'] },
  ...FILTERS,
];

/** What File → New writes: the smallest config that serves something. */
export const NEW_CONFIG =
  'schemas:\n  Item:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: Item\n';

/** File → Open…: choose a config (or a db.json), then switch to it (asking about unsaved edits). */
export async function openWithDialog(workspace: DesktopWorkspace, dialog: DialogLike): Promise<boolean> {
  const { canceled, filePaths } = await dialog.showOpenDialog({ properties: ['openFile'], filters: OPEN_FILTERS });
  const file = filePaths[0];
  return canceled || !file ? false : workspace.switchTo(file);
}

/**
 * File → New…: asks about unsaved edits, then where to create the config, writes it and opens it.
 * Cancelling either question changes nothing.
 */
export function newConfig(workspace: DesktopWorkspace, dialog: DialogLike): Promise<boolean> {
  return workspace.serial(async () => {
    if (!(await workspace.mayLeave('create a new config'))) return false;
    const folder = workspace.current ? dirname(workspace.current.configPath) : undefined;
    const { canceled, filePath } = await dialog.showSaveDialog({
      defaultPath: folder ? join(folder, 'api.mockyard') : 'api.mockyard',
      filters: FILTERS,
    });
    if (canceled || !filePath) return false;
    if (!(await write(workspace, filePath, NEW_CONFIG))) return false;
    return workspace.switchNow(filePath, { asked: true });
  });
}

/**
 * File → Save As…: writes the editor's text as it is now (not the last saved text) to the chosen
 * file and opens that file. The edits live on in the new file, so nothing is asked; the file left
 * behind keeps what it last saved.
 */
export function saveAs(workspace: DesktopWorkspace, dialog: DialogLike): Promise<boolean> {
  return workspace.serial(async () => {
    const session = workspace.current;
    if (!session) return false;
    const draft = await workspace.draft();
    if (draft === 'no answer') {
      const { response } = await dialog.showMessageBox({
        type: 'warning',
        buttons: ['Save As Anyway', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        message: 'The window did not answer with the editor’s text.',
        detail: `Save As would save ${basename(session.configPath)} as it was last saved, without later edits.`,
      });
      if (response !== 0) return false;
    }
    const text = typeof draft === 'object' ? draft.text : session.text;
    const { canceled, filePath } = await dialog.showSaveDialog({ defaultPath: session.configPath, filters: FILTERS });
    if (canceled || !filePath) return false;
    // The same file: that is Save, which the page does (it owns the editor's state).
    if (workspace.samePath(filePath, session.configPath)) return workspace.command({ command: 'save' });
    if (!(await write(workspace, filePath, text))) return false;
    return workspace.switchNow(filePath, { asked: true });
  });
}

async function write(workspace: DesktopWorkspace, file: string, text: string): Promise<boolean> {
  try {
    await writeAtomically(file, text);
    return true;
  } catch (err) {
    await workspace.showError(`Could not write ${basename(file)}.`, `${file}: ${readErrorReason(err)}.`);
    return false;
  }
}
