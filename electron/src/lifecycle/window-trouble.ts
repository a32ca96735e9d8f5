import { basename } from 'node:path';
import type { StudioSession } from '../../../engine/src/studio-entry.js';
import type { Draft } from './draft-request.js';
import type { EventLike, RenderProcessGone } from './electron-like.js';
import type { DraftRecovery } from './recovery.js';

/** A renderer that goes away again this soon after a reload is not reloaded again. */
const CRASH_LOOP_MS = 10_000;

/** What the workspace lends for the window's troubles. */
export interface TroubleHost {
  /** The open session while the window is there and the app is not closing. */
  current(): StudioSession | undefined;
  /** Loads the page of the file open now again. */
  reload(): Promise<void>;
  draft(): Promise<Draft>;
  showError(message: string, detail: string): Promise<void>;
  recovery: DraftRecovery;
  /** Quits the app, letting the page go without asking. */
  quit(): void;
}

/** What happens when the window's page dies, and when Windows ends the session under it. */
export class WindowTrouble {
  private lastCrash = 0;

  constructor(private readonly host: TroubleHost) {}

  /**
   * The page's renderer crashed, was killed or ran out of memory: the window would stay blank.
   * Reload it (once per CRASH_LOOP_MS: a page that keeps crashing is left, not reloaded forever)
   * and say what happened. The editor's unsaved text went with the renderer.
   */
  async rendererGone({ reason, exitCode }: RenderProcessGone): Promise<void> {
    const session = this.host.current();
    if (!session) return;
    const again = Date.now() - this.lastCrash < CRASH_LOOP_MS;
    this.lastCrash = Date.now();
    const name = basename(session.configPath);
    const what = `The window's page stopped (${reason}, exit code ${exitCode}).`;
    if (again) {
      await this.host.showError(
        what,
        `It stopped again right after a reload, so it was not reloaded. ${name} is still served; View › Reload tries again.`,
      );
      return;
    }
    await this.host.reload();
    await this.host.showError(
      what,
      `Mockyard reloaded ${name} as last saved; edits not saved before it stopped were lost. The mock server kept running.`,
    );
  }

  /**
   * Windows is logging off, restarting or shutting down: Electron emits no before-quit or
   * will-quit then, so unsaved edits would be lost without a question. Hold the session end
   * (preventDefault, which Electron documents for exactly this), keep the editor's unsaved text as
   * a recovery copy the next start offers, then quit.
   */
  sessionEnding(event: EventLike): void {
    const session = this.host.current();
    if (!session) return;
    event.preventDefault();
    void this.host
      .draft()
      .then((draft) => {
        if (typeof draft === 'object' && draft.dirty) this.host.recovery.keep(session.configPath, draft.text);
      })
      .catch(() => undefined)
      .finally(() => this.host.quit());
  }
}
