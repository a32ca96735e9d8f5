// File › Open of a json-server db.json in the desktop app: the studio serves it in json-server mode
// with its config read-only, and Convert to a config switches the window to the written YAML.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ConfigState } from '../../shared/src/studio-contract.js';
import { openWithDialog } from '../src/lifecycle/file-commands.js';
import { config, startDesktop } from './desktop-harness.js';

const DB = { posts: [{ id: 1, title: 'hello' }], profile: { name: 'typicode' } };

test('File › Open of a db.json serves it in json-server mode, read-only; Convert to a config opens the YAML', async () => {
  const d = startDesktop({
    argv: ['/opt/Mockyard/mockyard', 'a.yaml'],
    files: { 'a.yaml': config('a.yaml'), 'db.json': JSON.stringify(DB) },
  });
  try {
    await d.launched;
    d.dialog.openPaths.push(join(d.dir, 'db.json'));
    assert.equal(await openWithDialog(d.workspace, d.dialog), true);
    const session = d.workspace.current;
    assert.equal(session?.configPath, join(d.dir, 'db.json'));
    assert.equal(d.window().title, 'db.json — Mockyard');
    const mock = session?.status().url;
    // json-server's singular resource: served as `mockyard serve db.json` serves it.
    assert.deepEqual(await (await fetch(`${mock}/profile`)).json(), { name: 'typicode' });

    const page = d.page();
    await page.loaded;
    const state = (await page.call('config.get', {})) as ConfigState;
    assert.deepEqual(state.dbJson, { convertTo: join(d.dir, 'api.yaml') });
    assert.match(state.text, /# Imported from the json-server database db\.json/);
    await page.call('config.save', { text: 'endpoints: []\n' });
    assert.deepEqual(page.calls.at(-1)?.ok, false);
    assert.match(String(page.calls.at(-1)?.value), /read-only/);
    assert.equal(readFileSync(join(d.dir, 'db.json'), 'utf8'), JSON.stringify(DB));

    await page.call('config.convert', { path: 'api.txt' });
    assert.match(String(page.calls.at(-1)?.value), /name the file \.yaml, \.yml or \.mockyard/);
    assert.equal(d.workspace.current?.configPath, join(d.dir, 'db.json'));
    const converted = (await page.call('config.convert', { path: 'api.yaml' })) as ConfigState;
    assert.equal(converted.path, join(d.dir, 'api.yaml'));
    assert.equal(converted.dbJson, undefined);
    assert.match(readFileSync(join(d.dir, 'api.yaml'), 'utf8'), /database: db\.sqlite/);
    assert.equal(d.window().title, 'api.yaml — Mockyard');
    assert.equal(d.state.get().recent[0], join(d.dir, 'api.yaml'));
    // The same server and rows, now as a config (a singular resource is a one-row table at /profile/1).
    assert.equal(((await (await fetch(`${mock}/posts/1`)).json()) as { title: string }).title, 'hello');
    assert.deepEqual(await (await fetch(`${mock}/profile/1`)).json(), { id: 1, name: 'typicode' });
    await page.call('config.convert', { path: 'other.yaml' });
    assert.match(String(page.calls.at(-1)?.value), /this is a config already/);
  } finally {
    await d.close();
  }
});

test('a db.json dropped on the window (app.open) opens in json-server mode; another file type is refused with what can be opened', async () => {
  const d = startDesktop({
    argv: ['/opt/Mockyard/mockyard', 'a.yaml'],
    files: { 'a.yaml': config('a.yaml'), 'db.json': JSON.stringify(DB), 'notes.txt': 'hello' },
  });
  try {
    await d.launched;
    await d.page().call('app.open', { path: join(d.dir, 'notes.txt') });
    assert.match(
      String(d.page().calls.at(-1)?.value),
      /configs \(\.mockyard, \.yaml, \.yml\) and json-server databases/,
    );
    assert.equal(d.workspace.current?.configPath, join(d.dir, 'a.yaml'));

    assert.deepEqual(await d.page().call('app.open', { path: join(d.dir, 'db.json') }), { opened: true });
    const session = d.workspace.current;
    assert.equal(session?.configPath, join(d.dir, 'db.json'));
    assert.equal(d.window().title, 'db.json — Mockyard');
    assert.deepEqual(await (await fetch(`${session?.status().url}/profile`)).json(), { name: 'typicode' });
    const page = d.page();
    await page.loaded;
    const state = (await page.call('config.get', {})) as ConfigState;
    assert.deepEqual(state.dbJson, { convertTo: join(d.dir, 'api.yaml') });
  } finally {
    await d.close();
  }
});
