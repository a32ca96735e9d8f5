import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallOutcome } from '../../shared/src/studio-contract.js';
import { settleOutcome } from '../../shared/src/studio-error.js';
import { AppSettingsFile, ensureSampleWorkspace, StudioSession } from '../../engine/src/studio-entry.js';
import { DesktopStateFile } from '../src/desktop-state.js';
import { registerStudioIpc } from '../src/ipc.js';
import { launchDesktop } from '../src/lifecycle/launch.js';
import { DesktopWorkspace } from '../src/lifecycle/workspace.js';
import { FakeApp, FakeDialog, type FakePage, FakeWindow } from './fake-electron.js';
import { electronIpc } from './fake-ipc.js';

export const config = (name: string): string =>
  `# ${name}\nschemas:\n  User:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: User\n`;

export interface Desktop {
  dir: string;
  app: FakeApp;
  dialog: FakeDialog;
  workspace: DesktopWorkspace;
  state: DesktopStateFile;
  /** Resolves when the window loaded (or at once for a second instance). */
  launched: Promise<void>;
  window(): FakeWindow;
  page(): FakePage;
  /** Writes a config into the temp dir; returns its path. */
  file(name: string, text?: string): string;
  /** Quits (if not ended) and removes the temp dir. */
  close(): Promise<void>;
}

/**
 * The desktop app's main process as main.ts wires it, with the fake Electron and the real engine:
 * real sessions on real files in a temp dir, mocks on free ports, the IPC transport and its refusals.
 * `setup` counts how often the app set itself up (a second instance must not).
 */
export function startDesktop(
  options: {
    argv?: string[];
    cwd?: string;
    lock?: boolean;
    draftTimeoutMs?: number;
    files?: Record<string, string>;
    /** Runs as a session is created for `path` (the startup's too): a moment inside a switch. */
    onSession?: (path: string, d: Desktop) => void;
    /** What `ready()` throws, if anything. */
    readyThrows?: Error;
    /** Written into the data folder before the app reads it ('<folder>': a folder); given the temp dir. */
    userData?: (dir: string) => Record<string, string>;
    /** Runs as the window is created, before the lifecycle attaches to it. */
    onWindow?: (window: FakeWindow, d: Desktop) => void;
    caseInsensitivePaths?: boolean;
  } = {},
): Desktop & { setups: number } {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-desktop-'));
  const userData = join(dir, 'user-data');
  mkdirSync(userData);
  const file = (name: string, text = config(name)): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  for (const [name, text] of Object.entries(options.files ?? {})) file(name, text);
  for (const [name, text] of Object.entries(options.userData?.(dir) ?? {})) {
    if (text === '<folder>') mkdirSync(join(userData, name));
    else writeFileSync(join(userData, name), text);
  }
  const app = new FakeApp();
  app.lock = options.lock ?? true;
  const dialog = new FakeDialog();
  const { ipcMain, invoke } = electronIpc();
  const pageInvoke = (name: string, args: unknown, url: string) =>
    settleOutcome(invoke(name, args, url) as Promise<CallOutcome<unknown>>);
  const state = new DesktopStateFile(userData, options.caseInsensitivePaths ?? false);
  const workspace = new DesktopWorkspace({
    dialog,
    state,
    preferences: new AppSettingsFile(userData),
    createSession: (configPath) => {
      options.onSession?.(configPath, result);
      return new StudioSession({ configPath, port: 0, watch: false });
    },
    draftTimeoutMs: options.draftTimeoutMs ?? 5000,
    caseInsensitivePaths: options.caseInsensitivePaths ?? false,
    quit: () => app.quit(),
  });
  let window: FakeWindow | undefined;
  const result: Desktop & { setups: number } = {
    dir,
    app,
    dialog,
    workspace,
    state,
    setups: 0,
    file,
    window: () => {
      if (!window) throw new Error('no window yet');
      return window;
    },
    page: () => {
      const page = window?.page;
      if (!page) throw new Error('no page yet');
      return page;
    },
    launched: Promise.resolve(),
    close: async () => {
      try {
        // Unsaved edits left by a test are discarded (quitting asks about them).
        if (window?.page?.dirty && !window.isDestroyed()) dialog.answers.push('Discard Changes');
        if (!app.ended) app.quit();
        await waitFor(() => app.ended, 'the app to end');
      } finally {
        // Whatever happened, no server or database outlives the test.
        await workspace.shutdown();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  result.launched = launchDesktop({
    app,
    argv: options.argv ?? ['/opt/Mockyard/mockyard'],
    cwd: options.cwd ?? dir,
    showErrorBox: (title, content) => dialog.showErrorBox(title, content),
    setup: () => {
      result.setups++;
      return {
        workspace,
        lastConfig: () => state.get().lastConfig,
        sample: () => ensureSampleWorkspace(userData),
        ready: () => {
          registerStudioIpc(ipcMain, workspace.calls, (url) => workspace.acceptsPage(url));
          if (options.readyThrows) throw options.readyThrows;
        },
        createWindow: () => {
          window = new FakeWindow(pageInvoke);
          app.windows.push(window);
          options.onWindow?.(window, result);
          return window;
        },
      };
    },
  });
  return result;
}

/** Polls `check` until it holds (at most `ms`). */
export async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
