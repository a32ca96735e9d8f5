// The studio's data browser on a PostgreSQL config: the same handlers, and rows written by another
// replica arrive as 'table.changed' without a refresh (PostgreSQL NOTIFY, which each store LISTENs for).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { Engine } from '../src/engine.js';
import { MIN_INTERVAL_MS } from '../src/store/postgres/change-notifier.js';
import { CHANNEL } from '../src/store/postgres/changes.js';
import { eventually } from './eventually.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = `server:
  schema: studio_pg
schemas:
  User:
    properties:
      id: integer
      name: string
endpoints:
  - resource: User
seed:
  User:
    - { name: Ada }
`;

let postgres: TestPostgres | undefined;
before(async () => {
  postgres = await startPostgres();
});
after(() => postgres?.stop());

test('the data browser lists, edits and sees another replica’s writes on PostgreSQL', {
  skip: POSTGRES_SKIP_REASON ?? false,
  timeout: 30_000,
}, async () => {
  const s = await openSession(CONFIG, { database: postgres?.url });
  const replica = new Engine({ port: 0, host: '127.0.0.1', database: postgres?.url });
  try {
    const tables = await s.handlers['tables.list']({});
    assert.deepEqual(
      tables.map((t) => [t.table, t.rows, t.orphaned]),
      [['users', 1, false]],
    );
    const row = await s.handlers['tables.insert']({ table: 'users', row: { name: 'Grace' } });
    assert.deepEqual(row, { id: 2, name: 'Grace' });

    assert.ok((await replica.apply(CONFIG)).ok);
    const { url } = await replica.start();
    const changed = new Promise<string>((resolve) => s.session.on('table.changed', ({ table }) => resolve(table)));
    const res = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Linus' }),
    });
    assert.equal(res.status, 201);
    assert.equal(await changed, 'users', 'the other replica’s write is announced');
    const page = await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 50 });
    assert.deepEqual(
      page.rows.map((r) => r.name),
      ['Ada', 'Grace', 'Linus'],
    );
    assert.deepEqual(await s.handlers['tables.resetToSeed']({ table: 'users' }), { rows: 1 });
    assert.equal((await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 50 })).total, 1);
  } finally {
    await replica.stop();
    await s.close();
  }
});

test('a burst of writes is announced to other replicas a few times, not once per write, and the last write is announced', {
  skip: POSTGRES_SKIP_REASON ?? false,
  timeout: 30_000,
}, async () => {
  const writer = new Engine({ port: 0, host: '127.0.0.1', database: postgres?.url });
  const listener = new pg.Client({ connectionString: postgres?.url });
  try {
    assert.ok((await writer.apply(CONFIG)).ok);
    const { url } = await writer.start();
    await listener.connect();
    // When each note about users was heard: inserts, and deletes apart.
    const heard: number[] = [];
    const deletes: number[] = [];
    listener.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload?.includes('"table":"users"')) return;
      (n.payload.includes('"change":"delete"') ? deletes : heard).push(performance.now());
    });
    await listener.query(`LISTEN ${CHANNEL}`);
    const post = (i: number) =>
      fetch(`${url}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `burst ${i}` }),
      }).then((r) => assert.equal(r.status, 201));
    // 60 writes, one after another, over at least 300 ms; the last is a delete, so that its own note
    // can be told apart from those of the inserts before it (which it is coalesced with).
    const start = performance.now();
    for (let i = 0; i < 59; i++) {
      await post(i);
      await new Promise((r) => setTimeout(r, 5));
    }
    const deleted = await fetch(`${url}/users/1`, { method: 'DELETE' });
    assert.ok(deleted.ok, `DELETE answered ${deleted.status}`);
    await deleted.arrayBuffer();
    const lastWrite = performance.now();
    const burst = lastWrite - start;
    // However late a loaded machine delivers it (a fixed 300 ms wait failed once on CI); lost, this times out.
    await eventually(() => deletes.length > 0, 10_000, 'the note of the last write');
    // Then long enough for any send the burst should not have made.
    await new Promise((r) => setTimeout(r, MIN_INTERVAL_MS * 2));
    assert.equal(deletes.length, 1);
    assert.ok(heard.length >= 2, `announced ${heard.length} times`);
    // One send per interval at most, and one more for the first write (which goes out at once).
    assert.ok(
      heard.length <= Math.ceil(burst / MIN_INTERVAL_MS) + 2,
      `${heard.length} sends of inserts in ${burst.toFixed(0)} ms`,
    );
    assert.ok((heard[0] as number) < lastWrite, 'writes are announced during the burst, not only after it');
    // A note still waiting for its interval when the replica stops is sent, not lost.
    const before = heard.length;
    await post(60); // announced at once: the last send was long enough ago
    await post(61); // waits for the interval
    await writer.stop();
    await new Promise((r) => setTimeout(r, MIN_INTERVAL_MS * 2));
    assert.equal(heard.length, before + 2, 'both notes were sent, the second when the replica stopped');
  } finally {
    await listener.end().catch(() => undefined);
    await writer.stop();
  }
});
