import { basename, resolve } from 'node:path';
import { type AppCommand, EVENT_CHANNEL, type StudioHandlers } from '../../../shared/src/studio-contract.js';
import { DomainError, readErrorReason } from '../../../engine/src/index.js';
import { type AppSettingsFile, createStudioHandlers, type StudioSession } from '../../../engine/src/studio-entry.js';
import type { DesktopStateFile } from '../desktop-state.js';
import { forwardStudioEvents } from '../ipc.js';
import { APP_ORIGIN, isAppUrl } from '../security.js';
import { type Draft, DraftRequests } from './draft-request.js';
import type { DialogLike, EventLike, WindowLike } from './electron-like.js';
import { PageLoads } from './page-loads.js';
import { DraftRecovery } from './recovery.js';
import { CASE_INSENSITIVE_PATHS, samePath as comparePaths } from './same-path.js';
import { WindowTrouble } from './window-trouble.js';

export interface WorkspaceDeps {
  dialog: DialogLike;
  /** Open Recent and the last config. */
  state: DesktopStateFile;
  preferences: AppSettingsFile;
  /** A session for a config, not yet opened (main.ts applies the preferences). */
  createSession(configPath: string): StudioSession;
  /** After the open file or Open Recent changed: main.ts rebuilds the menu. */
  changed?(): void;
  /** How long the page has to say whether it has unsaved edits. */
  draftTimeoutMs?: number;
  /** Paths that differ only in case name one file (default: on Windows and macOS). */
  caseInsensitivePaths?: boolean;
  /** Ends the app (Electron's app.quit): after Windows said the session ends. */
  quit?(): void;
}

/**
 * The desktop app's one open config: the session serving it, the handlers the window's calls reach,
 * and switching to another file without losing work. A switch asks about unsaved edits first (a
 * Cancel changes nothing), opens the new session while the old one still serves, and only then
 * swaps and loads the page for the new file; a file that cannot be opened leaves everything as it
 * was. Switches run one at a time.
 *
 * Each file gets its own page URL (`?session=N`): calls still in flight from the previous file's
 * page are refused rather than reaching the new session, so that page can never save its text
 * into the new file.
 */
export class DesktopWorkspace {
  private session: StudioSession | undefined;
  private handlers: StudioHandlers | undefined;
  private stopForwarding: (() => void) | undefined;
  private window: WindowLike | undefined;
  private epoch = 0;
  private allowUnload = false;
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  private readonly drafts: DraftRequests;
  private readonly pages = new PageLoads();
  readonly recovery: DraftRecovery;
  private readonly trouble: WindowTrouble;

  /** The studio handlers of whichever session is open now: what the IPC transport serves. */
  readonly calls: StudioHandlers = new Proxy({} as StudioHandlers, {
    get: (_target, name: keyof StudioHandlers) => (args: never) => {
      // A DomainError, as the handlers throw: callFailure gives it its code (`busy`: try again once one is).
      if (!this.handlers) throw new DomainError('busy', 'No config is open.');
      return (this.handlers[name] as (a: never) => Promise<unknown>)(args);
    },
  });

  constructor(private readonly deps: WorkspaceDeps) {
    this.drafts = new DraftRequests(deps.draftTimeoutMs);
    this.recovery = new DraftRecovery(deps.state, deps.dialog);
    this.trouble = new WindowTrouble({
      current: () => (this.closing || !this.window || this.window.isDestroyed() ? undefined : this.session),
      reload: () => this.loadPage(),
      draft: () => this.draft(),
      pageLoaded: () => this.pages.isLoaded,
      open: (path) => this.switchTo(path),
      showError: (message, detail) => this.showError(message, detail),
      recovery: this.recovery,
      quit: () => {
        // The unsaved text is kept (or there was none): the page goes without asking.
        this.allowUnload = true;
        this.deps.quit?.();
      },
    });
  }

  /** True when `a` and `b` name the same file on this platform (see same-path.ts). */
  samePath(a: string, b: string): boolean {
    return comparePaths(a, b, this.deps.caseInsensitivePaths ?? CASE_INSENSITIVE_PATHS);
  }

  get current(): StudioSession | undefined {
    return this.session;
  }

  /** The URL of the page for the file open now. */
  get pageUrl(): string {
    return `${APP_ORIGIN}/index.html?session=${this.epoch}`;
  }

  /** True for calls from the page of the file open now (see the class comment). */
  acceptsPage(url: string): boolean {
    if (!isAppUrl(url) || !this.session) return false;
    return new URL(url).searchParams.get('session') === String(this.epoch);
  }

  /**
   * The app's window: its title shows the file (the page's own `<title>` must not replace it) and
   * leaving a page with unsaved edits asks first, unless a switch has asked already.
   */
  attach(window: WindowLike): void {
    this.window = window;
    window.on('page-title-updated', (event) => event.preventDefault());
    window.webContents.on('will-prevent-unload', (event) => this.confirmUnload(event));
    window.webContents.on('did-finish-load', () => this.pages.finished());
    window.webContents.on('render-process-gone', (_event, details) => {
      this.pages.started();
      void this.trouble.rendererGone(details);
    });
    window.on('query-session-end', (event) => this.trouble.sessionEnding(event));
    this.trouble.startSnapshots();
    this.showTitle();
  }

  /** Copies the editor's unsaved text now (it happens every 30 s; see WindowTrouble). */
  snapshotDraft(): Promise<void> {
    return this.trouble.snapshot();
  }

  /** The window's first load (startup); a newer load replacing it (a file opened meanwhile) is fine. */
  load(): Promise<void> {
    return this.loadPage();
  }

  /** Sends to the page when there is one; after the window closed there is nothing to send to. */
  send(channel: string, ...args: unknown[]): boolean {
    const window = this.window;
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return false;
    window.webContents.send(channel, ...args);
    return true;
  }

  command(command: AppCommand): boolean {
    return this.send(EVENT_CHANNEL, 'app.command', command);
  }

  /** Brings the window forward (a second launch, a file opened from the OS). */
  focus(): void {
    const window = this.window;
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  }

  /** Runs `job` after every earlier switch finished; switches never interleave. */
  serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Opens `path` in place of the current file, asking about unsaved edits first. */
  switchTo(path: string): Promise<boolean> {
    return this.serial(() => this.switchNow(path, { asked: false }));
  }

  /**
   * Inside serial(): opens `path` (asking first unless `asked`) and swaps it in; false when the user
   * kept the current file or `path` could not be opened (a dialog says why).
   */
  async switchNow(path: string, { asked }: { asked: boolean }): Promise<boolean> {
    if (this.closing) return false;
    if (this.session && this.samePath(path, this.session.configPath)) {
      this.focus();
      return true;
    }
    if (!asked && !(await this.mayLeave(`open ${basename(path)}`))) return false;
    const next = this.deps.createSession(path);
    try {
      await next.open({ listen: false });
    } catch (err) {
      await next.close().catch(() => undefined);
      await this.cannotOpen(path, err);
      return false;
    }
    if (this.closing) {
      await next.close();
      return false;
    }
    await this.swap(next);
    return true;
  }

  /**
   * The editor's text now (see DraftRequests). A page still loading is waited for (it listens only
   * once loaded; asking earlier would time out and warn of edits that cannot exist yet).
   */
  async draft(): Promise<Draft> {
    const window = this.window;
    if (!window || window.isDestroyed()) return undefined;
    if (!(await this.pages.wait(this.deps.draftTimeoutMs ?? 3000))) return 'no answer';
    return this.drafts.ask((command) => this.command(command));
  }

  /**
   * Before the current file is left (`doing`: "open x.yaml", "create a new config"): with unsaved
   * edits, Save / Don't Save / Cancel. True when it may go ahead.
   */
  async mayLeave(doing: string): Promise<boolean> {
    const session = this.session;
    if (!session) return true;
    const draft = await this.draft();
    if (draft === undefined || (draft !== 'no answer' && !draft.dirty)) return true;
    const name = basename(session.configPath);
    if (draft === 'no answer') {
      const { response } = await this.deps.dialog.showMessageBox({
        type: 'warning',
        buttons: ['Continue', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        message: `The window did not answer, so ${name} may have unsaved changes.`,
        detail: `To ${doing}, Mockyard closes ${name}; changes that were not saved would be lost.`,
      });
      return response === 0;
    }
    const { response } = await this.deps.dialog.showMessageBox({
      type: 'question',
      buttons: ['Save', "Don't Save", 'Cancel'],
      defaultId: 0,
      cancelId: 2,
      message: `Save your changes to ${name}?`,
      detail: `To ${doing}, Mockyard closes ${name}. Changes you don't save are lost.`,
    });
    if (response === 2) return false;
    if (response === 1) return true;
    try {
      await session.save(draft.text);
      return true;
    } catch (err) {
      await this.showError(`Could not save ${name}.`, `${readErrorReason(err)}. Nothing was closed.`);
      return false;
    }
  }

  /** For `will-quit`: stops the server and closes the database (checkpointing its WAL). */
  async shutdown(): Promise<void> {
    this.closing = true;
    this.trouble.stopSnapshots();
    this.epoch++;
    this.stopForwarding?.();
    this.stopForwarding = undefined;
    const session = this.session;
    this.session = undefined;
    this.handlers = undefined;
    await session?.close();
  }

  async showError(message: string, detail: string): Promise<void> {
    await this.deps.dialog.showMessageBox({ type: 'error', buttons: ['OK'], message, detail });
  }

  private async cannotOpen(path: string, err: unknown): Promise<void> {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR';
    const { state } = this.deps;
    let detail = `${path}: ${readErrorReason(err)}.`;
    if (missing && state.get().recent.some((r) => this.samePath(r, path))) {
      state.forget(path);
      this.deps.changed?.();
      detail += ' It was removed from Open Recent.';
    }
    if (this.session) detail += ` ${basename(this.session.configPath)} stays open.`;
    await this.showError(`Could not open ${basename(path)}.`, detail);
  }

  private async swap(next: StudioSession): Promise<void> {
    const previous = this.session;
    this.stopForwarding?.();
    this.epoch++;
    this.session = next;
    this.handlers = createStudioHandlers(next, {
      settings: this.deps.preferences,
      open: (path) => this.switchTo(resolve(path)),
      draft: (report) => this.drafts.answer(report),
      converted: () => {
        this.deps.state.opened(next.configPath);
        this.deps.changed?.();
        this.showTitle();
      },
    });
    this.stopForwarding = forwardStudioEvents(
      (event, listener) => next.on(event, listener),
      (channel, name, payload) => void this.send(channel, name, payload),
    );
    // The previous server stops before this one listens: both often use the same port.
    await previous?.close();
    await next.listen();
    this.deps.state.opened(next.configPath);
    this.deps.changed?.();
    this.showTitle();
    await this.loadPage();
  }

  /** Loads the page for the file open now; the user was asked about unsaved edits already. */
  private async loadPage(): Promise<void> {
    const window = this.window;
    if (!window || window.isDestroyed()) return;
    this.allowUnload = true;
    this.pages.started();
    try {
      await window.loadURL(this.pageUrl);
    } catch {
      // ERR_ABORTED: a newer load replaced this one, which is the page wanted anyway.
    } finally {
      this.allowUnload = false;
    }
  }

  private showTitle(): void {
    const window = this.window;
    if (!window || window.isDestroyed() || !this.session) return;
    window.setTitle(`${basename(this.session.configPath)} — Mockyard`);
  }

  /**
   * `will-prevent-unload` (the page's beforeunload asked to stay: unsaved edits). Within a switch the
   * user has answered already, so the page goes; otherwise (closing the window, a reload) ask.
   */
  private confirmUnload(event: EventLike): void {
    if (this.allowUnload) {
      event.preventDefault();
      return;
    }
    const choice = this.deps.dialog.showMessageBoxSync({
      type: 'question',
      buttons: ['Discard Changes', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: `${this.session ? basename(this.session.configPath) : 'The config'} has unsaved changes.`,
      detail: 'Close it anyway and lose them?',
    });
    if (choice === 0) event.preventDefault();
  }
}
