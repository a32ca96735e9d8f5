import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { configFromArgv } from '../src/lifecycle/argv.js';
import { config, startDesktop, waitFor } from './desktop-harness.js';

test('startup opens the config before the window loads: the first call finds it, and the title names the file', async () => {
  const d = startDesktop({
    argv: ['/opt/Mockyard/mockyard', 'shop.yaml'],
    files: { 'shop.yaml': config('shop.yaml') },
  });
  try {
    await d.launched;
    const first = d.page().calls[0];
    assert.deepEqual([first?.name, first?.ok], ['config.get', true], `first call: ${String(first?.value)}`);
    assert.equal(d.window().loads.length, 1, 'loaded once, not loaded then reloaded');
    assert.equal(d.page().text, config('shop.yaml'));
    assert.equal(d.window().title, 'shop.yaml — Mockyard');
    assert.deepEqual(d.state.get().recent, [join(d.dir, 'shop.yaml')]);
    assert.deepEqual(d.dialog.shown, []);
  } finally {
    await d.close();
  }
});

test('a second launch exits at once, before setting anything up; the first opens its file', async () => {
  const second = startDesktop({ lock: false, argv: ['/opt/Mockyard/mockyard', 'x.yaml'] });
  await second.launched;
  assert.equal(second.app.exitCode, 0);
  assert.equal(second.setups, 0);
  assert.equal(second.app.windows.length, 0);
  await second.close();

  // The first instance hears of it: a relative path is the second instance's, resolved against the
  // working directory Electron passes, not the first instance's.
  const d = startDesktop({ argv: ['/opt/Mockyard/mockyard', 'a.yaml'], files: { 'a.yaml': config('a.yaml') } });
  try {
    await d.launched;
    mkdirSync(join(d.dir, 'elsewhere'));
    d.file('b.yaml', config('first instance folder'));
    d.file('elsewhere/b.yaml', config('elsewhere/b.yaml'));
    d.window().minimized = true;
    d.app.secondInstance(['/opt/Mockyard/mockyard', '--some-switch', 'b.yaml'], join(d.dir, 'elsewhere'));
    await waitFor(() => d.workspace.current?.configPath === join(d.dir, 'elsewhere', 'b.yaml'), 'the switch');
    await d.workspace.serial(async () => {});
    assert.equal(d.page().text, config('elsewhere/b.yaml'));
    assert.equal(d.window().minimized, false);
    assert.ok(d.window().focused > 0);
  } finally {
    await d.close();
  }
});

test('Linux hands files over as file:// URIs; .mockyard is a config; switches and executables are not', () => {
  const file = '/home/ada/My mocks/#1 shop.mockyard';
  assert.equal(configFromArgv(['/opt/Mockyard/mockyard', pathToFileURL(file).href], '/tmp'), file);
  assert.equal(configFromArgv(['mockyard', 'api.YML'], '/work'), '/work/api.YML');
  assert.equal(configFromArgv(['mockyard', '--no-sandbox', '.', 'notes.txt'], '/work'), undefined);
  assert.equal(configFromArgv(['/usr/bin/electron', '/app', 'a.mockyard.yaml'], '/w'), '/w/a.mockyard.yaml');
});

test('a file the OS opens before the app is ready (macOS open-file) is the one opened at startup', async () => {
  const d = startDesktop({ files: { 'a.yaml': config('a.yaml'), 'finder.mockyard': config('finder.mockyard') } });
  try {
    assert.equal(d.app.openFile(join(d.dir, 'finder.mockyard')), true, 'the event is handled (preventDefault)');
    await d.launched;
    assert.equal(d.workspace.current?.configPath, join(d.dir, 'finder.mockyard'));
    assert.equal(d.window().loads.length, 1);
  } finally {
    await d.close();
  }
});

test('a last config that is gone falls back to the sample workspace, and says so', async () => {
  const d = startDesktop();
  const gone = join(d.dir, 'gone.yaml');
  writeFileSync(join(d.dir, 'user-data', 'settings.json'), JSON.stringify({ lastConfig: gone, recent: [gone] }));
  // The state file was read when the harness started; read it again as a fresh launch would.
  d.state.opened(gone);
  try {
    await d.launched;
    assert.match(d.workspace.current?.configPath ?? '', /sample[/\\]blog\.mockyard\.yaml$/);
    assert.deepEqual(d.dialog.messages, [
      `Could not open gone.yaml. ${gone}: no such file. It was removed from Open Recent.`,
    ]);
    assert.ok(!d.state.get().recent.includes(gone));
    assert.equal(d.page().calls[0]?.ok, true);
  } finally {
    await d.close();
  }
});
