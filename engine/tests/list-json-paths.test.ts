// Issue 41: a path inside a json field in list parameters, in every mode: json-server's deep filter
// (`meta.city=Paris`, `_ne`, `_like`, `_gte`) and nested sort (`_sort=meta.rank`), the path bound (never
// spliced) and bounded; and json-server mode's `q`, which also finds numbers and `true`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, type Served, USERS_CONFIG } from './helpers.js';
import { createAll, errorOf, usersJsonServerMode } from './http-fixtures.js';

const ROWS = [
  { name: 'Ada', meta: { city: 'Paris', rank: 3, tags: ['x', 'y'], vip: true } },
  { name: 'Alan', meta: { city: 'London', rank: 10, vip: false, code: '10' } },
  { name: 'Grace', meta: { city: 'paris', rank: 2, nested: { deeper: { x: 'found' } }, code: '9' } },
  { name: 'Edsger', meta: 1 },
  { name: 'Barbara' },
];

async function withRows(run: (s: Served) => Promise<void>, options = {}): Promise<void> {
  const s = await serve(USERS_CONFIG, options);
  try {
    await createAll(s, '/users', ROWS);
    await run(s);
  } finally {
    await s.close();
  }
}

async function ids(s: Served, query: string): Promise<number[]> {
  const res = await s.call(`/users${query}`);
  assert.equal(res.status, 200, `GET /users${query}: ${res.status} ${await res.clone().text()}`);
  return ((await res.json()) as { id: number }[]).map((u) => u.id);
}

test('a path inside a json field filters: =, repeated values, _ne (rows without the path left out), _like', async () => {
  await withRows(async (s) => {
    assert.deepEqual(await ids(s, '?meta.city=Paris'), [1]);
    assert.deepEqual(await ids(s, '?meta.city=Paris&meta.city=London'), [1, 2]);
    // Compared as text, as json-server compares: a number and a boolean by their text.
    assert.deepEqual(await ids(s, '?meta.rank=10'), [2]);
    assert.deepEqual(await ids(s, '?meta.vip=true'), [1]);
    assert.deepEqual(await ids(s, '?meta.vip=false'), [2]);
    assert.deepEqual(await ids(s, '?meta.nested.deeper.x=found'), [3]);
    // An array element by its index.
    assert.deepEqual(await ids(s, '?meta.tags.1=y'), [1]);
    assert.deepEqual(await ids(s, '?meta.city_ne=Paris'), [2, 3]);
    assert.deepEqual(await ids(s, '?meta.city_like=PAR'), [1, 3]);
    assert.deepEqual(await ids(s, '?meta.city_like=par&meta.city_like=lon'), [1, 2, 3]);
    // With a plain filter too, each keeps its own bound values.
    assert.deepEqual(await ids(s, '?meta.city_like=par&name=Grace'), [3]);
    // A quote or SQL in the value is a value.
    assert.deepEqual(await ids(s, `?meta.city=${encodeURIComponent("x' OR 1=1 --")}`), []);
  });
});

test('a path inside a json field sorts, up and down, and with other keys', async () => {
  await withRows(async (s) => {
    const ranked = await ids(s, '?_sort=meta.rank');
    // Rows without the path (null) come first going up; numbers sort as numbers (10 after 3).
    assert.deepEqual(ranked.slice(-3), [3, 1, 2]);
    assert.deepEqual((await ids(s, '?_sort=meta.rank&_order=desc')).slice(0, 3), [2, 1, 3]);
    assert.deepEqual((await ids(s, '?_sort=-meta.rank&meta.city_like=par')).slice(0, 2), [1, 3]);
    assert.deepEqual(await ids(s, `?sort=${encodeURIComponent('["meta.rank","DESC"]')}&_limit=1`), [2]);
    // A filter's values and the sort's path both bound, on a later page too.
    assert.deepEqual(await ids(s, '?_sort=meta.rank&meta.city_ne=Nowhere&_page=2&_limit=1'), [1]);
  });
});

test('a path inside a json field compares with _lt/_lte/_gt/_gte as json-server does: numbers as numbers, text as text', async () => {
  await withRows(async (s) => {
    // Numbers by number (10 is above 3, which text order would not say); rows without the path, or
    // whose field is no object (Edsger's 1), are left out.
    assert.deepEqual(await ids(s, '?meta.rank_gte=3'), [1, 2]);
    assert.deepEqual(await ids(s, '?meta.rank_gte=0'), [1, 2, 3]);
    assert.deepEqual(await ids(s, '?meta.rank_lt=3'), [3]);
    assert.deepEqual(await ids(s, '?meta.rank_gt=2&meta.rank_lte=3'), [1]);
    assert.deepEqual(await ids(s, '?meta.rank_gte=2.5'), [1, 2]);
    assert.deepEqual(await ids(s, '?meta.rank_lte=1e1'), [1, 2, 3]);
    // Text by text, in byte order (upper case before lower case), a number's text too: '10' < '9'.
    assert.deepEqual(await ids(s, '?meta.city_gte=P'), [1, 3]);
    assert.deepEqual(await ids(s, '?meta.city_lt=a'), [1, 2]);
    assert.deepEqual(await ids(s, '?meta.code_gte=9'), [3]);
    assert.deepEqual(await ids(s, '?meta.code_lt=9'), [2]);
    // A number never compares with text that is no number, nor a boolean with anything.
    assert.deepEqual(await ids(s, '?meta.rank_gte=abc'), []);
    assert.deepEqual(await ids(s, '?meta.vip_gte=0'), []);
    // Deeper paths, with the other filters; a quote or SQL in the value is a value.
    assert.deepEqual(await ids(s, '?meta.nested.deeper.x_gte=f&name_like=gr'), [3]);
    assert.deepEqual(await ids(s, `?meta.rank_gte=${encodeURIComponent("1' OR 1=1 --")}`), []);
  });
});

test('json-server mode: _gte/_lte on a path inside a json field, as on a field', async () => {
  await withRows(
    async (s) => {
      assert.deepEqual(await ids(s, '?meta.rank_gte=3'), [1, 2]);
      assert.deepEqual(await ids(s, '?meta.rank_gte=2&meta.rank_lte=3'), [1, 3]);
    },
    { jsonServer: usersJsonServerMode() },
  );
});

test('a path is bounded and plain: too deep or an odd name is a 400; a path in no json field is ignored', async () => {
  await withRows(async (s) => {
    const deep = await s.call(`/users?meta.${Array.from({ length: 9 }, () => 'a').join('.')}=1`);
    assert.equal(deep.status, 400);
    assert.match(await errorOf(deep), /at most 8 names/);
    assert.equal((await s.call(`/users?meta.${'a'.repeat(65)}=1`)).status, 400);
    assert.equal((await s.call(`/users?meta.${encodeURIComponent('a"b')}=1`)).status, 400);
    assert.equal((await s.call('/users?meta..city=1')).status, 400);
    assert.equal((await s.call(`/users?_sort=meta.${encodeURIComponent("a')--")}`)).status, 400);
    assert.equal((await s.call(`/users?meta.${'a'.repeat(65)}_gte=1`)).status, 400);
    // `name` is no json field: the parameter is no path, and is ignored as any unknown one.
    assert.equal((await ids(s, '?name.first=Ada')).length, 5);
    assert.equal((await s.call('/users?_sort=name.first')).status, 400);
  });
});

test('a json field holding NUL: SQLite reads the path; PostgreSQL (whose json refuses NUL) reads none there, and other rows still filter and sort', async () => {
  await withRows(async (s) => {
    const created = await s.send('POST', '/users', { name: 'Nul', meta: { city: 'Oslo', rank: 99, note: 'a\u0000b' } });
    assert.equal(created.status, 201);
    const onPostgres = process.env.MOCKYARD_TEST_STORE_URL !== undefined;
    assert.deepEqual(await ids(s, '?meta.city=Oslo'), onPostgres ? [] : [6]);
    assert.deepEqual(await ids(s, '?meta.city=London'), [2]);
    assert.deepEqual((await ids(s, '?_sort=-meta.rank')).slice(0, 1), onPostgres ? [2] : [6]);
    assert.deepEqual(await ids(s, `?meta.note=${encodeURIComponent('a\u0000b')}`), onPostgres ? [] : [6]);
  });
});

test('json-server mode: a deep _like is a regular expression', async () => {
  await withRows(
    async (s) => {
      assert.deepEqual(await ids(s, '?meta.city_like=^par'), [1, 3]);
      assert.deepEqual(await ids(s, '?meta.city_like=on$'), [2]);
      assert.equal((await s.call(`/users?meta.city_like=${encodeURIComponent('(')}`)).status, 400);
    },
    { jsonServer: usersJsonServerMode() },
  );
});

test('json-server mode: q also finds numbers by their text (never zero) and true; YAML mode stays on text', async () => {
  const rows = [
    { name: 'a', age: 41, active: false, score: 0 },
    { name: 'b', age: 7, active: true, score: 1.5 },
    { name: 'c', age: 0 },
  ];
  const run = async (options: object, check: (s: Served) => Promise<void>) => {
    const s = await serve(USERS_CONFIG, options);
    try {
      await createAll(s, '/users', rows);
      await check(s);
    } finally {
      await s.close();
    }
  };
  await run({ jsonServer: usersJsonServerMode() }, async (s) => {
    assert.deepEqual(await ids(s, '?q=41'), [1]);
    assert.deepEqual(await ids(s, '?q=1.5'), [2]);
    assert.deepEqual(await ids(s, '?q=tru'), [2]);
    // false and 0 are passed over, as json-server's falsy check does (the id 3 holds no 0 either).
    assert.deepEqual(await ids(s, '?q=false'), []);
    assert.deepEqual(await ids(s, '?q=0'), []);
    // The ids are numbers too.
    assert.deepEqual(await ids(s, '?q=3'), [3]);
  });
  await run({}, async (s) => {
    assert.deepEqual(await ids(s, '?q=41'), []);
    assert.deepEqual(await ids(s, '?q=tru'), []);
  });
});
