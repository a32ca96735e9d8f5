import { configFromArgv } from './argv.js';
import type { AppLike, WindowLike } from './electron-like.js';
import type { DesktopWorkspace } from './workspace.js';

/** What main.ts sets up once this process is the app (not a second launch). */
export interface Desktop {
  workspace: DesktopWorkspace;
  /** The config opened last time, if any. */
  lastConfig(): string | undefined;
  /** The sample workspace's config (created on first use). */
  sample(): string;
  /** After `ready`: the protocol, the IPC handlers, the menu. */
  ready(): void;
  /** The app's window, not loaded yet. */
  createWindow(): WindowLike;
}

export interface Launch {
  app: AppLike;
  /** This process's command line and working directory. */
  argv: readonly string[];
  cwd: string;
  setup(): Desktop;
  /** Where errors nobody awaits go (main.ts: the console). */
  report?(message: string, err: unknown): void;
}

/**
 * The desktop app's life: one instance (a second launch hands its file to the first and exits at
 * once), the session opened before the window loads (so the page's first calls find it), files from
 * the OS (macOS `open-file`, a second launch), and a quit that waits for the server to stop and the
 * database to close. Resolves when the window has loaded, or at once for a second instance.
 */
export async function launchDesktop({ app, argv, cwd, setup, report = () => {} }: Launch): Promise<void> {
  // app.quit() would go on running this process's startup until the event loop turned.
  if (!app.requestSingleInstanceLock()) {
    app.exit(0);
    return;
  }
  const desktop = setup();
  const { workspace } = desktop;
  let pending = configFromArgv(argv, cwd);
  let window: WindowLike | undefined;

  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (!window) pending = path;
    else
      void workspace.switchTo(path).then(
        () => workspace.focus(),
        (err) => report('open-file', err),
      );
  });
  app.on('second-instance', (_event, secondArgv, workingDirectory) => {
    workspace.focus();
    const file = configFromArgv(secondArgv, workingDirectory);
    if (file) void workspace.switchTo(file).catch((err) => report('second-instance', err));
  });
  app.on('window-all-closed', () => app.quit());
  // will-quit comes after every window closed (before-quit, closing the windows, will-quit): hold
  // the quit until the server stopped and the database closed, then quit again.
  let shuttingDown = false;
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    if (shuttingDown) return;
    shuttingDown = true;
    void workspace
      .shutdown()
      .catch((err) => report('closing the config', err))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });

  await app.whenReady();
  desktop.ready();
  const candidates = [pending, desktop.lastConfig()].filter((c): c is string => Boolean(c));
  let opened = false;
  for (const config of candidates) {
    opened = await workspace.serial(() => workspace.switchNow(config, { asked: true }));
    if (opened) break;
  }
  if (!opened) opened = await workspace.serial(() => workspace.switchNow(desktop.sample(), { asked: true }));
  window = desktop.createWindow();
  workspace.attach(window);
  await window.loadURL(workspace.pageUrl);
}
