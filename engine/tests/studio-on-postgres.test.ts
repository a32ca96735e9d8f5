// The studio's data browser on a PostgreSQL config: the same handlers, and rows written by another
// replica arrive as 'table.changed' without a refresh (PostgreSQL NOTIFY, which each store LISTENs for).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Engine } from '../src/engine.js';
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
