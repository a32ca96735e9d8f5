import { basename } from 'node:path';
import type { StudioSession } from '../../../engine/src/studio-entry.js';
import type { Draft } from './draft-request.js';
import type { EventLike, RenderProcessGone } from './electron-like.js';
import { type DraftRecovery, PAGE_STOPPED } from './recovery.js';

/** A renderer that goes away again this soon after a reload is not reloaded again. */
const CRASH_LOOP_MS = 10_000;
/** How often the editor's unsaved text is copied into the main process (what a crash can lose). */
export const SNAPSHOT_MS = 30_000;

/** What the workspace lends for the window's troubles. */
export interface TroubleHost {
  /** The open session while the window is there and the app is not closing. */
  current(): StudioSession | undefined;
  /** Loads the page of the file open now again. */
  reload(): Promise<void>;
  draft(): Promise<Draft>;
  /** Whether the page has loaded (a page still loading has nothing to snapshot). */
  pageLoaded(): boolean;
  showError(message: string, detail: string): Promise<void>;
  recovery: DraftRecovery;
  /** Opens a file (a recovery copy) like File › Open. */
  open(path: string): Promise<boolean>;
  /** Quits the app, letting the page go without asking. */
  quit(): void;
}

/** What happens when the window's page dies, and when Windows ends the session under it. */
export class WindowTrouble {
  private lastCrash = 0;
  /** The editor's unsaved text as last asked (undefined: none, or not asked yet). */
  private latest: { config: string; text: string } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly host: TroubleHost) {}

  /** Copies the editor's unsaved text every SNAPSHOT_MS, so a renderer that dies takes at most that much with it. */
  startSnapshots(): void {
    this.timer ??= setInterval(() => void this.snapshot(), SNAPSHOT_MS);
    this.timer.unref();
  }

  stopSnapshots(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.latest = undefined;
  }

  /** Asks the page for its text now and remembers it when unsaved. */
  async snapshot(): Promise<void> {
    const session = this.host.current();
    if (!session || !this.host.pageLoaded()) return;
    const draft = await this.host.draft();
    if (draft === undefined || draft === 'no answer' || this.host.current() !== session) return;
    this.latest = draft.dirty ? { config: session.configPath, text: draft.text } : undefined;
  }

  /**
   * The page's renderer crashed, was killed or ran out of memory: the window would stay blank.
   * Reload it (once per CRASH_LOOP_MS: a page that keeps crashing is left, not reloaded forever)
   * and say what happened. The editor's text went with the renderer; its last snapshot (if it had
   * unsaved edits) is kept as a recovery copy and offered.
   */
  async rendererGone({ reason, exitCode }: RenderProcessGone): Promise<void> {
    const session = this.host.current();
    if (!session) return;
    const again = Date.now() - this.lastCrash < CRASH_LOOP_MS;
    this.lastCrash = Date.now();
    const name = basename(session.configPath);
    const what = `The window's page stopped (${reason}, exit code ${exitCode}).`;
    // The last snapshot of its unsaved text is all that is left of it: keep it as a file.
    const latest = this.latest?.config === session.configPath ? this.latest : undefined;
    this.latest = undefined;
    const kept = latest ? this.host.recovery.keep(latest.config, latest.text, PAGE_STOPPED) : undefined;
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
      kept
        ? `Mockyard reloaded ${name} as last saved. Its unsaved edits, as of at most ${SNAPSHOT_MS / 1000} s before it stopped, were kept in a copy. The mock server kept running.`
        : `Mockyard reloaded ${name} as last saved; edits not saved before it stopped were lost. The mock server kept running.`,
    );
    if (kept) await this.host.recovery.offer((path) => this.host.open(path));
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
