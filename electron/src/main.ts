/**
 * The desktop app's main process: hosts one StudioSession (the engine serving the open config) and
 * serves the studio contract to the window over IPC. Everything else lives in engine/ and renderer/.
 */
import { readFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, shell } from 'electron';
import { EVENT_CHANNEL, type StudioHandlers } from '../../shared/src/studio-contract.js';
import { fromPackage } from '../../engine/src/index.js';
import {
  AppSettingsFile,
  createStudioHandlers,
  ensureSampleWorkspace,
  StudioSession,
  safePath,
} from '../../engine/src/studio-entry.js';
import { DesktopStateFile } from './desktop-state.js';
import { forwardStudioEvents, registerStudioIpc } from './ipc.js';
import { menuTemplate } from './menu.js';
import { APP_ORIGIN, APP_SCHEME, CONTENT_SECURITY_POLICY, guardContents, secureWindowOptions } from './security.js';

const rendererDir = fromPackage('dist', 'renderer');
// The bundled preload: a sandboxed preload is one script that can require only 'electron'.
const preload = fromPackage('dist', 'electron-preload', 'preload.cjs');
const NEW_CONFIG =
  'schemas:\n  Item:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: Item\n';

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) app.quit();

const settings = new DesktopStateFile(app.getPath('userData'));
const preferences = new AppSettingsFile(app.getPath('userData'));
let window: BrowserWindow | undefined;
let session: StudioSession | undefined;
let handlers: StudioHandlers | undefined;
let stopForwarding: (() => void) | undefined;

/** Handlers that always reach the session currently open, so opening another file needs no re-registration. */
const current = new Proxy({} as StudioHandlers, {
  get: (_t, name: keyof StudioHandlers) => (args: never) => {
    if (!handlers) throw new Error('No config is open.');
    return (handlers[name] as (a: never) => Promise<unknown>)(args);
  },
});

async function openConfig(configPath: string): Promise<void> {
  stopForwarding?.();
  await session?.close();
  const prefs = preferences.get();
  session = new StudioSession({
    configPath,
    defaultPort: prefs.defaultPort,
    autoApply: prefs.autoApply,
    log: prefs.log,
  });
  handlers = createStudioHandlers(session, { settings: preferences, open: (path) => openConfig(resolve(path)) });
  const s = session;
  stopForwarding = forwardStudioEvents(
    (event, listener) => s.on(event, listener),
    (channel, name, payload) => window?.webContents.send(channel, name, payload),
  );
  await session.open();
  settings.opened(configPath);
  buildMenu();
  window?.setTitle(`Mockyard — ${configPath}`);
  window?.webContents.reload();
}

function buildMenu(): void {
  const command = (c: 'save' | 'choosePort') => window?.webContents.send(EVENT_CHANNEL, 'app.command', { command: c });
  const template = menuTemplate(
    {
      newConfig: () => void newConfig(),
      open: () => void chooseAndOpen(),
      openRecent: (path) => void openConfig(path),
      save: () => command('save'),
      saveAs: () => void saveAs(),
      revealDatabase: () => {
        const db = session?.engine.model?.server.database;
        if (db && db !== ':memory:') shell.showItemInFolder(db);
      },
      startServer: () => void session?.startServer(),
      stopServer: () => void session?.stopServer(),
      restartServer: () => void session?.stopServer().then(() => session?.startServer()),
      choosePort: () => command('choosePort'),
    },
    settings.get().recent,
    process.platform === 'darwin',
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function chooseAndOpen(): Promise<void> {
  const result = await dialog.showOpenDialog({
    properties: ['openFile'],
    filters: [{ name: 'Mockyard config', extensions: ['yaml', 'yml'] }],
  });
  const file = result.filePaths[0];
  if (file) await openConfig(file);
}

async function newConfig(): Promise<void> {
  const result = await dialog.showSaveDialog({
    defaultPath: 'api.mockyard.yaml',
    filters: [{ name: 'Mockyard config', extensions: ['yaml'] }],
  });
  if (!result.filePath) return;
  writeFileSync(result.filePath, NEW_CONFIG);
  await openConfig(result.filePath);
}

async function saveAs(): Promise<void> {
  if (!session) return;
  const result = await dialog.showSaveDialog({
    defaultPath: session.configPath,
    filters: [{ name: 'Mockyard config', extensions: ['yaml'] }],
  });
  if (!result.filePath) return;
  writeFileSync(result.filePath, session.text);
  await openConfig(result.filePath);
}

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

async function createWindow(): Promise<void> {
  const saved = settings.get().window;
  window = new BrowserWindow(secureWindowOptions(preload, saved ?? { width: 1280, height: 820 }));
  if (saved?.maximized) window.maximize();
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window as BrowserWindow, {
      type: 'question',
      buttons: ['Discard changes', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'The config has unsaved changes.',
      detail: 'Close anyway and lose them?',
    });
    if (choice === 0) event.preventDefault();
  });
  window.on('close', () => {
    if (!window) return;
    settings.update({ window: { ...window.getNormalBounds(), maximized: window.isMaximized() } });
  });
  window.once('ready-to-show', () => window?.show());
  await window.loadURL(`${APP_ORIGIN}/index.html`);
}

// macOS: a double-clicked *.mockyard.yaml (file association) arrives as open-file.
let pendingOpen: string | undefined;
app.on('open-file', (event, path) => {
  event.preventDefault();
  if (app.isReady() && window) void openConfig(path);
  else pendingOpen = path;
});

app.on('second-instance', (_event, argv) => {
  const file = argv.slice(1).find((a) => /\.ya?ml$/i.test(a));
  if (file) void openConfig(resolve(file));
  if (window?.isMinimized()) window.restore();
  window?.focus();
});

// Every web contents, not only the main window's, gets the same guards.
app.on('web-contents-created', (_event, contents) => guardContents(contents, (url) => void shell.openExternal(url)));
app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => void session?.close());

void app.whenReady().then(async () => {
  serveRenderer();
  registerStudioIpc(ipcMain, current);
  const fromArgs = pendingOpen ?? process.argv.slice(1).find((a) => /\.ya?ml$/i.test(a));
  const last = settings.get().lastConfig;
  const exists = async (p: string | undefined) =>
    p
      ? readFile(p).then(
          () => true,
          () => false,
        )
      : false;
  const config =
    fromArgs && (await exists(fromArgs))
      ? resolve(fromArgs)
      : (await exists(last))
        ? (last as string)
        : ensureSampleWorkspace(app.getPath('userData'));
  await createWindow();
  await openConfig(config);
});
