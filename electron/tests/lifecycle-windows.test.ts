import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DesktopStateFile } from '../src/desktop-state.js';
import { saveAs } from '../src/lifecycle/file-commands.js';
import { DraftRecovery } from '../src/lifecycle/recovery.js';
import { config, startDesktop, waitFor } from './desktop-harness.js';
import { FakeDialog } from './fake-electron.js';

const EXE = '/opt/Mockyard/mockyard';
const withA = (extra: Parameters<typeof startDesktop>[0] = {}) =>
  startDesktop({ argv: [EXE, 'a.yaml'], files: { 'a.yaml': config('a.yaml'), 'b.yaml': config('b.yaml') }, ...extra });

test('Windows ending the session keeps unsaved edits as a recovery copy, then quits; the next start offers it', async () => {
  const d = withA();
  try {
    await d.launched;
    d.page().type('# typed before logoff\n');
    const text = d.page().text;
    assert.equal(d.window().querySessionEnd(['logoff']), true, 'the session end is held while the text is kept');
    await waitFor(() => d.app.ended, 'the quit');
    assert.deepEqual(d.dialog.shown, [], 'no question: nobody is there to answer it');
    const recovered = d.state.get().recovered;
    assert.ok(recovered);
    assert.equal(recovered.config, join(d.dir, 'a.yaml'));
    assert.equal(readFileSync(recovered.copy, 'utf8'), text);
    assert.equal(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), config('a.yaml'), 'the file itself is untouched');

    // The next start (the same data folder) offers the copy; Open Copy opens it.
    const state = new DesktopStateFile(join(d.dir, 'user-data'), false);
    const dialog = new FakeDialog();
    dialog.answers.push('Open Copy');
    const opened: string[] = [];
    await new DraftRecovery(state, dialog).offer(async (path) => {
      opened.push(path);
      return true;
    });
    assert.deepEqual(opened, [recovered.copy]);
    assert.match(
      dialog.messages[0] ?? '',
      /^Mockyard kept unsaved changes to a\.yaml when Windows ended the session\./,
    );
    assert.equal(state.get().recovered, undefined, 'offered once');
  } finally {
    await d.close();
  }
});

test('at startup a kept copy is offered and opened as a file of its own', async () => {
  const d = withA({
    userData: (dir) => {
      writeFileSync(join(dir, 'kept a.yaml'), config('kept'));
      return {
        'settings.json': JSON.stringify({
          recent: [],
          recovered: { config: join(dir, 'a.yaml'), copy: join(dir, 'kept a.yaml') },
        }),
      };
    },
  });
  d.dialog.answers.push('Open Copy');
  try {
    await d.launched;
    await waitFor(() => d.workspace.current?.configPath === join(d.dir, 'kept a.yaml'), 'the copy to open');
    await d.workspace.serial(async () => {});
    assert.equal(d.dialog.shown.length, 1);
  } finally {
    await d.close();
  }
});

test('Windows ending the session with nothing unsaved quits without a copy', async () => {
  const d = withA();
  try {
    await d.launched;
    d.window().querySessionEnd(['shutdown']);
    await waitFor(() => d.app.ended, 'the quit');
    assert.equal(d.state.get().recovered, undefined);
    assert.ok(!existsSync(join(d.dir, 'user-data', 'recovered')));
  } finally {
    await d.close();
  }
});

test('a renderer that crashes is reloaded and the user is told; one that crashes again at once is left', async () => {
  const d = withA();
  try {
    await d.launched;
    const url = d.workspace.current?.status().url as string;
    d.window().webContents.crash('oom', -536870904);
    await waitFor(() => d.dialog.shown.length === 1, 'the message');
    assert.equal(d.window().loads.length, 2, 'reloaded');
    await waitFor(() => d.page().text === config('a.yaml'), 'the page to load again');
    assert.match(
      d.dialog.messages[0] ?? '',
      /^The window's page stopped \(oom, exit code -536870904\)\. Mockyard reloaded a\.yaml/,
    );
    assert.equal((await fetch(`${url}/users`)).status, 200, 'the mock kept serving');
    d.window().webContents.crash('crashed', 133);
    await waitFor(() => d.dialog.shown.length === 2, 'the second message');
    assert.equal(d.window().loads.length, 2, 'not reloaded in a loop');
    assert.match(d.dialog.messages[1] ?? '', /stopped again right after a reload/);
  } finally {
    await d.close();
  }
});

test('quitting cuts requests sleeping in a latency rule instead of waiting them out', async () => {
  const slow = `${config('slow')}server: { latency: 60000 }\n`;
  const d = startDesktop({ argv: [EXE, 'slow.yaml'], files: { 'slow.yaml': slow } });
  try {
    await d.launched;
    const url = d.workspace.current?.status().url as string;
    const inFlight = fetch(`${url}/users`).then(
      () => 'answered',
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? 'cut',
    );
    // No event tells that a request is sleeping in its latency; give it time to arrive. Arriving
    // late would fail the test (ECONNREFUSED below), never pass it by accident.
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    d.app.quit();
    // A relaunch while the quit runs (no window any more) starts the app again once this one exits.
    d.app.secondInstance([EXE, 'b.yaml'], d.dir);
    assert.deepEqual(d.app.relaunched, [join(d.dir, 'b.yaml')]);
    await waitFor(() => d.app.ended, 'the quit', 8000);
    const took = Date.now() - started;
    assert.ok(took < 5000, `quit took ${took} ms`);
    const outcome = await inFlight;
    assert.notEqual(outcome, 'answered');
    assert.notEqual(outcome, 'ECONNREFUSED', 'the request was in the server when the quit began');
  } finally {
    await d.close();
  }
});

test('on Windows and macOS a path in another case is the same file: no question, one Open Recent entry', async () => {
  const d = withA({ caseInsensitivePaths: true });
  try {
    await d.launched;
    const page = d.page();
    page.type('# unsaved\n');
    assert.equal(await d.workspace.switchTo(join(d.dir, 'A.YAML')), true);
    assert.deepEqual(d.dialog.shown, [], 'the open file, not another one');
    assert.equal(d.page(), page);
    d.state.opened(join(d.dir, 'A.yaml'));
    assert.deepEqual(d.state.get().recent, [join(d.dir, 'A.yaml')]);
    // Save As onto the open file in another case is Save, not a second file opened over it.
    d.dialog.savePaths.push(join(d.dir, 'A.Yaml'));
    assert.equal(await saveAs(d.workspace, d.dialog), true);
    await waitFor(() => readFileSync(join(d.dir, 'a.yaml'), 'utf8').includes('# unsaved'), 'the save');
    assert.equal(d.workspace.current?.configPath, join(d.dir, 'a.yaml'));
    assert.equal(d.page(), page);
  } finally {
    await d.close();
  }
});

test("a crash keeps the editor's unsaved text from its last snapshot as a copy, and offers to open it", async () => {
  const d = withA();
  try {
    await d.launched;
    await waitFor(() => d.page().listening, 'the page');
    d.page().type('# typed, then the renderer died\n');
    const text = d.page().text;
    await d.workspace.snapshotDraft(); // every 30 s in the app
    d.dialog.answers.push('Open Copy');
    d.window().webContents.crash('crashed', 133);
    await waitFor(() => d.dialog.shown.length === 2, 'the message and the offer');
    assert.match(d.dialog.messages[0] ?? '', /were kept in a copy/);
    assert.match(
      d.dialog.messages[1] ?? '',
      /^Mockyard kept unsaved changes to a\.yaml when the window's page stopped\./,
    );
    await waitFor(() => d.workspace.current?.configPath.endsWith(' a.yaml') ?? false, 'the copy to open');
    await d.workspace.serial(async () => {});
    const copy = d.workspace.current?.configPath as string;
    assert.match(copy, /recovered/);
    assert.equal(readFileSync(copy, 'utf8'), text);
    await waitFor(() => d.page().text === text, 'the page of the copy');
    assert.equal(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), config('a.yaml'));
  } finally {
    await d.close();
  }
});
