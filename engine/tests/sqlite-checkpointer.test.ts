/**
 * The WAL checkpoint worker (engine/src/store/sqlite/checkpointer.ts): once a store is written to,
 * checkpoints run on a worker's connection instead of inside the serving connection's commits, and
 * nothing about the file changes for it. Real SQLite files, real HTTP.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { Checkpointer } from '../src/store/sqlite/checkpointer.js';
import { openDatabase } from '../src/store/sqlite/database.js';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { eventually } from './eventually.js';
import { serve, sqliteOnly, tempDir, yaml } from './helpers.js';

const ITEMS = yaml`
  schemas:
    Item:
      properties:
        id: integer
        n: { type: integer, required: true, unique: true }
  endpoints:
    - resource: Item
`;

const autocheckpoint = (db: Database.Database): unknown => db.pragma('wal_autocheckpoint', { simple: true });

test('a written store checkpoints in its worker; the serving connection only keeps a far safety net; close leaves the file whole with no WAL', {
  skip: sqliteOnly(),
  timeout: 60_000,
}, async () => {
  const s = await serve(ITEMS);
  const store = s.engine.store as SqliteStore;
  const checkpointer = store.checkpointer as Checkpointer;
  const file = store.location;
  let closed = false;
  try {
    assert.equal(checkpointer.state, 'idle', 'no worker before any write');
    assert.equal(autocheckpoint(store.db), 1000, "SQLite's own checkpoints until the worker runs");
    let n = 0;
    const writer = async (count: number): Promise<void> => {
      for (let i = 0; i < count; i++) {
        const res = await s.send('POST', '/items', { n: n++ });
        assert.equal(res.status, 201);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, () => writer(60)));
    await eventually(() => checkpointer.state === 'running', 20_000, 'the worker to start');
    assert.equal(autocheckpoint(store.db), 10_000, 'the serving connection checkpoints only as a safety net');
    // The worker checkpoints every 1000 writes (as SQLite would every 1000 frames).
    await Promise.all(Array.from({ length: 8 }, () => writer(150)));
    await eventually(() => checkpointer.runs > 0, 20_000, 'a checkpoint in the worker');
    assert.ok(
      (checkpointer.last?.checkpointed ?? 0) > 0,
      `the worker copied frames: ${JSON.stringify(checkpointer.last)}`,
    );
    assert.equal(checkpointer.last?.busy, 0);

    await s.engine.stop();
    closed = true;
    assert.equal(checkpointer.state, 'off');
    // The worker closed its connection first, so the serving one was the last and folded the WAL in.
    assert.equal(existsSync(`${file}-wal`), false, 'no WAL left after close');
    const db = new Database(file, { readonly: true });
    try {
      assert.equal(db.prepare('PRAGMA integrity_check').pluck().get(), 'ok');
      assert.equal(db.prepare('SELECT count(*) FROM items').pluck().get(), 1680);
    } finally {
      db.close();
    }
  } finally {
    if (!closed) await s.engine.stop();
    await s.close();
  }
});

test('a worker that cannot open the file (a missing native build) leaves checkpoints to SQLite, and no other is started', async () => {
  const { dir, cleanup } = tempDir();
  const file = join(dir, 'data.sqlite');
  const db = openDatabase(file);
  try {
    db.exec('CREATE TABLE t (x)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    const checkpointer = new Checkpointer(db, file, join(dir, 'missing', 'better_sqlite3.node'));
    for (let i = 0; i < 200; i++) {
      insert.run(i);
      checkpointer.wrote();
    }
    assert.equal(checkpointer.state, 'starting');
    await eventually(() => checkpointer.state === 'off', 20_000, 'the failed worker to be given up');
    assert.equal(autocheckpoint(db), 1000);
    for (let i = 0; i < 400; i++) checkpointer.wrote();
    assert.equal(checkpointer.state, 'off', 'no new worker after a failure');
    await checkpointer.close();
  } finally {
    db.close();
    cleanup();
  }
});

test('closing a store whose worker is still starting ends the worker and closes the file', async () => {
  const { dir, cleanup } = tempDir();
  const store = SqliteStore.open(join(dir, 'data.sqlite'));
  try {
    const checkpointer = store.checkpointer as Checkpointer;
    for (let i = 0; i < 200; i++) checkpointer.wrote();
    assert.equal(checkpointer.state, 'starting');
    await store.close();
    assert.equal(checkpointer.state, 'off');
    assert.equal(store.db.open, false);
  } finally {
    cleanup();
  }
});

test('closing a store whose worker runs finishes in a process with nothing else to wait for (the close is not cut short)', () => {
  // The worker is unref'd while it runs (a process may exit past it). Closing must hold it until its
  // 'exit': otherwise, in a process whose last work this close is (a CLI stopping, a test's last
  // step), the event loop empties first and the process ends with the close never finished.
  const { dir, cleanup } = tempDir();
  try {
    const storeModule = pathToFileURL(
      join(dirname(fileURLToPath(import.meta.url)), '../src/store/sqlite/sqlite-store.js'),
    ).href;
    const script = `
      import { SqliteStore } from ${JSON.stringify(storeModule)};
      const store = SqliteStore.open(${JSON.stringify(join(dir, 'data.sqlite'))});
      const checkpointer = store.checkpointer;
      for (let i = 0; i < 200; i++) checkpointer.wrote();
      for (let i = 0; checkpointer.state !== 'running' && i < 1000; i++) await new Promise((r) => setTimeout(r, 10));
      if (checkpointer.state !== 'running') throw new Error('the worker did not start: ' + checkpointer.state);
      await store.close();
      process.stdout.write(\`closed: \${checkpointer.state}, file open: \${store.db.open}\`);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.stdout, 'closed: off, file open: false', `exit ${run.status}, stderr: ${run.stderr}`);
    assert.equal(run.status, 0);
  } finally {
    cleanup();
  }
});
