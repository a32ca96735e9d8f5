/**
 * The database file deleted or moved away under a running server: writes stop being acknowledged
 * (503 with a clear error) instead of answering 201 into a file nobody will read again, and they
 * work again once the file is back at its path.
 */
import assert from 'node:assert/strict';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { eventually } from './eventually.js';
import { serve, sqliteOnly, tempDir, USERS_CONFIG } from './helpers.js';

const FILES = ['', '-wal', '-shm'];

test('deleting the database files under a running server: the next write and every later one answer 503, reads go on', {
  skip: sqliteOnly(),
  timeout: 30_000,
}, async () => {
  const { dir, cleanup } = tempDir();
  const database = join(dir, 'gone.sqlite');
  const served = await serve(USERS_CONFIG, { database });
  try {
    assert.equal((await served.send('POST', '/users', { name: 'before', email: 'b@example.com' })).status, 201);
    for (const suffix of FILES) rmSync(`${database}${suffix}`, { force: true });
    // The very next write is refused: none is acknowledged once the file is gone.
    const first = await served.send('POST', '/users', { name: 'after', email: 'a@example.com' });
    const refused = {
      retryAfter: first.headers.get('retry-after'),
      error: ((await first.json()) as { error: string }).error,
    };
    assert.equal(first.status, 503);
    assert.equal(refused?.retryAfter, '1');
    assert.match(refused?.error ?? '', /gone\.sqlite was deleted or moved/);
    // Every later write is refused too, and reads still answer.
    for (let i = 0; i < 5; i++) {
      const res = await served.send('POST', '/users', { name: `later ${i}`, email: `l${i}@example.com` });
      assert.equal(res.status, 503);
      await res.text();
    }
    assert.equal((await served.call('/users')).status, 200);
    // A reset (admin API, studio, library) writes too, and is refused the same way.
    await assert.rejects(async () => served.engine.reset(), /gone\.sqlite was deleted or moved/);
    assert.equal(existsSync(database), false, 'nothing recreated the file behind the server');
  } finally {
    await served.close();
    cleanup();
  }
});

test('a database file moved away and back: writes are refused while it is away and work once it is back', {
  skip: sqliteOnly(),
  timeout: 30_000,
}, async () => {
  const { dir, cleanup } = tempDir();
  const database = join(dir, 'moved.sqlite');
  const served = await serve(USERS_CONFIG, { database });
  try {
    assert.equal((await served.send('POST', '/users', { name: 'one', email: 'one@example.com' })).status, 201);
    renameSync(database, `${database}.away`);
    await eventually(
      async () => {
        const res = await served.send('POST', '/users', { name: 'x', email: `x${Math.random()}@example.com` });
        await res.text();
        return res.status === 503;
      },
      5000,
      'a refused write',
    );
    renameSync(`${database}.away`, database);
    const back = await served.send('POST', '/users', { name: 'two', email: 'two@example.com' });
    assert.equal(back.status, 201);
    const names = ((await (await served.call('/users')).json()) as { name: string }[]).map((u) => u.name);
    assert.ok(names.includes('one') && names.includes('two'), names.join(', '));
  } finally {
    await served.close();
    cleanup();
  }
});
