// The main process's own pieces that do not need Electron to run: permissions, where the window
// opens, the log file and the Help menu.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MenuItemConstructorOptions } from 'electron';
import { LogFile } from '../src/log-file.js';
import { type MenuActions, menuTemplate } from '../src/menu.js';
import { guardPermissions, type PermissionSession } from '../src/security.js';
import { restoredBounds, showWhenPainted } from '../src/window-bounds.js';
import { FakeScreen } from './fake-electron.js';

test('permission requests and checks are denied except the clipboard write the studio uses, from its own page', () => {
  let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | undefined;
  let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | undefined;
  guardPermissions({
    setPermissionRequestHandler: (h) => {
      request = h;
    },
    setPermissionCheckHandler: (h) => {
      check = h;
    },
  });
  assert.ok(request && check, 'both handlers are set (Electron grants everything without them)');
  const asked = (permission: string, url: string): boolean => {
    let granted: boolean | undefined;
    request?.({ getURL: () => url }, permission, (g) => (granted = g), { requestingUrl: url });
    assert.notEqual(granted, undefined, 'answered');
    return granted as boolean;
  };
  const app = 'mockyard://studio/index.html?session=1';
  for (const permission of [
    'media',
    'geolocation',
    'notifications',
    'midiSysex',
    'openExternal',
    'hid',
    'serial',
    'fullscreen',
    'display-capture',
    'clipboard-read',
  ])
    assert.equal(asked(permission, app), false, permission);
  assert.equal(asked('clipboard-sanitized-write', app), true);
  assert.equal(asked('clipboard-sanitized-write', 'https://example.com/'), false, 'only the app itself');
  assert.equal(check?.(null, 'media', 'mockyard://studio'), false);
  assert.equal(check?.(null, 'clipboard-sanitized-write', 'mockyard://studio'), true);
});

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1400 };

test('saved window bounds are used only on a display connected now, and fitted to it', () => {
  const both = new FakeScreen([laptop, monitor]);
  const onMonitor = { x: 2000, y: 100, width: 1800, height: 1000 };
  assert.deepEqual(restoredBounds(onMonitor, both), onMonitor);
  // The monitor was unplugged: the size stays (fitted to the laptop), the position goes (Electron centers).
  assert.deepEqual(restoredBounds(onMonitor, new FakeScreen([laptop])), { width: 1440, height: 875 });
  // Half off the bottom-right of the laptop: moved back inside it.
  assert.deepEqual(restoredBounds({ x: 1000, y: 600, width: 1280, height: 820 }, new FakeScreen([laptop])), {
    x: 160,
    y: 55,
    width: 1280,
    height: 820,
  });
  assert.deepEqual(restoredBounds(undefined, new FakeScreen([laptop])), { width: 1280, height: 820 });
});

test('a maximized window is maximized when its page painted, not before (no empty window flashes)', () => {
  const window = Object.assign(new EventEmitter(), { calls: [] as string[] });
  const target = {
    once: (event: 'ready-to-show', listener: () => void) => window.once(event, listener),
    maximize: () => window.calls.push('maximize'),
    show: () => window.calls.push('show'),
  };
  showWhenPainted(target, true);
  assert.deepEqual(window.calls, [], 'nothing shown before ready-to-show');
  window.emit('ready-to-show');
  assert.deepEqual(window.calls, ['maximize']);
  const plain = { ...target, calls: [] as string[] };
  const other = new EventEmitter();
  showWhenPainted(
    {
      once: (e, l) => other.once(e, l),
      maximize: () => plain.calls.push('maximize'),
      show: () => plain.calls.push('show'),
    },
    false,
  );
  other.emit('ready-to-show');
  assert.deepEqual(plain.calls, ['show']);
});

test('the log file rotates at its size limit and keeps a bounded number of old files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-log-'));
  try {
    const log = new LogFile(join(dir, 'logs'), 200, 2);
    log.write('startup failed:', new Error('EISDIR: settings.json.tmp'));
    assert.match(
      readFileSync(log.file, 'utf8'),
      /^\d{4}-\d\d-\d\dT[\d:.]+Z startup failed: Error: EISDIR: settings.json.tmp\n/,
    );
    for (let i = 0; i < 20; i++) log.write(`line ${i} ${'x'.repeat(40)}`);
    assert.ok(readFileSync(log.file).length <= 200);
    assert.ok(existsSync(`${log.file}.1`) && existsSync(`${log.file}.2`));
    assert.ok(!existsSync(`${log.file}.3`), 'no more than two old files');
    assert.match(readFileSync(log.file, 'utf8'), /line 19/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Help › Show Logs is in the menu and runs its action', () => {
  const called: string[] = [];
  const actions = new Proxy({} as MenuActions, { get: (_t, name: string) => () => called.push(name) });
  for (const isMac of [false, true]) {
    const help = menuTemplate(actions, [], isMac).find((m) => m.role === 'help');
    const item = (help?.submenu as MenuItemConstructorOptions[] | undefined)?.find((i) => i.label === 'Show Logs');
    assert.ok(item, 'Help › Show Logs');
    (item.click as () => void)();
  }
  assert.deepEqual(called, ['showLogs', 'showLogs']);
});
