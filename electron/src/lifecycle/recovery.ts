import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DesktopStateFile } from '../desktop-state.js';
import type { DialogLike } from './electron-like.js';

/** What the offer says about when the text was kept. */
export const SESSION_END = 'when Windows ended the session';
export const PAGE_STOPPED = "when the window's page stopped";

/**
 * Unsaved editor text kept when the app cannot ask about it (Windows ending the session, the
 * page's renderer dying): a copy in `<data folder>/recovered/`, remembered in the desktop state,
 * and offered (at the next start, or at once after a reload).
 * The copy is a config file of its own, so opening it is opening a file; the original is untouched.
 */
export class DraftRecovery {
  constructor(
    private readonly state: DesktopStateFile,
    private readonly dialog: Pick<DialogLike, 'showMessageBox'>,
  ) {}

  /** Writes `text` (the unsaved edits to `config`) as a recovery copy; returns its path. */
  keep(config: string, text: string, when = SESSION_END): string {
    const folder = join(dirname(this.state.file), 'recovered');
    mkdirSync(folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const copy = join(folder, `${stamp} ${basename(config)}`);
    writeFileSync(`${copy}.tmp`, text);
    renameSync(`${copy}.tmp`, copy);
    this.state.update({ recovered: { config, copy, when } });
    return copy;
  }

  /** At startup: offers a kept copy (Later asks again next time; Dismiss leaves the copy where it is). `open` opens a file. */
  async offer(open: (path: string) => Promise<boolean>): Promise<void> {
    const recovered = this.state.get().recovered;
    if (!recovered) return;
    const { response } = await this.dialog.showMessageBox({
      type: 'warning',
      buttons: ['Open Copy', 'Later', 'Dismiss'],
      defaultId: 0,
      cancelId: 1,
      message: `Mockyard kept unsaved changes to ${basename(recovered.config)} ${recovered.when ?? SESSION_END}.`,
      detail: `They are in ${recovered.copy}. ${basename(recovered.config)} itself has what was last saved. Open the copy to look at the changes and save them where you want them (File › Save As…).`,
    });
    if (response === 1) return;
    this.state.update({ recovered: undefined });
    if (response === 0) await open(recovered.copy);
  }
}
