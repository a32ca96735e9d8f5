import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { menuTemplate } from '../src/menu.js';
import { config, startDesktop, waitFor } from './desktop-harness.js';

const EXE = '/opt/Mockyard/mockyard';

test('a start that fails says why and which file, closes what it opened and exits: no hidden process keeps the lock', async () => {
  // settings.json is a folder: the first write of the desktop state (EISDIR) fails mid-startup.
  const d = startDesktop({
    argv: [EXE, 'a.yaml'],
    files: { 'a.yaml': config('a.yaml') },
    userData: () => ({ 'settings.json': '<folder>' }),
  });
  try {
    await d.launched;
    assert.equal(d.app.exitCode, 1, 'the process exits (and with it the single-instance lock)');
    assert.deepEqual(d.dialog.messages, [
      `Mockyard could not start ${join(d.dir, 'user-data', 'settings.json')}: it is a folder, not a file.`,
    ]);
    assert.equal(d.workspace.current, undefined, 'the session it had opened is closed: no mock left serving');
    assert.equal(d.app.windows.length, 0);
  } finally {
    await d.close();
  }
});

test('a ready() that throws ends the start the same way', async () => {
  const d = startDesktop({ readyThrows: new Error('Could not register the mockyard: protocol') });
  try {
    await d.launched;
    assert.equal(d.app.exitCode, 1);
    assert.deepEqual(d.dialog.messages, ['Mockyard could not start Could not register the mockyard: protocol.']);
  } finally {
    await d.close();
  }
});

test('a damaged settings.json ("recent": null) starts with defaults for the bad fields and keeps a copy of the file', async () => {
  const bad = '{ "recent": null, "lastConfig": 7, "window": { "width": "wide" } }';
  const d = startDesktop({ userData: () => ({ 'settings.json': bad }) });
  try {
    await d.launched;
    assert.equal(d.app.exitCode, undefined, 'the app runs');
    assert.deepEqual(d.state.problems, [
      'lastConfig is not a path',
      'recent is not a list of paths',
      'window is not a size and position',
    ]);
    assert.equal(readFileSync(join(d.dir, 'user-data', 'settings.json.bad'), 'utf8'), bad);
    assert.match(d.workspace.current?.configPath ?? '', /blog\.mockyard\.yaml$/, 'the sample opened');
    // The menu is built from Open Recent at every start (it threw on null).
    const noop = () => {};
    const actions = new Proxy({}, { get: () => noop }) as Parameters<typeof menuTemplate>[0];
    assert.ok(menuTemplate(actions, d.state.get().recent, false).length > 0);
  } finally {
    await d.close();
  }
});

test('a file the OS opens after ready, while the last config is still opening, is opened next (not dropped)', async () => {
  let sent = false;
  const d = startDesktop({
    argv: [EXE, 'a.yaml'],
    files: { 'a.yaml': config('a.yaml'), 'b.yaml': config('b.yaml') },
    onSession: (path, desktop) => {
      // macOS open-file, arriving while the startup opens a.yaml (whenReady has resolved).
      if (path.endsWith('a.yaml') && !sent) {
        sent = true;
        assert.equal(desktop.app.openFile(join(desktop.dir, 'b.yaml')), true);
      }
    },
  });
  try {
    await d.launched;
    assert.ok(sent);
    await waitFor(() => d.workspace.current?.configPath === join(d.dir, 'b.yaml'), 'b.yaml to open');
    await d.workspace.serial(async () => {});
    await waitFor(() => d.page().text === config('b.yaml'), 'the page for b.yaml');
    assert.deepEqual(d.dialog.messages, [], 'nothing to ask: the page had no edits');
  } finally {
    await d.close();
  }
});

test('a second launch with a file while the page is still loading switches without a false warning or a stall', async () => {
  let asked = 0;
  const d = startDesktop({
    argv: [EXE, 'a.yaml'],
    files: { 'a.yaml': config('a.yaml'), 'b.yaml': config('b.yaml') },
    draftTimeoutMs: 2000,
    onWindow: (window, desktop) =>
      // The page's title is set as soon as its load starts: the page is not listening yet.
      window.once('page-title-updated', () => {
        asked = Date.now();
        desktop.app.secondInstance([EXE, 'b.yaml'], desktop.dir);
      }),
  });
  try {
    await d.launched;
    await waitFor(() => d.workspace.current?.configPath === join(d.dir, 'b.yaml'), 'b.yaml to open');
    await d.workspace.serial(async () => {});
    const took = Date.now() - asked;
    assert.deepEqual(d.dialog.messages, [], 'no "The window did not answer" warning');
    assert.ok(took < 2000, `switched in ${took} ms, before the 2000 ms draft timeout`);
    await waitFor(() => d.page().text === config('b.yaml'), 'the page for b.yaml');
    assert.equal(d.app.exitCode, undefined, 'the superseded first load (ERR_ABORTED) is not a failed start');
  } finally {
    await d.close();
  }
});

test('messages sent before the page loaded are dropped, as Electron does (the fake hides nothing)', async () => {
  const d = startDesktop({ argv: [EXE, 'a.yaml'], files: { 'a.yaml': config('a.yaml') } });
  try {
    await d.launched;
    const window = d.window();
    const loading = window.loadURL(d.workspace.pageUrl);
    const page = d.page();
    window.webContents.send('mockyard:event', 'app.command', { command: 'save' });
    assert.equal(page.received, 0);
    // A newer load replaces it: the first rejects with ERR_ABORTED.
    const newer = window.loadURL(d.workspace.pageUrl);
    await assert.rejects(loading, { code: 'ERR_ABORTED' });
    await newer;
    await waitFor(() => d.page().listening, 'the new page to listen');
    window.webContents.send('mockyard:event', 'server.status', {});
    assert.equal(d.page().received, 1);
    assert.ok(!existsSync(join(d.dir, 'user-data', 'settings.json.bad')));
  } finally {
    await d.close();
  }
});
