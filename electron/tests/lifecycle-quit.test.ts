import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { config, startDesktop, waitFor } from './desktop-harness.js';

const withA = () => startDesktop({ argv: ['/opt/Mockyard/mockyard', 'a.yaml'], files: { 'a.yaml': config('a.yaml') } });

test('quitting waits for the server to stop and the database to close: the WAL is checkpointed, every write kept', async () => {
  const d = withA();
  try {
    await d.launched;
    const session = d.workspace.current;
    assert.ok(session);
    const url = session.status().url as string;
    const database = session.engine.model?.server.database as string;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${url}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `user ${i}` }),
        }).then((r) => assert.equal(r.status, 201)),
      ),
    );
    assert.ok(existsSync(`${database}-wal`), 'writes went to the WAL');
    const walSize = () => (existsSync(`${database}-wal`) ? statSync(`${database}-wal`).size : 0);
    // What is true at the moment the process would end.
    let atQuit: { listening: boolean; wal: number } | undefined;
    d.app.once('quit', () => {
      atQuit = { listening: session.engine.listening, wal: walSize() };
    });
    d.app.quit();
    assert.equal(d.app.ended, false, 'will-quit holds the quit while the engine closes');
    await waitFor(() => d.app.ended, 'the quit');
    assert.deepEqual(d.app.order, ['before-quit', 'will-quit', 'before-quit', 'will-quit', 'quit']);
    assert.deepEqual(atQuit, { listening: false, wal: 0 }, 'stopped listening and checkpointed before the end');
    await assert.rejects(fetch(`${url}/users`), 'the server stopped listening');
    const db = new Database(database, { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.deepEqual(db.prepare('SELECT count(*) AS n FROM users').get(), { n: 50 });
    } finally {
      db.close();
    }
  } finally {
    await d.close();
  }
});

test('events after the window closed are dropped, not thrown ("Object has been destroyed")', async () => {
  const d = withA();
  try {
    await d.launched;
    const session = d.workspace.current;
    assert.ok(session);
    assert.equal(d.window().close(), true);
    // The server's status changes after the window is gone: the event has nowhere to go.
    await session.stopServer();
    await session.startServer();
    assert.equal(d.workspace.send('mockyard:event', 'server.status', {}), false);
  } finally {
    await d.close();
  }
});

test('quitting with unsaved edits asks; Cancel keeps the app and its server running', async () => {
  const d = withA();
  try {
    await d.launched;
    const url = d.workspace.current?.status().url as string;
    d.page().type('# unsaved\n');
    d.dialog.answers.push('Cancel');
    d.app.quit();
    assert.equal(d.dialog.shown[0]?.message, 'a.yaml has unsaved changes.');
    assert.equal(d.app.ended, false);
    assert.equal(d.window().isDestroyed(), false);
    assert.equal((await fetch(`${url}/users`)).status, 200);
  } finally {
    await d.close();
  }
});
