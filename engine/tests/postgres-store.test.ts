// The PostgreSQL store on a real, throwaway PostgreSQL (postgres-server.ts), through the Store
// interface, checked against the SQLite store given the same model and the same calls.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { validateConfig } from '../src/config/validate.js';
import { DomainError } from '../src/domain-error.js';
import type { ServiceModel } from '../src/model/service-model.js';
import { parseListQuery } from '../src/list/list-query.js';
import { openPostgresStore, type PostgresStore } from '../src/store/postgres/index.js';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { Store, TableStore } from '../src/store/store.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';
import { yaml } from './helpers.js';

const skip = POSTGRES_SKIP_REASON;
let server: TestPostgres | undefined;
const opened: Store[] = [];

before(async () => {
  if (!skip) server = await startPostgres({ faults: true });
});
after(async () => {
  for (const store of opened) await store.close().catch(() => {});
  await server?.stop();
});

function compile(text: string): ServiceModel {
  const { model, problems } = validateConfig(text);
  assert.ok(model, problems.map((p) => p.message).join('\n'));
  return model;
}

async function pgStore(schema: string, options: { poolSize?: number } = {}): Promise<PostgresStore> {
  const store = await openPostgresStore((server as TestPostgres).url, { schema, ...options });
  opened.push(store);
  return store;
}

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
        score: number
        active: boolean
        born: datetime
        tags: json
    Note:
      properties:
        id: string
        title: string
        userId: integer
  endpoints:
    - resource: User
    - resource: Note
    - path: /users/:userId/notes
      method: GET
      response: { schema: Note, type: array }
  seed:
    User:
      - { id: 1, name: Ada, email: ada@example.com, age: 36, score: 1.5, active: true, tags: ["a", "b"] }
      - { name: Bob, email: bob@example.com, age: 20, active: false, tags: { x: 1, y: [1, 2.5, null] } }
`;

/** What a call gave: its value, or the error as the client would see it. */
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return { ok: await run() };
  } catch (err) {
    if (err instanceof DomainError) return { kind: err.kind, message: err.message, field: err.field };
    throw err;
  }
}

test('CRUD, lists and errors give what the SQLite store gives, byte for byte', { skip }, async () => {
  const model = compile(CONFIG);
  const sqlite = SqliteStore.open(':memory:');
  opened.push(sqlite);
  const pg = await pgStore('same_as_sqlite');
  const a = (await sqlite.prepare(model, () => {})).tables;
  const b = (await pg.prepare(model, () => {})).tables;
  const users = [a.get('User'), b.get('User')] as TableStore[];
  const notes = [a.get('Note'), b.get('Note')] as TableStore[];
  const same = async (what: string, call: (t: TableStore) => unknown, tables = users) => {
    const [x, y] = [
      await outcome(() => call(tables[0] as TableStore)),
      await outcome(() => call(tables[1] as TableStore)),
    ];
    assert.deepEqual(y, x, what);
    if (process.env.SHOW) console.log(what, JSON.stringify(x));
    return x;
  };
  const list =
    (q: string, schema = model.schemas.get('User'), fixed: { column: string; value: string }[] = []) =>
    (t: TableStore) =>
      t.list(parseListQuery(schema as never, new URLSearchParams(q), fixed));

  await same('seeded', list(''));
  const bodies = [
    {
      name: 'Cy',
      email: 'cy@example.com',
      age: -4,
      score: 0.30000000000000004,
      active: true,
      born: '2024-05-01T12:00:00Z',
      tags: [],
    },
    { name: 'dé 😀 "q" \\ \u0001\t', age: 9007199254740991, score: -2.5e-5, tags: 'text' },
    { name: 'eve', email: 'EVE@example.com', score: 100, tags: { b: 1, a: [true, false, null, 1.25] } },
    { id: 40, name: 'Explicit', score: 3 },
    { name: 'after explicit' },
    { name: 'Lone \ud800 surrogate', tags: null },
  ];
  for (const body of bodies) await same(`create ${JSON.stringify(body)}`, (t) => t.create(body, [], 'id'));
  for (const bad of [
    { name: 'x', email: 'ada@example.com' },
    { name: 7 },
    [],
    { name: 'x', nope: 1 },
    { id: 1, name: 'dup' },
  ])
    await same(`create refused ${JSON.stringify(bad)}`, (t) => t.create(bad, []));
  for (const id of ['1', '1.0', ' 2 ', '1e0', 'abc', '7.5', '', '40', '99', '0x1'])
    await same(`get ${id}`, (t) => t.get(['id'], [id]));
  await same('get by email', (t) => t.get(['email'], ['eve@example.com']));
  for (const q of [
    'name=Ada',
    'age_gte=20&_sort=-age',
    'age_ne=36',
    'age=36&age=20',
    'age_ne=36&age_ne=20',
    'active=true',
    'active=0',
    'tags=["a","b"]',
    'tags="text"',
    'name_like=E',
    'name_like=%',
    'name_like=_',
    'q=ex',
    'q=É',
    'score_lt=2',
    'born_gte=2024-01-01',
    '_sort=score',
    '_sort=-score,name',
    '_sort=active,-email',
    '_sort=name',
    '_limit=2&_page=2',
    '_limit=2&_page=9',
    '_limit=0',
    'age=x',
    '_sort=nope',
    'nope=1',
    'age_like=3',
    'active_like=1',
  ])
    await same(`list ${q}`, list(q));
  await same('patch', (t) => t.update(['id'], ['2'], { age: 21, tags: { z: [] } }, 'patch'));
  await same('patch key mismatch', (t) => t.update(['id'], ['2'], { id: 3 }, 'patch'));
  await same('patch same key as number', (t) => t.update(['id'], ['2.0'], { id: 2, name: 'Bobby' }, 'patch'));
  await same('put', (t) => t.update(['id'], ['2'], { name: 'Robert' }, 'replace'));
  await same('put missing required', (t) => t.update(['id'], ['2'], {}, 'replace'));
  await same('patch unique clash', (t) => t.update(['id'], ['2'], { email: 'cy@example.com' }, 'patch'));
  await same('patch nothing', (t) => t.update(['id'], ['1'], {}, 'patch'));
  await same('patch missing record', (t) => t.update(['id'], ['abc'], { age: 1 }, 'patch'));
  await same('delete', (t) => t.delete(['id'], ['3']));
  await same('delete again', (t) => t.delete(['id'], ['3']));
  await same('count', (t) => t.count());
  await same('after writes', list('_sort=id'));

  // A uuid key is made in JS; path values are compared as text; a path value on a create is converted.
  const created = [
    await notes[0]?.create({ title: 'n' }, [{ column: 'userId', value: '1' }], 'id'),
    await notes[1]?.create({ title: 'n' }, [{ column: 'userId', value: '1' }], 'id'),
  ] as { json: string; location: unknown }[];
  assert.match(String(created[1]?.location), /^[0-9a-f-]{36}$/);
  assert.equal(created[1]?.json.replace(/"id":"[^"]+"/, ''), created[0]?.json.replace(/"id":"[^"]+"/, ''));
  await same(
    'create with a path value of the wrong type',
    (t) => t.create({}, [{ column: 'userId', value: 'x' }]),
    notes,
  );
  await same(
    'create with a path value that disagrees',
    (t) => t.create({ userId: 2 }, [{ column: 'userId', value: '1' }]),
    notes,
  );
  const noteSchema = model.schemas.get('Note');
  const withoutIds = async (t: TableStore, v: string) =>
    (await list('', noteSchema, [{ column: 'userId', value: v }])(t)).body.replace(/"id":"[^"]+"/g, '');
  for (const v of ['1', '1.0', 'x']) await same(`list by path value ${v}`, (t) => withoutIds(t, v), notes);
});

test('numbers: where PostgreSQL writes a number differently from SQLite', { skip }, async () => {
  const model = compile(yaml`
    schemas:
      N:
        properties:
          id: integer
          n: number
    endpoints:
      - resource: N
  `);
  const pg = await pgStore('numbers');
  const table = (await pg.prepare(model, () => {})).tables.get('N') as TableStore;
  // SQLite's json_object writes 1e21 as 1.0e+21 and 1e-7 as 1.0e-07; PostgreSQL as JavaScript does, nearly.
  const json = (await table.create({ n: 1e21 }, [])).json;
  assert.equal(json, '{"id":1,"n":1e+21}');
  assert.equal((await table.create({ n: 1e-7 }, [])).json, '{"id":2,"n":1e-07}');
  assert.equal((await table.create({ n: -0 }, [])).json, '{"id":3,"n":0}');
});

const V1 = yaml`
  schemas:
    Item:
      properties:
        id: integer
        name: { type: string, unique: true }
        qty: string
        code: string
        gone: string
  endpoints:
    - resource: Item
  seed:
    Item:
      - { name: a, qty: "5", code: "7", gone: keep me }
      - { name: b, qty: "x", code: "8" }
`;
const V2 = yaml`
  schemas:
    Item:
      properties:
        id: integer
        name: { type: string, unique: true }
        qty: integer
        code: json
        added: boolean
  endpoints:
    - resource: Item
  seed:
    Item:
      - { name: never seeded again }
`;

test('migrations: a new field adds a column, a removed one stays hidden with a warning, a changed type keeps its data', {
  skip,
}, async () => {
  const pg = await pgStore('migrate');
  const v1 = await pg.prepare(compile(V1), () => {});
  assert.deepEqual(v1.warnings, []);
  const v2 = await pg.prepare(compile(V2), () => {});
  // qty: "x" has no integer, so the old text column is kept (hidden) next to the converted one.
  const { messages } = await import('../../shared/src/messages.js');
  assert.deepEqual(v2.warnings.map((w) => [w.code, w.message]).sort(), [
    ['hiddenColumn', messages.hiddenColumn('items', 'gone')],
    ['hiddenColumn', messages.hiddenColumn('items', 'qty__string')],
  ]);
  const items = v2.tables.get('Item') as TableStore;
  const list = await items.list(parseListQuery(compile(V2).schemas.get('Item') as never, new URLSearchParams(), []));
  assert.equal(
    list.body,
    '[{"id":1,"name":"a","qty":5,"code":7,"added":null},{"id":2,"name":"b","qty":null,"code":8,"added":null}]',
  );
  await items.create({ name: 'c', added: true, code: { x: 1 } }, []);
  // Back to V1: the hidden column comes back with its data; qty converts back to text.
  const back = await pg.prepare(compile(V1), () => {});
  const again = back.tables.get('Item') as TableStore;
  assert.equal(await again.get(['id'], ['1']), '{"id":1,"name":"a","qty":"5","code":"7","gone":"keep me"}');
  assert.equal(await again.get(['id'], ['3']), '{"id":3,"name":"c","qty":null,"code":"{\\"x\\":1}","gone":null}');
  const tables = await pg.tables(['items']);
  assert.deepEqual(tables, [{ table: 'items', rows: 3 }]);
  // A removed schema's table stays, listed with its columns.
  const other = await pg.tables([]);
  assert.equal(
    other[0]?.columns?.some((c) => c.name === 'qty__string'),
    true,
  );
  // Its rows can be read as stored, in the order they were written, a page at a time.
  const rows = await pg.orphanRows('items', 1, 1);
  assert.equal(rows.length, 1);
  assert.equal(rows[0]?.name, 'b');
  assert.equal('_mockyard_seq' in (rows[0] ?? {}), false);
});

test('three stores preparing the same model at once migrate and seed exactly once; a fourth does nothing', {
  skip,
}, async () => {
  const model = compile(CONFIG);
  const stores = await Promise.all([1, 2, 3].map(() => pgStore('replicas', { poolSize: 2 })));
  const prepared = await Promise.all(stores.map((s) => s.prepare(model, () => {})));
  for (const p of prepared) assert.equal(await p.tables.get('User')?.count(), 2);
  // The catalog rows of the schema's tables and indexes, and the bookkeeping rows: any DDL or write changes their xmin.
  const stamp = async (): Promise<string> => {
    const client = new pg.Client({ connectionString: (server as TestPostgres).url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT (SELECT string_agg(relname || ':' || xmin::text, ',' ORDER BY relname) FROM pg_class WHERE relnamespace = 'replicas'::regnamespace)
             || (SELECT string_agg(xmin::text, ',' ORDER BY table_name, column_name) FROM replicas._mockyard_fields) AS s`,
      );
      return String(rows[0]?.s);
    } finally {
      await client.end();
    }
  };
  const stamped = await stamp();
  assert.match(stamped, /users:\d+/);
  const fourth = await pgStore('replicas', { poolSize: 2 });
  const { tables } = await fourth.prepare(model, () => {});
  assert.equal(await stamp(), stamped, 'a store finding everything migrated changes nothing');
  assert.equal(await tables.get('User')?.count(), 2);
  // Reset under the same lock: twice at once still leaves the seed rows once, with ids from 1.
  await tables.get('User')?.create({ name: 'extra' }, []);
  const counts = await Promise.all([stores[0]?.reset(model), stores[1]?.reset(model, 'User')]);
  assert.deepEqual(counts, [{ users: 2, notes: 0 }, { users: 2 }]);
  const users = await tables.get('User')?.list(parseListQuery(model.schemas.get('User') as never, undefined, []));
  assert.deepEqual(
    JSON.parse(users?.body ?? '[]').map((u: { id: number }) => u.id),
    [1, 2],
  );
});

test('a store hears the writes of another store (LISTEN/NOTIFY), not its own twice', { skip }, async () => {
  const model = compile(CONFIG);
  const [a, b] = [await pgStore('notify'), await pgStore('notify')];
  const heardA: string[] = [];
  const heardB: string[] = [];
  const ta = (await a.prepare(model, (s, c) => heardA.push(`${s.name}:${c}`))).tables;
  await b.prepare(model, (s, c) => heardB.push(`${s.name}:${c}`));
  await ta.get('User')?.create({ name: 'x' }, []);
  await ta.get('User')?.update(['id'], ['3'], { age: 1 }, 'patch');
  await ta.get('User')?.delete(['id'], ['3']);
  await a.reset(model, 'Note');
  const deadline = Date.now() + 3000;
  while (heardB.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(heardA, ['User:insert', 'User:update', 'User:delete']);
  assert.deepEqual(heardB, ['User:insert', 'User:update', 'User:delete', 'Note:reset']);
});

test('transaction: writes made inside land together or not at all; insertMany too', { skip }, async () => {
  const model = compile(CONFIG);
  const pg = await pgStore('transactions');
  const users = (await pg.prepare(model, () => {})).tables.get('User') as TableStore;
  await assert.rejects(
    pg.transaction(async () => {
      await users.create({ name: 'in tx' }, []);
      await users.create({ name: 'clash', email: 'ada@example.com' }, []);
    }),
    (err: unknown) => err instanceof DomainError && err.kind === 'conflict',
  );
  assert.equal(await users.count(), 2);
  await pg.transaction(async () => {
    await users.create({ name: 'one' }, []);
    await users.create({ name: 'two' }, []);
  });
  assert.equal(await users.count(), 4);
  const rows = [
    { row: 1, record: { id: 100, name: 'bulk 1' } },
    { row: 2, record: { name: 'bulk 2', email: 'ada@example.com' } },
  ];
  const prepared = [
    ...(function* () {
      const steps = users.prepareInserts(rows);
      for (;;) {
        const step = steps.next();
        if (step.done) return yield* step.value;
      }
    })(),
  ];
  await assert.rejects(
    Promise.resolve(users.insertMany(prepared, (row, err) => new Error(`row ${row}: ${(err as Error).message}`))),
    /row 2: A User with email/,
  );
  assert.equal(await users.count(), 4);
  const ok = [
    ...(function* () {
      const steps = users.prepareInserts(rows.slice(0, 1));
      for (;;) {
        const step = steps.next();
        if (step.done) return yield* step.value;
      }
    })(),
  ];
  assert.equal(await users.insertMany(ok, (_row, err) => err as Error), 1);
  // The id sequence moved past the bulk-inserted id.
  assert.match((await users.create({ name: 'next' }, [], 'id')).json, /^\{"id":101,/);
});

test('PostgreSQL stopped: calls fail as `unavailable`, nothing crashes; started again: the same store works', {
  skip: skip ?? (process.env.MOCKYARD_TEST_POSTGRES ? 'needs a server this test owns' : undefined),
}, async () => {
  const faults = server?.faults;
  assert.ok(faults);
  const model = compile(CONFIG);
  const pg = await pgStore('faults');
  const heard: string[] = [];
  const users = (await pg.prepare(model, (_s, c) => heard.push(c))).tables.get('User') as TableStore;
  assert.equal(await users.count(), 2);
  // 'fast': the test server runs with synchronous_commit off, so a crash (immediate) could lose the schema just made.
  await faults.stopServer('fast');
  try {
    const calls: (() => unknown)[] = [
      () => users.get(['id'], ['1']),
      () => users.create({ name: 'x' }, []),
      () => pg.reset(model),
    ];
    for (const call of calls) {
      await assert.rejects(Promise.resolve().then(call), (err: unknown) => {
        assert.ok(err instanceof DomainError, String(err));
        assert.equal(err.kind, 'unavailable');
        assert.match(err.message, /^Database unavailable: /);
        return true;
      });
    }
  } finally {
    await faults.startServer();
  }
  assert.match((await users.get(['id'], ['1'])) ?? '', /"name":"Ada"/);
  assert.match((await users.create({ name: 'back' }, [], 'id')).json, /"name":"back"/);
});

test('migration: datetimes stored as written are rewritten in UTC to the millisecond; other text is kept', {
  skip,
}, async () => {
  const EVENTS = yaml`
    schemas:
      Event:
        properties:
          id: integer
          at: datetime
    endpoints:
      - resource: Event
  `;
  const store = await pgStore('dtmigrate');
  await store.prepare(compile(EVENTS), () => {});
  // Values as an earlier version stored them: as the client wrote them.
  const client = new pg.Client({ connectionString: (server as TestPostgres).url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO dtmigrate.events (at) VALUES ('2024-05-01T13:30:00+02:00'), ('2024-05-01T12:00:00Z'), ('not a date'), (NULL)`,
    );
  } finally {
    await client.end();
  }
  const again = await pgStore('dtmigrate');
  const prepared = await again.prepare(compile(EVENTS), () => {});
  const events = prepared.tables.get('Event') as TableStore;
  const list = await events.list(
    parseListQuery(compile(EVENTS).schemas.get('Event') as never, new URLSearchParams(), []),
  );
  assert.equal(
    list.body,
    '[{"id":1,"at":"2024-05-01T11:30:00.000Z"},{"id":2,"at":"2024-05-01T12:00:00.000Z"},{"id":3,"at":"not a date"},{"id":4,"at":null}]',
  );
});
