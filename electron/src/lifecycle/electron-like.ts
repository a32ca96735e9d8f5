/**
 * The parts of Electron's `app`, `dialog`, `BrowserWindow` and `webContents` the desktop lifecycle
 * uses, so it runs against the real objects in main.ts and against a fake in the tests (the Electron
 * binary cannot run where the tests run). Each behaviour the lifecycle relies on is cited in the
 * fake (electron/tests/fake-electron.ts) from Electron's documentation.
 */

/** An Electron event: `preventDefault()` changes what Electron does next. */
export interface EventLike {
  preventDefault(): void;
}

export interface AppLike {
  on(event: 'before-quit' | 'will-quit', listener: (event: EventLike) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'open-file', listener: (event: EventLike, path: string) => void): unknown;
  on(event: 'second-instance', listener: (event: EventLike, argv: string[], workingDirectory: string) => void): unknown;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<unknown>;
  quit(): void;
  exit(code?: number): void;
  /** Starts the app again once this process has exited (`args`: the new command line after the executable). */
  relaunch(options?: { args?: string[] }): void;
}

/** Why a page's renderer process went away (Electron's RenderProcessGoneDetails). */
export interface RenderProcessGone {
  reason: string;
  exitCode: number;
}

export interface WebContentsLike {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  on(event: 'will-prevent-unload', listener: (event: EventLike) => void): unknown;
  on(event: 'did-finish-load', listener: () => void): unknown;
  on(event: 'render-process-gone', listener: (event: EventLike, details: RenderProcessGone) => void): unknown;
}

export interface WindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<unknown>;
  setTitle(title: string): void;
  on(event: 'page-title-updated', listener: (event: EventLike, title: string) => void): unknown;
  /** Windows: logoff, shutdown or restart; `before-quit` and `will-quit` are not emitted then. */
  on(event: 'query-session-end', listener: (event: EventLike) => void): unknown;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
}

export interface MessageBox {
  type?: 'none' | 'info' | 'error' | 'question' | 'warning';
  buttons: string[];
  defaultId?: number;
  cancelId?: number;
  message: string;
  detail?: string;
}

export interface FileFilter {
  name: string;
  extensions: string[];
}

/** Electron's `dialog`, always modal to the app's window (main.ts passes it). */
export interface DialogLike {
  showMessageBox(options: MessageBox): Promise<{ response: number }>;
  showMessageBoxSync(options: MessageBox): number;
  showOpenDialog(options: {
    properties: 'openFile'[];
    filters: FileFilter[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: { defaultPath: string; filters: FileFilter[] }): Promise<{
    canceled: boolean;
    filePath?: string;
  }>;
}
