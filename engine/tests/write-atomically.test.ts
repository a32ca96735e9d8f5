import assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { JsonFile, writeAtomically } from '../src/index.js';
import { tempDir } from './helpers.js';
import { fill, smallDisk, unmount } from './small-disk.js';

test('writeAtomically replaces the text whole, keeps the mode, writes through a symlink and leaves no temporary file', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const real = join(dir, 'real.yaml');
    writeFileSync(real, 'old: 1\n');
    chmodSync(real, 0o600);
    const link = join(dir, 'link.yaml');
    symlinkSync(real, link);
    await writeAtomically(link, 'new: 2\n');
    assert.equal(readFileSync(real, 'utf8'), 'new: 2\n');
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link is still a link');
    assert.equal(lstatSync(real).mode & 0o777, 0o600, 'the mode is kept');
    await writeAtomically(join(dir, 'fresh.yaml'), 'fresh: 3\n');
    assert.equal(readFileSync(join(dir, 'fresh.yaml'), 'utf8'), 'fresh: 3\n');
    assert.deepEqual(readdirSync(dir).sort(), ['fresh.yaml', 'link.yaml', 'real.yaml']);
  } finally {
    cleanup();
  }
});

test('writeAtomically refuses a read-only file and a folder, and changes nothing', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const locked = join(dir, 'locked.yaml');
    writeFileSync(locked, 'old: 1\n');
    chmodSync(locked, 0o444);
    await assert.rejects(writeAtomically(locked, 'new'), /read-only; not saved/);
    assert.equal(readFileSync(locked, 'utf8'), 'old: 1\n');
    mkdirSync(join(dir, 'folder.yaml'));
    await assert.rejects(writeAtomically(join(dir, 'folder.yaml'), 'new'), /is a folder now/);
    assert.deepEqual(readdirSync(dir).sort(), ['folder.yaml', 'locked.yaml']);
  } finally {
    cleanup();
  }
});

test('on a full disk writeAtomically fails, the old file keeps every byte and no temporary file is left', async (t) => {
  const { dir, cleanup } = tempDir();
  const mnt = smallDisk(t, dir, '1m');
  if (!mnt) return cleanup();
  try {
    const file = join(mnt, 'mock.yaml');
    const old = `# keep me\n${'endpoints: []\n'.repeat(100)}`;
    writeFileSync(file, old);
    fill(mnt, 8 * 1024);
    await assert.rejects(writeAtomically(file, 'x'.repeat(256 * 1024)), /ENOSPC/);
    assert.equal(readFileSync(file, 'utf8'), old);
    assert.deepEqual(readdirSync(mnt).sort(), ['filler', 'mock.yaml']);
  } finally {
    unmount(mnt);
    cleanup();
  }
});

test('app settings (JsonFile) are written by writeAtomicallySync: through a symlink, with the mode kept, and a refused write changes nothing', () => {
  const { dir, cleanup } = tempDir();
  try {
    // A settings file kept elsewhere (a dotfiles repository) and linked into the data folder.
    const real = join(dir, 'dotfiles-preferences.json');
    writeFileSync(real, '{ "theme": "dark" }');
    chmodSync(real, 0o600);
    const data = join(dir, 'data');
    mkdirSync(data);
    symlinkSync(real, join(data, 'preferences.json'));
    const settings = new JsonFile(join(data, 'preferences.json'), { defaults: { theme: 'light', size: 1 } });
    assert.deepEqual(settings.update({ size: 2 }), { theme: 'dark', size: 2 });
    assert.ok(lstatSync(join(data, 'preferences.json')).isSymbolicLink(), 'the link is still a link');
    assert.deepEqual(JSON.parse(readFileSync(real, 'utf8')), { theme: 'dark', size: 2 });
    assert.equal(lstatSync(real).mode & 0o777, 0o600, 'the mode is kept');
    assert.deepEqual(readdirSync(data), ['preferences.json'], 'no temporary file is left');
    chmodSync(real, 0o400);
    assert.throws(() => settings.update({ size: 3 }), /read-only; not saved/);
    assert.deepEqual(settings.get(), { theme: 'dark', size: 2 }, 'the value is as it was');
    assert.deepEqual(JSON.parse(readFileSync(real, 'utf8')), { theme: 'dark', size: 2 });
  } finally {
    cleanup();
  }
});
