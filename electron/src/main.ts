/**
 * The desktop app's main process: Electron's objects wired to the lifecycle in lifecycle/ (which is
 * tested with a fake Electron) and to the studio contract over IPC. Everything else lives in
 * engine/ and renderer/.
 */
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, screen, session, shell } from 'electron';
import { fromPackage } from '../../engine/src/index.js';
import { AppSettingsFile, ensureSampleWorkspace, StudioSession, safePath } from '../../engine/src/studio-entry.js';
import { DesktopStateFile } from './desktop-state.js';
import { registerStudioIpc } from './ipc.js';
import type { DialogLike } from './lifecycle/electron-like.js';
import { newConfig, openWithDialog, saveAs } from './lifecycle/file-commands.js';
import { launchDesktop } from './lifecycle/launch.js';
import { DesktopWorkspace } from './lifecycle/workspace.js';
import { LogFile } from './log-file.js';
import { menuTemplate } from './menu.js';
import {
  APP_ORIGIN,
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  guardContents,
  guardPermissions,
  secureWindowOptions,
} from './security.js';
import { restoredBounds, showWhenPainted } from './window-bounds.js';

const rendererDir = fromPackage('dist', 'renderer');
// The bundled preload: a sandboxed preload is one script that can require only 'electron'.
const preload = fromPackage('dist', 'electron-preload', 'preload.cjs');

// Before `ready`, as Electron requires; harmless in a second instance that exits at once.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let window: BrowserWindow | undefined;

// A packaged app has no console: what fails outside a dialog goes to <data folder>/logs/main.log
// (Help › Show Logs), and to the console too when there is one (`npm start`).
const log = new LogFile(join(app.getPath('userData'), 'logs'));
const report = (what: string, err: unknown): void => {
  log.write(`${what} failed:`, err);
  console.error(`Mockyard: ${what} failed:`, err);
};
// Electron only prints an unhandled rejection; keep it where it can be found.
process.on('unhandledRejection', (reason) => report('a background task', reason));

/** Electron's dialogs, modal to the window while it is open. */
const dialogs: DialogLike = {
  showMessageBox: (options) =>
    window && !window.isDestroyed() ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options),
  showMessageBoxSync: (options) =>
    window && !window.isDestroyed() ? dialog.showMessageBoxSync(window, options) : dialog.showMessageBoxSync(options),
  showOpenDialog: (options) =>
    window && !window.isDestroyed() ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options),
  showSaveDialog: (options) =>
    window && !window.isDestroyed() ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options),
};

/** Serves the renderer build on mockyard://studio/, with the CSP, refusing paths outside it. */
function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const file = safePath(rendererDir, pathname === '/' ? '/index.html' : pathname);
    if (!file) return new Response('Not found', { status: 404 });
    // A file URL made by hand would read `#` or `%` in the install path as URL syntax.
    const response = await net.fetch(pathToFileURL(file).href).catch(() => new Response('Not found', { status: 404 }));
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (extname(file) === '.js') headers.set('Content-Type', 'text/javascript');
    return new Response(response.body, { status: response.status, headers });
  });
}

launchDesktop({
  app,
  argv: process.argv,
  cwd: process.cwd(),
  report,
  showErrorBox: (title, content) => dialog.showErrorBox(title, content),
  setup: () => {
    const userData = app.getPath('userData');
    const state = new DesktopStateFile(userData);
    if (state.problems.length)
      report('reading settings.json', `${state.problems.join('; ')}; started without those (copy: settings.json.bad)`);
    const preferences = new AppSettingsFile(userData);
    const workspace: DesktopWorkspace = new DesktopWorkspace({
      dialog: dialogs,
      state,
      preferences,
      quit: () => app.quit(),
      createSession: (configPath) => {
        const prefs = preferences.get();
        const session = new StudioSession({
          configPath,
          defaultPort: prefs.defaultPort,
          autoApply: prefs.autoApply,
          log: prefs.log,
        });
        // Try it opens SSE endpoints with EventSource from the app's own origin.
        session.engine.allowStudioOrigin(APP_ORIGIN);
        return session;
      },
      changed: () => buildMenu(),
    });

    function buildMenu(): void {
      const session = () => workspace.current;
      const template = menuTemplate(
        {
          newConfig: () => void newConfig(workspace, dialogs),
          open: () => void openWithDialog(workspace, dialogs),
          openRecent: (path) => void workspace.switchTo(path),
          save: () => void workspace.command({ command: 'save' }),
          saveAs: () => void saveAs(workspace, dialogs),
          revealDatabase: () => {
            const db = session()?.engine.model?.server.database;
            if (db && db !== ':memory:') shell.showItemInFolder(db);
          },
          startServer: () => void session()?.startServer(),
          stopServer: () => void session()?.stopServer(),
          restartServer: () =>
            void session()
              ?.stopServer()
              .then(() => session()?.startServer()),
          choosePort: () => void workspace.command({ command: 'choosePort' }),
          importOpenApi: () => void workspace.command({ command: 'importOpenApi' }),
          exportOpenApi: () => void workspace.command({ command: 'exportOpenApi' }),
          showLogs: () =>
            void shell.openPath(log.folder).then((error) => {
              if (error) report('Show Logs', error);
            }),
        },
        state.get().recent,
        process.platform === 'darwin',
      );
      Menu.setApplicationMenu(Menu.buildFromTemplate(template));
    }

    return {
      workspace,
      lastConfig: () => state.get().lastConfig,
      sample: () => ensureSampleWorkspace(userData),
      ready: () => {
        serveRenderer();
        guardPermissions(session.defaultSession);
        registerStudioIpc(ipcMain, workspace.calls, (url) => workspace.acceptsPage(url));
        // Every web contents, not only the main window's, gets the same guards.
        app.on('web-contents-created', (_event, contents) =>
          guardContents(contents, (url) => void shell.openExternal(url)),
        );
        buildMenu();
      },
      createWindow: () => {
        const saved = state.get().window;
        const created = new BrowserWindow(secureWindowOptions(preload, restoredBounds(saved, screen)));
        window = created;
        created.on('close', () => {
          state.update({ window: { ...created.getNormalBounds(), maximized: created.isMaximized() } });
        });
        showWhenPainted(created, saved?.maximized === true);
        return created;
      },
    };
  },
}).catch((err) => {
  // launchDesktop handles its own failures; this is the last resort, so the process never lingers.
  report('startup', err);
  app.exit(1);
});
