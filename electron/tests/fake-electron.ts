/**
 * Electron's app, window, webContents and dialog as the desktop lifecycle meets them, for tests on
 * machines where the Electron binary cannot run. Each behaviour below is Electron's documented one
 * (Electron 45 docs, quoted), since the lifecycle's defects only show with exactly these:
 * - `will-prevent-unload` (webContents): "Emitted when a beforeunload event handler is attempting to
 *   cancel a page unload. Calling event.preventDefault() will ignore the beforeunload event handler
 *   and allow the page to be unloaded." Unprevented, the page stays: a reload does nothing and a
 *   loadURL fails (ERR_ABORTED). (https://www.electronjs.org/docs/latest/api/web-contents#event-will-prevent-unload)
 * - `page-title-updated` (BrowserWindow): "Emitted when the document changed its title, calling
 *   event.preventDefault() will prevent the native window's title from changing."
 *   (https://www.electronjs.org/docs/latest/api/browser-window#event-page-title-updated)
 * - `second-instance` (app): "argv string[] - An array of the second instance's command line
 *   arguments; workingDirectory string - The second instance's working directory".
 *   (https://www.electronjs.org/docs/latest/api/app#event-second-instance)
 * - `app.quit()`: "Try to close all windows. The before-quit event will be emitted first. If all
 *   windows are successfully closed, the will-quit event will be emitted and by default the
 *   application will terminate." `will-quit`: "Calling event.preventDefault() will prevent the
 *   default behavior, which is terminating the application." When quitting this way
 *   `window-all-closed` is not emitted. (https://www.electronjs.org/docs/latest/api/app#appquit)
 * - A destroyed window's or webContents' methods throw "Object has been destroyed".
 * - `app.exit(code)`: "Exits immediately with exitCode … before-quit and will-quit events will not be
 *   emitted."
 * - `webContents.send` before the page loaded: the message goes to the renderer's current document;
 *   with none yet (or the renderer's listener not registered yet, the studio registers it in a React
 *   effect after load) it is dropped, not queued. `did-finish-load`: "Emitted when the navigation is
 *   done, i.e. the spinner of the tab has stopped spinning, and the onload event was dispatched."
 * - `loadURL`: "Returns Promise<void> - the promise will resolve when the page has finished loading
 *   (see did-finish-load), and rejects if the page fails to load (see did-fail-load)." A load
 *   replaced by a newer one fails with ERR_ABORTED (-3).
 * - `render-process-gone` (webContents): "Emitted when the renderer process unexpectedly disappears.
 *   This is normally because it was crashed or killed." details: { reason, exitCode }. The page and
 *   its listeners are gone; the window stays, blank, until something loads a page again.
 * - `query-session-end` (BrowserWindow, Windows): "Emitted when a session is about to end due to a
 *   shutdown, machine restart, or user log-off. Calling event.preventDefault() can delay the system
 *   shutdown … you may choose to use it if ending the session puts the user at risk of losing data."
 *   before-quit and will-quit are not emitted for a session end.
 * - `app.relaunch(options)`: "Relaunches the app when current instance exits."
 */
import { EventEmitter } from 'node:events';
import type { ConfigState } from '../../shared/src/studio-contract.js';
import type {
  AppLike,
  DialogLike,
  EventLike,
  MessageBox,
  WebContentsLike,
  WindowLike,
} from '../src/lifecycle/electron-like.js';

export class FakeEvent implements EventLike {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** Emits `name` with a fresh event; true when a listener called preventDefault(). */
function emitPreventable(emitter: EventEmitter, name: string, ...args: unknown[]): boolean {
  const event = new FakeEvent();
  emitter.emit(name, event, ...args);
  return event.defaultPrevented;
}

const destroyed = (): never => {
  throw new TypeError('Object has been destroyed');
};

type Invoke = (channel: string, args: unknown, url: string) => Promise<unknown>;

/**
 * The studio page as the renderer runs it, reduced to what the lifecycle sees: on load it reads the
 * config (its first call); it answers `reportDraft` with its editor text; `save` saves that text; it
 * has a beforeunload handler while its text is unsaved.
 */
export class FakePage {
  text = '';
  savedText = '';
  /** Results or errors of the page's calls, in order. */
  readonly calls: { name: string; ok: boolean; value: unknown }[] = [];
  /** A hung page never answers. */
  answers = true;
  loaded: Promise<void>;
  /** The renderer listens for app.command only after it loaded (renderer/src/desktop-commands.ts). */
  listening = false;
  /** Messages that reached the page (not the dropped ones). */
  received = 0;

  constructor(
    readonly url: string,
    private readonly invoke: Invoke,
  ) {
    this.loaded = this.call('config.get', {}).then((result) => {
      const config = result as ConfigState | undefined;
      if (config) this.text = this.savedText = config.text;
    });
  }

  get dirty(): boolean {
    return this.text !== this.savedText;
  }

  type(text: string): void {
    this.text += text;
  }

  async call(name: string, args: unknown): Promise<unknown> {
    try {
      const value = await this.invoke(name, args, this.url);
      this.calls.push({ name, ok: true, value });
      return value;
    } catch (err) {
      this.calls.push({ name, ok: false, value: (err as Error).message });
      return undefined;
    }
  }

  async save(): Promise<unknown> {
    const text = this.text;
    const result = await this.call('config.save', { text });
    if (result) this.savedText = text;
    return result;
  }

  receive(_channel: string, name: string, payload: { command?: string; id?: number }): void {
    this.received++;
    if (name !== 'app.command') return;
    if (payload.command === 'save') void this.save();
    if (payload.command === 'reportDraft' && this.answers)
      void this.call('app.draft', { id: payload.id, dirty: this.dirty, text: this.text });
  }
}

export class FakeWebContents extends EventEmitter implements WebContentsLike {
  gone = false;
  page: FakePage | undefined;
  constructor(private readonly invoke: Invoke) {
    super();
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.gone) destroyed();
    const page = this.page;
    // No page yet, or one that does not listen yet: dropped, as Electron does.
    if (page?.listening) page.receive(channel, args[0] as string, args[1] as { command?: string });
  }

  isDestroyed(): boolean {
    return this.gone;
  }

  /** The page's beforeunload: true when the page may go (no unsaved edits, or the app overrode it). */
  unloadAllowed(): boolean {
    if (!this.page?.dirty) return true;
    return emitPreventable(this, 'will-prevent-unload');
  }

  navigate(url: string): FakePage {
    const page = new FakePage(url, this.invoke);
    this.page = page;
    void page.loaded.then(() => {
      if (this.page !== page || this.gone) return;
      this.emit('did-finish-load');
      // The React effect that registers the listener runs after the load event.
      setImmediate(() => {
        page.listening = this.page === page;
      });
    });
    return page;
  }

  /** The renderer process dies: its page (and what was typed in it) is gone, the window stays. */
  crash(reason = 'crashed', exitCode = 133): void {
    this.page = undefined;
    this.emit('render-process-gone', new FakeEvent(), { reason, exitCode });
  }
}

const aborted = (url: string): Error =>
  Object.assign(new Error(`ERR_ABORTED (-3) loading '${url}'`), { code: 'ERR_ABORTED', errno: -3, url });

export class FakeWindow extends EventEmitter implements WindowLike {
  title = 'Mockyard';
  gone = false;
  minimized = false;
  focused = 0;
  readonly webContents: FakeWebContents;
  readonly loads: string[] = [];

  constructor(invoke: Invoke) {
    super();
    this.webContents = new FakeWebContents(invoke);
  }

  get page(): FakePage | undefined {
    return this.webContents.page;
  }

  async loadURL(url: string): Promise<void> {
    if (this.gone) destroyed();
    if (!this.webContents.unloadAllowed()) throw aborted(url);
    this.loads.push(url);
    const page = this.webContents.navigate(url);
    // The page's <title> arrives once it loaded.
    if (!emitPreventable(this, 'page-title-updated', 'Mockyard')) this.title = 'Mockyard';
    await page.loaded;
    // Replaced by a newer load (or the renderer died) before this one finished.
    if (this.webContents.page !== page) throw aborted(url);
  }

  /** Windows is ending the session; true when the app held it (preventDefault). */
  querySessionEnd(reasons: string[] = ['logoff']): boolean {
    const event = Object.assign(new FakeEvent(), { reasons });
    this.emit('query-session-end', event);
    return event.defaultPrevented;
  }

  /** The View menu's Reload (or the old lifecycle's): unprevented beforeunload keeps the page. */
  reload(): void {
    const url = this.page?.url;
    if (url && this.webContents.unloadAllowed()) void this.loadURL(url);
  }

  setTitle(title: string): void {
    if (this.gone) destroyed();
    this.title = title;
  }

  isDestroyed(): boolean {
    return this.gone;
  }

  isMinimized(): boolean {
    if (this.gone) destroyed();
    return this.minimized;
  }

  restore(): void {
    this.minimized = false;
  }

  focus(): void {
    this.focused++;
  }

  /** Closing the window: its page's beforeunload may keep it open. True when it closed. */
  close(): boolean {
    if (this.gone) return true;
    if (!this.webContents.unloadAllowed()) return false;
    this.emit('close', new FakeEvent());
    this.gone = true;
    this.webContents.gone = true;
    this.emit('closed');
    return true;
  }
}

export class FakeApp extends EventEmitter implements AppLike {
  lock = true;
  exitCode: number | undefined;
  /** The command line of a relaunch asked for (it happens once this process exited). */
  relaunched: string[] | undefined;
  /** Set once `quit` was emitted: the process would end here. */
  ended = false;
  readonly windows: FakeWindow[] = [];
  readonly order: string[] = [];

  requestSingleInstanceLock(): boolean {
    return this.lock;
  }

  whenReady(): Promise<void> {
    return Promise.resolve();
  }

  exit(code = 0): void {
    this.exitCode = code;
    this.ended = true;
  }

  relaunch(options: { args?: string[] } = {}): void {
    this.relaunched = options.args ?? [];
  }

  quit(): void {
    this.order.push('before-quit');
    if (emitPreventable(this, 'before-quit')) return;
    for (const window of this.windows) if (!window.close()) return;
    this.order.push('will-quit');
    if (emitPreventable(this, 'will-quit')) return;
    this.order.push('quit');
    this.ended = true;
    this.emit('quit');
  }

  /** A second launch: Electron runs this in the first instance. */
  secondInstance(argv: string[], workingDirectory: string): void {
    emitPreventable(this, 'second-instance', argv, workingDirectory);
  }

  /** macOS: a file opened from Finder or the Dock. */
  openFile(path: string): boolean {
    return emitPreventable(this, 'open-file', path);
  }
}

/** Dialogs that answer from a script: each question takes the next answer (a button's label). */
export class FakeDialog implements DialogLike {
  readonly shown: MessageBox[] = [];
  answers: string[] = [];
  openPaths: string[] = [];
  savePaths: string[] = [];

  private answer(options: MessageBox): number {
    this.shown.push(options);
    if (options.buttons.length === 1) return 0;
    const label = this.answers.shift();
    if (label === undefined) throw new Error(`Unexpected question: ${options.message}`);
    const index = options.buttons.indexOf(label);
    if (index < 0) throw new Error(`No button '${label}' in ${options.buttons.join(', ')}`);
    return index;
  }

  async showMessageBox(options: MessageBox): Promise<{ response: number }> {
    return { response: this.answer(options) };
  }

  showMessageBoxSync(options: MessageBox): number {
    return this.answer(options);
  }

  async showOpenDialog(): Promise<{ canceled: boolean; filePaths: string[] }> {
    const path = this.openPaths.shift();
    return path ? { canceled: false, filePaths: [path] } : { canceled: true, filePaths: [] };
  }

  async showSaveDialog(): Promise<{ canceled: boolean; filePath?: string }> {
    const path = this.savePaths.shift();
    return path ? { canceled: false, filePath: path } : { canceled: true };
  }

  /** dialog.showErrorBox: modal, one button, usable before `ready`. */
  showErrorBox(title: string, content: string): void {
    this.shown.push({ type: 'error', buttons: ['OK'], message: title, detail: content });
  }

  /** The messages shown so far, for asserting on. */
  get messages(): string[] {
    return this.shown.map((m) => `${m.message} ${m.detail ?? ''}`.trim());
  }
}

/** Electron's `screen` with the displays connected now (work areas: the screen minus task bars). */
export class FakeScreen {
  constructor(readonly workAreas: { x: number; y: number; width: number; height: number }[]) {}
  getAllDisplays(): { workArea: { x: number; y: number; width: number; height: number } }[] {
    return this.workAreas.map((workArea) => ({ workArea }));
  }
}
