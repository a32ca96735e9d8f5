// Issue 41, part 2: json-server's list habits in every mode (YAML configs too), and json-server
// mode's `_like` as a bounded RE2 regular expression.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { delayParam, MAX_DELAY_PARAM } from '../src/json-server/habits.js';
import { serve, type Served, USERS_CONFIG } from './helpers.js';
import { createAll, errorOf, usersJsonServerMode } from './http-fixtures.js';

async function withUsers(
  rows: Record<string, unknown>[],
  run: (s: Served) => Promise<void>,
  yaml = USERS_CONFIG,
  options = {},
): Promise<void> {
  const s = await serve(yaml, options);
  try {
    await createAll(s, '/users', rows);
    await run(s);
  } finally {
    await s.close();
  }
}

const named = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `u${i + 1}` }));

async function ids(s: Served, query: string): Promise<number[]> {
  const res = await s.call(`/users${query}`);
  assert.equal(res.status, 200, `GET /users${query}: ${res.status} ${await res.clone().text()}`);
  return ((await res.json()) as { id: number }[]).map((u) => u.id);
}

test('_page without _limit pages by 10, and Link names the real last page', async () => {
  await withUsers(named(15), async (s) => {
    assert.deepEqual(await ids(s, '?_page=2'), [11, 12, 13, 14, 15]);
    const res = await s.call('/users?_page=1');
    assert.deepEqual(((await res.json()) as unknown[]).length, 10);
    assert.match(res.headers.get('link') ?? '', /_page=2&_limit=10>; rel="last"/);
    // A list without paging parameters still shows up to 100 rows.
    assert.equal((await ids(s, '')).length, 15);
  });
});

test('_per_page is json-server 1.0’s _limit; both at once is a 400 naming them', async () => {
  await withUsers(named(5), async (s) => {
    assert.deepEqual(await ids(s, '?_page=2&_per_page=2'), [3, 4]);
    const res = await s.call('/users?_per_page=2&_limit=3');
    assert.equal(res.status, 400);
    assert.match(await errorOf(res), /_limit.*_per_page/);
    assert.equal((await s.call('/users?_per_page=x')).status, 400);
  });
});

test('repeated _like values are ORed; one _like still narrows', async () => {
  await withUsers(
    [{ name: 'Technology' }, { name: 'Photography' }, { name: 'photo' }, { name: 'Music' }],
    async (s) => {
      assert.deepEqual(await ids(s, '?name_like=photo'), [2, 3]);
      assert.deepEqual(await ids(s, '?name_like=photo&name_like=tech'), [1, 2, 3]);
      // Combined with another filter, the OR stays inside its own parentheses.
      assert.deepEqual(await ids(s, '?name_like=photo&name_like=tech&id_ne=2'), [1, 3]);
    },
  );
});

test('the first q wins; later ones are ignored', async () => {
  await withUsers([{ name: 'foo' }, { name: 'bar' }], async (s) => {
    assert.deepEqual(await ids(s, '?q=foo&q=bar'), [1]);
    assert.deepEqual(await ids(s, '?q=bar&q=foo'), [2]);
  });
});

test('q searches the text of json fields too', async () => {
  await withUsers(
    [
      { name: 'Ada', meta: { city: 'Paris' } },
      { name: 'Alan', meta: ['London'] },
    ],
    async (s) => {
      assert.deepEqual(await ids(s, '?q=paris'), [1]);
      assert.deepEqual(await ids(s, '?q=london'), [2]);
    },
  );
});

const NUMBERS = `
schemas:
  Reading:
    properties:
      id: integer
      value: number
endpoints:
  - resource: Reading
seed:
  Reading:
    - { value: 1 }
    - { value: 2 }
`;

test('q on a schema without text fields matches nothing (and says why in the log)', async () => {
  const s = await serve(NUMBERS);
  try {
    const res = await s.call('/readings?q=1');
    assert.deepEqual(await res.json(), []);
    assert.match(s.engine.log.entries().at(-1)?.notes.join(' ') ?? '', /q matches nothing: Reading has no text fields/);
  } finally {
    await s.close();
  }
});

test('_delay is ignored unless server.allowDelayParam is on, then it delays the answer', async () => {
  await withUsers(named(1), async (s) => {
    const started = performance.now();
    assert.equal((await s.call('/users?_delay=600')).status, 200);
    assert.ok(performance.now() - started < 500, 'no delay by default');
  });
  const delayed = USERS_CONFIG.replace('schemas:', 'server: { allowDelayParam: true }\nschemas:');
  await withUsers(
    named(1),
    async (s) => {
      const started = performance.now();
      assert.equal((await s.call('/users?_delay=600')).status, 200);
      assert.ok(performance.now() - started >= 590, 'delayed by _delay');
    },
    delayed,
  );
});

test('_delay is bounded: at most a minute, whole numbers only', () => {
  assert.equal(delayParam(new URLSearchParams('_delay=999999999')), MAX_DELAY_PARAM);
  assert.equal(delayParam(new URLSearchParams('_delay=-5')), undefined);
  assert.equal(delayParam(new URLSearchParams('_delay=1e9')), undefined);
  assert.equal(delayParam(new URLSearchParams('_delay=250')), 250);
});

const KEYED = `
schemas:
  Post:
    properties:
      _id: integer
      body: string
  Tag:
    properties:
      code: string
      label: string
endpoints:
  - resource: Post
    key: _id
  - resource: Tag
    key: code
`;

test('a resource keyed by an integer field other than id gets it generated, like id', async () => {
  const s = await serve(KEYED);
  try {
    const first = await s.send('POST', '/posts', { body: 'hello' });
    assert.equal(first.status, 201);
    assert.deepEqual(await first.json(), { _id: 1, body: 'hello' });
    assert.match(first.headers.get('location') ?? '', /\/posts\/1$/);
    assert.deepEqual(await (await s.send('POST', '/posts', { body: 'again' })).json(), { _id: 2, body: 'again' });
    assert.deepEqual(await (await s.call('/posts/2')).json(), { _id: 2, body: 'again' });
  } finally {
    await s.close();
  }
});

test('a resource keyed by a text field refuses a create without it with a 400 naming it', async () => {
  const s = await serve(KEYED);
  try {
    const res = await s.send('POST', '/tags', { label: 'no code' });
    assert.equal(res.status, 400);
    assert.match(await errorOf(res), /code/);
    assert.equal((await s.send('POST', '/tags', { code: 'a', label: 'ok' })).status, 201);
  } finally {
    await s.close();
  }
});

test('json-server mode: _like is a case-insensitive regular expression, repeated ones ORed', async () => {
  await withUsers(
    [{ name: 'Technology' }, { name: 'Photography' }, { name: 'photo' }],
    async (s) => {
      assert.deepEqual(await ids(s, '?name_like=^photo'), [2, 3]);
      assert.deepEqual(await ids(s, '?name_like=y$'), [1, 2]);
      assert.deepEqual(await ids(s, '?name_like=^tech&name_like=^photo$'), [1, 3]);
    },
    USERS_CONFIG,
    { jsonServer: usersJsonServerMode() },
  );
});

test('json-server mode: = and _ne on a json field compare its text, so postId=1 finds 1 and "1" alike; YAML mode compares JSON', async () => {
  // A db.json whose rows mix 1 and "1" (a form posted text) infers a json field, as `meta` is here.
  const rows = [
    { name: 'n', meta: 1 },
    { name: 't', meta: '1' },
    { name: 'x', meta: 'x' },
    { name: 'b', meta: true },
    { name: 'o', meta: { a: 1 } },
    { name: 'none' },
  ];
  await withUsers(
    rows,
    async (s) => {
      assert.deepEqual(await ids(s, '?meta=1'), [1, 2]);
      assert.deepEqual(await ids(s, '?meta=1&meta=x'), [1, 2, 3]);
      assert.deepEqual(await ids(s, '?meta=true'), [4]);
      // As json-server's _ne: rows without the field are left out.
      assert.deepEqual(await ids(s, '?meta_ne=1'), [3, 4, 5]);
      assert.deepEqual(await ids(s, '?meta=2'), []);
    },
    USERS_CONFIG,
    { jsonServer: usersJsonServerMode() },
  );
  await withUsers(rows, async (s) => {
    assert.deepEqual(await ids(s, '?meta=1'), [1]);
    assert.deepEqual(await ids(s, '?meta=%221%22'), [2]);
  });
});

test('json-server mode: = with text the field cannot read (postId=undefined) matches nothing, and _ne every row, instead of a 400; YAML mode keeps the 400', async () => {
  const rows = [
    { name: 'a', age: 30 },
    { name: 'b', age: 40 },
  ];
  await withUsers(
    rows,
    async (s) => {
      assert.deepEqual(await ids(s, '?age=undefined'), []);
      assert.deepEqual(await ids(s, '?age=undefined&age=40'), [2]);
      assert.deepEqual(await ids(s, '?age_ne=abc'), [1, 2]);
      assert.deepEqual(await ids(s, '?active=maybe'), []);
    },
    USERS_CONFIG,
    { jsonServer: usersJsonServerMode() },
  );
  await withUsers(rows, async (s) => {
    assert.equal((await s.call('/users?age=undefined')).status, 400);
  });
});

test('json-server mode: a catastrophic-backtracking _like pattern answers at once (RE2), a long or broken one is a 400', async () => {
  const long = 'a'.repeat(5000);
  await withUsers(
    [{ name: `${long}!` }],
    async (s) => {
      const started = performance.now();
      assert.deepEqual(await ids(s, `?name_like=${encodeURIComponent('^(a+)+$')}`), []);
      assert.deepEqual(await ids(s, `?name_like=${encodeURIComponent('(a|aa)*b')}`), []);
      assert.ok(performance.now() - started < 2000, `took ${performance.now() - started} ms`);
      const tooLong = await s.call(`/users?name_like=${'a'.repeat(257)}`);
      assert.equal(tooLong.status, 400);
      const broken = await s.call(`/users?name_like=${encodeURIComponent('(')}`);
      assert.equal(broken.status, 400);
      // Backreferences, which need backtracking, are not RE2's.
      assert.equal((await s.call(`/users?name_like=${encodeURIComponent('(a)\\1')}`)).status, 400);
    },
    USERS_CONFIG,
    { jsonServer: usersJsonServerMode() },
  );
});

test('json-server mode: --routes rules rewrite as json-server does, and a long URL is not tried (no backtracking blow-up)', async () => {
  const { compileRules, MAX_REWRITTEN_URL } = await import('../src/json-server/rewrite.js');
  const rewrite = compileRules([
    { from: '/api/*', to: '/$1' },
    { from: '/comments/special/:userId-:body', to: '/comments/?userId=:userId&body=:body' },
    { from: '/articles\\?_id=:id', to: '/posts/:id' },
    { from: '/:a-:b-:c-:d-:e', to: '/x' },
  ]);
  assert.equal(rewrite('/api/posts/1?_embed=comments'), '/posts/1?_embed=comments');
  assert.equal(rewrite('/comments/special/1-quux'), '/comments/?userId=1&body=quux');
  assert.equal(rewrite('/articles?_id=7'), '/posts/7');
  assert.equal(rewrite('/nothing/here'), '/nothing/here');
  const long = `/${'-'.repeat(MAX_REWRITTEN_URL + 10)}`;
  const started = performance.now();
  assert.equal(rewrite(long), long);
  assert.ok(performance.now() - started < 100);
});

test('json-server mode answers a page text as json-server would, the same each time it is asked, and each other text its own way', async () => {
  const { jsonServerReply } = await import('../src/json-server/habits.js');
  const answer = (json: string) => jsonServerReply('GET', { status: 200, json }, {}).json;
  const plain = '[{"id":1,"name":"a","_extra":null},{"id":2,"name":"b","_extra":null}]';
  const extras = '[{"id":1,"name":null,"_extra":{"x":1}}]';
  for (let i = 0; i < 2; i++) {
    assert.equal(answer(plain), '[{"id":1,"name":"a"},{"id":2,"name":"b"}]');
    assert.equal(answer(extras), '[{"x":1,"id":1}]');
  }
  // The same text built anew (not the same string) answers the same.
  assert.equal(answer(`${plain.slice(0, 10)}${plain.slice(10)}`), '[{"id":1,"name":"a"},{"id":2,"name":"b"}]');
  assert.equal(answer('{"id":3,"name":"c","_extra":null}'), '{"id":3,"name":"c"}');
  // Many pages in turn (a list paged back and forth), some with null fields, then a text too long to keep: each its own answer, every time.
  const pages = Array.from({ length: 50 }, (_, p) => ({
    text: `[{"id":${p},"name":${p % 2 ? 'null' : `"n${p}"`},"_extra":null}]`,
    answer: p % 2 ? `[{"id":${p}}]` : `[{"id":${p},"name":"n${p}"}]`,
  }));
  for (let round = 0; round < 3; round++) for (const page of pages) assert.equal(answer(page.text), page.answer);
  const long = `[${Array.from({ length: 30_000 }, (_, i) => `{"id":${i},"name":null,"_extra":null}`).join(',')}]`;
  for (let i = 0; i < 2; i++)
    assert.equal(answer(long), JSON.stringify(Array.from({ length: 30_000 }, (_, id) => ({ id }))));
});

test('json-server mode: every answer says not to cache it, and a reply given again is not changed by being answered', async () => {
  await withUsers(
    named(3),
    async (s) => {
      for (const path of ['/users?_page=1&_limit=2', '/users/1', '/users/99', '/nowhere']) {
        const res = await s.call(path);
        assert.equal(res.headers.get('cache-control'), 'no-cache', path);
        assert.equal(res.headers.get('pragma'), 'no-cache', path);
        assert.equal(res.headers.get('expires'), '-1', path);
      }
      const page = await s.call('/users?_page=1&_limit=2');
      assert.equal(page.headers.get('x-total-count'), '3');
      assert.deepEqual(await page.json(), [
        { id: 1, name: 'u1' },
        { id: 2, name: 'u2' },
      ]);
    },
    USERS_CONFIG,
    { jsonServer: usersJsonServerMode() },
  );
  // The headers go on the response's own object: a reply (a static endpoint's is one object for every request) keeps its own.
  const { jsonServerReply } = await import('../src/json-server/habits.js');
  const given = { status: 404, json: '{"error":"x"}', headers: { Allow: 'GET' } };
  const response: Record<string, unknown> = {};
  assert.deepEqual(jsonServerReply('GET', given, response), { status: 404, json: '{}', headers: { Allow: 'GET' } });
  assert.deepEqual(given.headers, { Allow: 'GET' });
  assert.deepEqual(response, { 'Cache-Control': 'no-cache', Pragma: 'no-cache', Expires: '-1' });
});
