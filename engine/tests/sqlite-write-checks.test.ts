/**
 * The checks a SQLite create makes without a query of its own (engine/src/store/sqlite/): the id
 * AUTOINCREMENT would pick is checked inside the INSERT, and the database file is stat'ed only when
 * its watch reports something or the last stat is 100 ms old.
 */
import assert from 'node:assert/strict';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { eventually } from './eventually.js';
import { serve, sqliteOnly, tempDir, USERS_CONFIG, yaml } from './helpers.js';

const NOTES = yaml`
  schemas:
    Note:
      properties:
        id: integer
        text: string
  endpoints:
    - resource: Note
`;

test('a create that writes no field gets the next automatic id, and none past 2^53 - 1', async () => {
  const s = await serve(NOTES);
  try {
    const first = await s.send('POST', '/notes', {});
    assert.equal(first.status, 201);
    assert.deepEqual(await first.json(), { id: 1, text: null });
    assert.equal((await s.send('POST', '/notes', { id: Number.MAX_SAFE_INTEGER - 1 })).status, 201);
    const last = await s.send('POST', '/notes', {});
    assert.equal(last.status, 201);
    assert.equal(((await last.json()) as { id: number }).id, Number.MAX_SAFE_INTEGER);
    const refused = await s.send('POST', '/notes', {});
    assert.equal(refused.status, 507);
    assert.match(((await refused.json()) as { error: string }).error, /No automatic id is left for Note/);
    const all = (await (await s.call('/notes')).json()) as { id: number }[];
    assert.deepEqual(
      all.map((n) => n.id),
      [1, Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER],
      'the refused create wrote nothing',
    );
  } finally {
    await s.close();
  }
});

test('the folder of the database file renamed under a running server: writes are refused within a bounded time, and work again once it is back', {
  skip: sqliteOnly(),
  timeout: 30_000,
}, async () => {
  const { dir, cleanup } = tempDir();
  const folder = join(dir, 'data');
  mkdirSync(folder);
  const served = await serve(USERS_CONFIG, { database: join(folder, 'folder.sqlite') });
  try {
    assert.equal((await served.send('POST', '/users', { name: 'one' })).status, 201);
    // A watch on the file does not see its folder renamed; the stat it falls back to (at most 100 ms old) does.
    renameSync(folder, `${folder}-away`);
    await eventually(
      async () => {
        const res = await served.send('POST', '/users', { name: 'while away' });
        await res.text();
        return res.status === 503;
      },
      5000,
      'a refused write',
    );
    renameSync(`${folder}-away`, folder);
    const back = await served.send('POST', '/users', { name: 'two' });
    assert.equal(back.status, 201);
  } finally {
    await served.close();
    cleanup();
  }
});
