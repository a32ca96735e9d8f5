import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { newConfig, openWithDialog, saveAs } from '../src/lifecycle/file-commands.js';
import { config, type Desktop, startDesktop, waitFor } from './desktop-harness.js';

const withAB = () =>
  startDesktop({
    argv: ['/opt/Mockyard/mockyard', 'a.yaml'],
    files: { 'a.yaml': config('a.yaml'), 'b.yaml': config('b.yaml') },
  });

const mockUrl = (d: Desktop): string => d.workspace.current?.status().url ?? '';

/** Every way another file arrives while one is open; each resolves once the switch settled. */
const ARRIVALS: Record<string, (d: Desktop, path: string) => Promise<unknown>> = {
  'File → Open': (d, path) => {
    d.dialog.openPaths.push(path);
    return openWithDialog(d.workspace, d.dialog);
  },
  'Open Recent': (d, path) => d.workspace.switchTo(path),
  'File → New': (d, path) => {
    d.dialog.savePaths.push(path);
    return newConfig(d.workspace, d.dialog);
  },
  'a dropped file': (d, path) => d.page().call('app.open', { path }),
  'open-file (macOS)': async (d, path) => {
    d.app.openFile(path);
    await waitFor(() => d.dialog.shown.length > 0, 'the question');
    await d.workspace.serial(async () => {});
  },
  'second-instance': async (d, path) => {
    d.app.secondInstance(['/opt/Mockyard/mockyard', path], d.dir);
    await waitFor(() => d.dialog.shown.length > 0, 'the question');
    await d.workspace.serial(async () => {});
  },
};

test('with unsaved edits every way of opening another file asks first, and Cancel changes nothing', async () => {
  for (const [how, arrive] of Object.entries(ARRIVALS)) {
    const d = withAB();
    try {
      await d.launched;
      const page = d.page();
      const served = mockUrl(d);
      page.type('# not saved yet\n');
      d.dialog.answers.push('Cancel');
      const target = how === 'File → New' ? join(d.dir, 'new.mockyard') : join(d.dir, 'b.yaml');
      await arrive(d, target);
      assert.equal(d.dialog.shown.length, 1, how);
      assert.equal(d.dialog.shown[0]?.message, 'Save your changes to a.yaml?', how);
      assert.equal(d.workspace.current?.configPath, join(d.dir, 'a.yaml'), how);
      assert.equal(d.page(), page, `${how}: the page was not replaced`);
      assert.equal(d.window().loads.length, 1, how);
      assert.match(page.text, /# not saved yet/, how);
      assert.equal(mockUrl(d), served, `${how}: the same server goes on`);
      assert.equal((await fetch(`${served}/users`)).status, 200, how);
      assert.equal(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), config('a.yaml'), how);
      assert.equal(d.window().title, 'a.yaml — Mockyard', how);
    } finally {
      await d.close();
    }
  }
});

test("Don't Save switches; the old page's late save is refused and never reaches the new file", async () => {
  const d = withAB();
  try {
    await d.launched;
    const old = d.page();
    old.type('# A, discarded\n');
    d.dialog.answers.push("Don't Save");
    assert.equal(await d.workspace.switchTo(join(d.dir, 'b.yaml')), true);
    const page = d.page();
    assert.notEqual(page, old);
    assert.equal(page.text, config('b.yaml'));
    assert.equal(d.window().title, 'b.yaml — Mockyard', "the page's <title> does not replace the file's name");
    // A Ctrl+S that the old page sent late: refused, and neither file takes A's text.
    await old.save();
    const last = old.calls.at(-1);
    assert.equal(last?.ok, false);
    assert.match(String(last?.value), /belongs to a file that is no longer open/);
    assert.equal(readFileSync(join(d.dir, 'b.yaml'), 'utf8'), config('b.yaml'));
    assert.equal(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), config('a.yaml'));
    assert.equal((await fetch(`${mockUrl(d)}/users`)).status, 200);
    assert.deepEqual(d.state.get().recent.slice(0, 2), [join(d.dir, 'b.yaml'), join(d.dir, 'a.yaml')]);
  } finally {
    await d.close();
  }
});

test('Save saves the edits into the file being left, then switches', async () => {
  const d = withAB();
  try {
    await d.launched;
    d.page().type('# A, kept\n');
    d.dialog.answers.push('Save');
    assert.equal(await d.workspace.switchTo(join(d.dir, 'b.yaml')), true);
    assert.match(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), /# A, kept\n$/);
    assert.equal(d.workspace.current?.configPath, join(d.dir, 'b.yaml'));
  } finally {
    await d.close();
  }
});

test('a file that cannot be opened leaves the open one serving; a stale Open Recent entry is pruned, with a message', async () => {
  const d = withAB();
  try {
    await d.launched;
    const page = d.page();
    const served = mockUrl(d);
    const ghost = join(d.dir, 'deleted.yaml');
    d.state.opened(ghost);
    d.state.opened(join(d.dir, 'a.yaml'));
    assert.equal(await d.workspace.switchTo(ghost), false);
    assert.deepEqual(d.dialog.messages, [
      `Could not open deleted.yaml. ${ghost}: no such file. It was removed from Open Recent. a.yaml stays open.`,
    ]);
    assert.ok(!d.state.get().recent.includes(ghost));
    // A folder where a file was expected: not in Open Recent, so nothing is pruned.
    const folder = join(d.dir, 'folder.yaml');
    mkdirSync(folder);
    assert.equal(await d.workspace.switchTo(folder), false);
    assert.equal(
      d.dialog.messages[1],
      `Could not open folder.yaml. ${folder}: it is a folder, not a file. a.yaml stays open.`,
    );
    assert.equal(d.workspace.current?.configPath, join(d.dir, 'a.yaml'));
    assert.equal(d.page(), page);
    assert.equal(mockUrl(d), served);
    assert.equal((await fetch(`${served}/users`)).status, 200);
    // The page still saves into its own file.
    page.type('# still A\n');
    await page.save();
    assert.match(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), /# still A/);
  } finally {
    await d.close();
  }
});

test("Save As saves the editor's current text, not the last saved one, and opens the new file without asking", async () => {
  const d = withAB();
  try {
    await d.launched;
    d.page().type('# typed, not saved\n');
    const text = d.page().text;
    const copy = join(d.dir, 'copy.mockyard');
    d.dialog.savePaths.push(copy);
    assert.equal(await saveAs(d.workspace, d.dialog), true);
    assert.equal(readFileSync(copy, 'utf8'), text);
    assert.equal(readFileSync(join(d.dir, 'a.yaml'), 'utf8'), config('a.yaml'), 'the file left keeps what it saved');
    assert.deepEqual(d.dialog.shown, [], 'nothing to ask: the edits are in the new file');
    assert.equal(d.workspace.current?.configPath, copy);
    assert.equal(d.page().text, text);
    assert.equal(d.page().dirty, false);
    assert.equal(d.window().title, 'copy.mockyard — Mockyard');
  } finally {
    await d.close();
  }
});

test('a page that does not answer gets a warning before a switch, not silence', async () => {
  const d = startDesktop({
    argv: ['/opt/Mockyard/mockyard', 'a.yaml'],
    files: { 'a.yaml': config('a.yaml'), 'b.yaml': config('b.yaml') },
    draftTimeoutMs: 100,
  });
  try {
    await d.launched;
    d.page().answers = false;
    d.dialog.answers.push('Cancel');
    assert.equal(await d.workspace.switchTo(join(d.dir, 'b.yaml')), false);
    assert.match(d.dialog.messages[0] ?? '', /^The window did not answer, so a.yaml may have unsaved changes\./);
    d.dialog.answers.push('Continue');
    assert.equal(await d.workspace.switchTo(join(d.dir, 'b.yaml')), true);
  } finally {
    await d.close();
  }
});
