// A 409 is PostgreSQL answering a unique violation; the connection it came on is as good as before.
// pg-pool's own `pool.query` destroyed the client on any error, so each duplicate POST cost a new
// session (a fork, a login, every statement prepared again). On a real, throwaway PostgreSQL, over HTTP.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { eventually } from './eventually.js';
import { serve, USERS_CONFIG } from './helpers.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';

const skip = POSTGRES_SKIP_REASON;
let server: TestPostgres | undefined;

before(async () => {
  if (!skip) server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

/** `pg_stat_database.sessions` of the database `watcher` is connected to, once every other session on it has ended. */
async function sessionsWhenQuiet(watcher: pg.Client): Promise<number> {
  // A session's count is flushed to the shared statistics when it ends, at the latest.
  await eventually(
    async () => {
      const { rows } = await watcher.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return rows[0].n === 0;
    },
    10_000,
    'the other sessions on the database to end',
  );
  await watcher.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await watcher.query(
    'SELECT sessions::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return rows[0].n;
}

test('60 duplicate POSTs (409) keep their pooled PostgreSQL sessions: the pool opens no new one per conflict', {
  skip,
  timeout: 60_000,
}, async () => {
  const url = await (server as TestPostgres).createDatabase();
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    const before = await sessionsWhenQuiet(watcher);
    const s = await serve(USERS_CONFIG, { database: url });
    let engineClosed = false;
    try {
      const first = await s.send('POST', '/users', { name: 'Ada', email: 'ada@example.com' });
      assert.equal(first.status, 201, await first.text());
      // Ten at a time, as clients of a busy mock send them: the pool has several clients checked out at once.
      for (let round = 0; round < 6; round++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => s.send('POST', '/users', { name: 'Again', email: 'ada@example.com' })),
        );
        for (const res of answers) {
          assert.equal(res.status, 409, await res.text());
        }
      }
      // The connections are fine: a read and a write on them succeed.
      const list = await s.call('/users');
      assert.equal(list.status, 200);
      assert.equal(((await list.json()) as unknown[]).length, 1);
      await s.close();
      engineClosed = true;
    } finally {
      if (!engineClosed) await s.close();
    }
    const opened = (await sessionsWhenQuiet(watcher)) - before;
    // The pool holds at most 10 clients, and one more connection LISTENs for other replicas' writes;
    // the 60 conflicts add none of their own (before the fix: 62 sessions here).
    assert.ok(
      opened >= 1 && opened <= 11,
      `the engine opened ${opened} PostgreSQL sessions for 1 POST, 60 conflicts and 1 GET`,
    );
    process.stdout.write(`# sessions opened for 1 POST + 60 conflicting POSTs + 1 GET: ${opened}\n`);
  } finally {
    await watcher.end();
  }
});
