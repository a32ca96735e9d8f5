import { readErrorReason } from '../../../engine/src/index.js';
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
  /** Where errors nobody awaits go (main.ts: the log file). */
  report?(message: string, err: unknown): void;
  /** Electron's dialog.showErrorBox (usable before `ready`): how a failed start is told. */
  showErrorBox(title: string, content: string): void;
}

/** What a failed start says: the cause, and the file when the cause is one (fs errors carry `path`). */
export function startFailure(err: unknown): string {
  const path = (err as NodeJS.ErrnoException | undefined)?.path;
  const reason = readErrorReason(err);
  return path ? `${path}: ${reason}.` : `${reason}.`;
}

/**
 * The desktop app's life: one instance (a second launch hands its file to the first and exits at
 * once), the session opened before the window loads (so the page's first calls find it), files from
 * the OS (macOS `open-file`, a second launch), and a quit that waits for the server to stop and the
 * database to close. Resolves when the window has loaded, or at once for a second instance.
 */
export async function launchDesktop({ app, argv, cwd, setup, report = () => {}, showErrorBox }: Launch): Promise<void> {
  // app.quit() would go on running this process's startup until the event loop turned.
  if (!app.requestSingleInstanceLock()) {
    app.exit(0);
    return;
  }
  let workspace: DesktopWorkspace | undefined;
  try {
    const desktop = setup();
    workspace = desktop.workspace;
    await start(desktop, { app, argv, cwd, report });
  } catch (err) {
    // Without a window, window-all-closed never comes: the process would keep the single-instance
    // lock (every later launch handing its file to it) and the mock serving. Say why, and end.
    report('startup', err);
    showErrorBox('Mockyard could not start', startFailure(err));
    await workspace?.shutdown().catch((closing) => report('closing the config', closing));
    app.exit(1);
  }
}

async function start(
  desktop: Desktop,
  { app, argv, cwd, report }: Required<Pick<Launch, 'app' | 'argv' | 'cwd' | 'report'>>,
): Promise<void> {
  const { workspace } = desktop;
  let pending = configFromArgv(argv, cwd);
  /** Set once the startup's choice of file is made: later files switch like any other. */
  let started = false;

  const openLater = (path: string, what: string): void =>
    void workspace.switchTo(path).then(
      () => workspace.focus(),
      (err) => report(what, err),
    );
  app.on('open-file', (event, path) => {
    event.preventDefault();
    // Before the startup chose its file, this is the file to start with; after, it queues behind
    // the startup's switch (switches run one at a time) instead of being dropped.
    if (!started) pending = path;
    else openLater(path, 'open-file');
  });
  // will-quit comes after every window closed (before-quit, closing the windows, will-quit): hold
  // the quit until the server stopped and the database closed, then quit again.
  let shuttingDown = false;
  let closed = false;
  app.on('second-instance', (_event, secondArgv, workingDirectory) => {
    const file = configFromArgv(secondArgv, workingDirectory);
    if (shuttingDown) {
      // This process is on its way out (no window any more): start again once it has exited.
      const own = argv.slice(1).filter((arg) => configFromArgv(['', arg], cwd) === undefined);
      app.relaunch({ args: file ? [...own, file] : own });
      return;
    }
    workspace.focus();
    if (file) openLater(file, 'second-instance');
  });
  app.on('window-all-closed', () => app.quit());
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
  await workspace.serial(async () => {
    started = true;
    const candidates = [pending, desktop.lastConfig()].filter((c): c is string => Boolean(c));
    for (const config of candidates) if (await workspace.switchNow(config, { asked: true })) return;
    await workspace.switchNow(desktop.sample(), { asked: true });
  });
  workspace.attach(desktop.createWindow());
  await workspace.load();
  await workspace.recovery.offer((copy) => workspace.switchTo(copy));
}
