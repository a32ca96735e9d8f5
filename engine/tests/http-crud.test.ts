import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, USERS_CONFIG, yaml, sqliteOnly } from './helpers.js';
import { BLOG_CONFIG, createAll, dbOf, errorOf, rowCount } from './http-fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const EMPTY_USER = { email: null, age: null, score: null, active: null, born: null, meta: null };

test('POST creates a record and answers 201 with the record and a Location header', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.send('POST', '/users', { name: 'Ada', email: 'ada@example.com' });
    assert.equal(res.status, 201);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('location'), '/users/1');
    assert.deepEqual(await res.json(), { ...EMPTY_USER, id: 1, name: 'Ada', email: 'ada@example.com' });
    assert.equal(await rowCount(s, 'users'), 1);
  } finally {
    await s.close();
  }
});

test('integer ids are auto-assigned in sequence', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const created = await createAll(s, '/users', [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    assert.deepEqual(
      created.map((r) => r.id),
      [1, 2, 3],
    );
  } finally {
    await s.close();
  }
});

test('a client-supplied integer id on POST is stored as given', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.send('POST', '/users', { id: 42, name: 'Answer' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), '/users/42');
    assert.equal(((await res.json()) as { id: number }).id, 42);
    assert.equal((await s.call('/users/42')).status, 200);
  } finally {
    await s.close();
  }
});

test('a null id on POST is treated as absent and auto-assigned', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.send('POST', '/users', { id: null, name: 'Nil' });
    assert.equal(res.status, 201);
    assert.equal(((await res.json()) as { id: number }).id, 1);
  } finally {
    await s.close();
  }
});

test('GET by id returns the record with every field typed as declared', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const sent = {
      name: 'Grace',
      email: 'grace@example.com',
      age: 85,
      score: 9.75,
      active: false,
      born: '1906-12-09T00:00:00.000Z',
      meta: { langs: ['COBOL', 'FLOW-MATIC'], rank: 1, retired: true, note: null },
    };
    await createAll(s, '/users', [sent]);
    const res = await s.call('/users/1');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 1, ...sent });
  } finally {
    await s.close();
  }
});

test('boolean fields come back as true and false, not 1 and 0', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [
      { name: 'T', active: true },
      { name: 'F', active: false },
    ]);
    const t = (await (await s.call('/users/1')).json()) as { active: unknown };
    const f = (await (await s.call('/users/2')).json()) as { active: unknown };
    assert.equal(t.active, true);
    assert.equal(f.active, false);
  } finally {
    await s.close();
  }
});

test('json fields keep any JSON value: object, array, string, number, boolean and null', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const values: unknown[] = [
      { a: { b: [1, 'two', null] } },
      [1, [2, [3]]],
      'just text',
      '{"looks":"like json"}',
      12.5,
      0,
      false,
      true,
      null,
    ];
    for (const [i, meta] of values.entries()) {
      const res = await s.send('POST', '/users', { name: `u${i}`, meta });
      assert.equal(res.status, 201, `meta ${JSON.stringify(meta)}`);
      assert.deepEqual(((await res.json()) as { meta: unknown }).meta, meta);
      const read = (await (await s.call(`/users/${i + 1}`)).json()) as { meta: unknown };
      assert.deepEqual(read.meta, meta, `meta ${JSON.stringify(meta)} read back`);
    }
  } finally {
    await s.close();
  }
});

test('string fields holding numeric-looking text stay text', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: '007', email: '1e3' }]);
    const read = (await (await s.call('/users/1')).json()) as { name: unknown; email: unknown };
    assert.equal(read.name, '007');
    assert.equal(read.email, '1e3');
  } finally {
    await s.close();
  }
});

test('integer and number fields come back as JSON numbers, including the largest safe integer', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'big', age: Number.MAX_SAFE_INTEGER, score: -0.125 }]);
    const read = (await (await s.call('/users/1')).json()) as { age: unknown; score: unknown };
    assert.equal(read.age, Number.MAX_SAFE_INTEGER);
    assert.equal(read.score, -0.125);
    assert.equal(dbOf(s).prepare('SELECT typeof(age) FROM users').pluck().get(), 'integer');
  } finally {
    await s.close();
  }
});

test('datetime fields are stored and returned in UTC to the millisecond', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'd', born: '2024-05-01T12:30:45.123+02:00' }]);
    const read = (await (await s.call('/users/1')).json()) as { born: unknown };
    assert.equal(read.born, '2024-05-01T10:30:45.123Z');
  } finally {
    await s.close();
  }
});

test('GET of a missing record answers 404 Not found', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.call('/users/999');
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
  } finally {
    await s.close();
  }
});

test('GET /posts/:slug looks the record up by its slug column', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/posts', [
      { slug: 'first', title: 'One' },
      { slug: 'hello-world', title: 'Hello' },
    ]);
    const res = await s.call('/posts/hello-world');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 2, slug: 'hello-world', title: 'Hello', authorId: null, views: 0 });
    assert.equal((await s.call('/posts/2')).status, 404, 'the id is not the key here');
  } finally {
    await s.close();
  }
});

test('POST to a slug-keyed collection answers a Location built from the slug', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/posts', { slug: 'a b/c', title: 'Odd' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), '/posts/a%20b%2Fc');
  } finally {
    await s.close();
  }
});

test('a field default fills in when a create leaves the field out', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/posts', { slug: 'x' });
    assert.equal(((await res.json()) as { views: unknown }).views, 0);
  } finally {
    await s.close();
  }
});

test('a string id gets a UUID when the client sends none', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/notes', { text: 'remember' });
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    assert.match(id, UUID);
    assert.equal(res.headers.get('location'), `/notes/${id}`);
    const read = await s.call(`/notes/${id}`);
    assert.deepEqual(await read.json(), { id, text: 'remember' });
  } finally {
    await s.close();
  }
});

test('every generated UUID is distinct', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const created = await createAll(s, '/notes', [{ text: '1' }, { text: '2' }, { text: '3' }]);
    assert.equal(new Set(created.map((r) => r.id)).size, 3);
  } finally {
    await s.close();
  }
});

test('a client-supplied string id is stored as given', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/notes', { id: 'my-note', text: 'mine' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), '/notes/my-note');
    assert.deepEqual(await (await s.call('/notes/my-note')).json(), { id: 'my-note', text: 'mine' });
  } finally {
    await s.close();
  }
});

test('a client-supplied natural key on POST is stored as given and found by it', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/accounts', { guid: 'acct-7f3a', name: 'Seven' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), '/accounts/acct-7f3a');
    assert.deepEqual(await res.json(), { guid: 'acct-7f3a', name: 'Seven' });
    assert.deepEqual(await (await s.call('/accounts/acct-7f3a')).json(), { guid: 'acct-7f3a', name: 'Seven' });
  } finally {
    await s.close();
  }
});

test('a duplicate value of a unique field answers 409 and stores nothing', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'A', email: 'same@example.com' }]);
    const res = await s.send('POST', '/users', { name: 'B', email: 'same@example.com' });
    assert.equal(res.status, 409);
    assert.equal(await errorOf(res), 'A User with email "same@example.com" already exists.');
    assert.equal(await rowCount(s, 'users'), 1);
  } finally {
    await s.close();
  }
});

test('a duplicate client-supplied id answers 409', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ id: 5, name: 'A' }]);
    const res = await s.send('POST', '/users', { id: 5, name: 'B' });
    assert.equal(res.status, 409);
    assert.equal(await errorOf(res), 'A User with id 5 already exists.');
  } finally {
    await s.close();
  }
});

test('a duplicate natural key answers 409', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/accounts', [{ guid: 'g1', name: 'one' }]);
    const res = await s.send('POST', '/accounts', { guid: 'g1', name: 'two' });
    assert.equal(res.status, 409);
    assert.match(await errorOf(res), /guid "g1"/);
  } finally {
    await s.close();
  }
});

test('PATCH merges the sent fields into the record and leaves the others', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada', email: 'ada@example.com', age: 36, meta: { x: 1 } }]);
    const res = await s.send('PATCH', '/users/1', { age: 37, active: true });
    assert.equal(res.status, 200);
    const expected = {
      ...EMPTY_USER,
      id: 1,
      name: 'Ada',
      email: 'ada@example.com',
      age: 37,
      active: true,
      meta: { x: 1 },
    };
    assert.deepEqual(await res.json(), expected);
    assert.deepEqual(await (await s.call('/users/1')).json(), expected);
  } finally {
    await s.close();
  }
});

test('PATCH with null clears an optional field', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada', age: 36 }]);
    const res = await s.send('PATCH', '/users/1', { age: null });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { age: unknown }).age, null);
  } finally {
    await s.close();
  }
});

test('PATCH with an empty object answers the record unchanged', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada' }]);
    const res = await s.send('PATCH', '/users/1', {});
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ...EMPTY_USER, id: 1, name: 'Ada' });
  } finally {
    await s.close();
  }
});

test('PATCH of a missing record answers 404', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.send('PATCH', '/users/9', { age: 1 });
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
    assert.equal(await rowCount(s, 'users'), 0);
  } finally {
    await s.close();
  }
});

test('PATCH may send the id when it equals the id in the path', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada' }]);
    const res = await s.send('PATCH', '/users/1', { id: 1, name: 'Ada L.' });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { name: string }).name, 'Ada L.');
  } finally {
    await s.close();
  }
});

test('PATCH cannot move a record to another id: a different id in the body answers 400', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada' }]);
    const res = await s.send('PATCH', '/users/1', { id: 2 });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), 'Field \'id\' is 2 in the body but "1" in the path.');
    assert.equal((await s.call('/users/1')).status, 200);
    assert.equal((await s.call('/users/2')).status, 404);
  } finally {
    await s.close();
  }
});

test('PATCH to a value taken by another record of a unique field answers 409', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [
      { name: 'A', email: 'a@x' },
      { name: 'B', email: 'b@x' },
    ]);
    const res = await s.send('PATCH', '/users/2', { email: 'a@x' });
    assert.equal(res.status, 409);
    assert.equal(await errorOf(res), 'A User with email "a@x" already exists.');
    assert.equal(((await (await s.call('/users/2')).json()) as { email: string }).email, 'b@x');
  } finally {
    await s.close();
  }
});

test('PATCH by slug updates the post found by its slug', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/posts', [
      { slug: 'a', title: 'A' },
      { slug: 'b', title: 'B' },
    ]);
    const res = await s.send('PATCH', '/posts/b', { title: 'Bee' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 2, slug: 'b', title: 'Bee', authorId: null, views: 0 });
    assert.equal(((await (await s.call('/posts/a')).json()) as { title: string }).title, 'A');
  } finally {
    await s.close();
  }
});

test('PUT replaces the record: fields left out become null', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada', email: 'ada@example.com', age: 36, active: true }]);
    const res = await s.send('PUT', '/users/1', { name: 'Ada Lovelace', score: 1.5 });
    assert.equal(res.status, 200);
    const expected = { ...EMPTY_USER, id: 1, name: 'Ada Lovelace', score: 1.5 };
    assert.deepEqual(await res.json(), expected);
    assert.deepEqual(await (await s.call('/users/1')).json(), expected);
  } finally {
    await s.close();
  }
});

test('PUT leaving out a required field answers 400 and changes nothing', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada', age: 36 }]);
    const res = await s.send('PUT', '/users/1', { age: 40 });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Field 'name' is required.");
    assert.deepEqual(await (await s.call('/users/1')).json(), { ...EMPTY_USER, id: 1, name: 'Ada', age: 36 });
  } finally {
    await s.close();
  }
});

test('PUT with an id in the body different from the path answers 400', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada' }]);
    const res = await s.send('PUT', '/users/1', { id: 7, name: 'X' });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), 'Field \'id\' is 7 in the body but "1" in the path.');
  } finally {
    await s.close();
  }
});

test('PUT of a missing record answers 404 and creates nothing', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.send('PUT', '/users/3', { name: 'Ghost' });
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
    assert.equal(await rowCount(s, 'users'), 0);
  } finally {
    await s.close();
  }
});

test('DELETE answers 204 with no body and removes the record', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'A' }, { name: 'B' }]);
    const res = await s.call('/users/1', { method: 'DELETE' });
    assert.equal(res.status, 204);
    assert.equal(await res.text(), '');
    assert.equal(res.headers.get('content-type'), null);
    assert.equal((await s.call('/users/1')).status, 404);
    assert.equal(await rowCount(s, 'users'), 1);
  } finally {
    await s.close();
  }
});

test('DELETE of a missing record answers 404', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const res = await s.call('/users/1', { method: 'DELETE' });
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
  } finally {
    await s.close();
  }
});

test('DELETE declared with status 200 answers the deleted record', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/posts', [{ slug: 'gone', title: 'Bye' }]);
    const res = await s.call('/posts/gone', { method: 'DELETE' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 1, slug: 'gone', title: 'Bye', authorId: null, views: 0 });
    assert.equal(await rowCount(s, 'posts'), 0);
  } finally {
    await s.close();
  }
});

test('a static inline endpoint returns its JSON unchanged with the declared status', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.call('/about', { method: 'POST' });
    assert.equal(res.status, 202);
    assert.deepEqual(await res.json(), {
      name: 'Mockyard',
      tags: ['mock', 'ünïcode ✓'],
      nested: { n: 1.5, none: null, yes: true },
    });
  } finally {
    await s.close();
  }
});

test('a static endpoint ignores the request body, even a malformed one', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/about', '{ not json');
    assert.equal(res.status, 202);
    assert.equal(((await res.json()) as { name: string }).name, 'Mockyard');
  } finally {
    await s.close();
  }
});

test('a static endpoint does not touch the database: it still answers when the database is closed', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    dbOf(s).close();
    const res = await s.call('/health');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
  } finally {
    await s.close();
  }
});

test('a static endpoint may declare status 204 and then sends no body', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /ping
        method: DELETE
        status: 204
        response:
          inline: { ignored: true }
  `);
  try {
    const res = await s.call('/ping', { method: 'DELETE' });
    assert.equal(res.status, 204);
    assert.equal(await res.text(), '');
  } finally {
    await s.close();
  }
});

test("GET /users/:authorId/posts lists only that author's posts", async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/posts', [
      { slug: 'a1', authorId: 1 },
      { slug: 'b1', authorId: 2 },
      { slug: 'a2', authorId: 1 },
    ]);
    const res = await s.call('/users/1/posts');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), '2');
    assert.deepEqual(
      ((await res.json()) as { slug: string }[]).map((p) => p.slug),
      ['a1', 'a2'],
    );
    assert.deepEqual(await (await s.call('/users/3/posts')).json(), []);
  } finally {
    await s.close();
  }
});

test('POST /users/:authorId/posts sets authorId from the path, as an integer', { skip: sqliteOnly() }, async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/users/7/posts', { slug: 'nested' });
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { id: 1, slug: 'nested', title: null, authorId: 7, views: 0 });
    assert.equal(dbOf(s).prepare('SELECT typeof(authorId) FROM posts').pluck().get(), 'integer');
  } finally {
    await s.close();
  }
});

test('a nested POST whose body contradicts the path parameter answers 400', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/users/7/posts', { slug: 'nested', authorId: 8 });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Field 'authorId' is 8 in the body but 7 in the path.");
    assert.equal(await rowCount(s, 'posts'), 0);
  } finally {
    await s.close();
  }
});

test('a nested POST with a non-integer path parameter for an integer column answers 400', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/users/abc/posts', { slug: 'nested' });
    assert.equal(res.status, 400);
    assert.match(await errorOf(res), /authorId/);
    assert.equal(await rowCount(s, 'posts'), 0);
  } finally {
    await s.close();
  }
});

test('a list returns at most 100 rows even when the table holds more', { skip: sqliteOnly() }, async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const insert = dbOf(s).prepare('INSERT INTO users (name) VALUES (?)');
    dbOf(s).transaction(() => {
      for (let i = 0; i < 150; i++) insert.run(`user${i}`);
    })();
    const res = await s.call('/users');
    assert.equal(res.status, 200);
    const rows = (await res.json()) as { id: number }[];
    assert.equal(rows.length, 100);
    assert.equal(rows[0]?.id, 1);
    assert.equal(rows[99]?.id, 100);
    assert.equal(res.headers.get('x-total-count'), '150');
  } finally {
    await s.close();
  }
});

test('records created over HTTP are in the SQLite table with the declared storage types', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada', active: true, score: 2.5, meta: { a: 1 } }]);
    const row = dbOf(s).prepare('SELECT name, active, score, meta FROM users WHERE id = 1').get();
    assert.deepEqual(row, { name: 'Ada', active: 1, score: 2.5, meta: '{"a":1}' });
  } finally {
    await s.close();
  }
});

test('a schema whose only field is the auto id can still be created and replaced', async () => {
  const s = await serve(yaml`
    schemas:
      Counter:
        properties:
          id: integer
    endpoints:
      - resource: Counter
  `);
  try {
    const res = await s.send('POST', '/counters', {});
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { id: 1 });
    assert.equal(res.headers.get('location'), '/counters/1');
    const put = await s.send('PUT', '/counters/1', {});
    assert.equal(put.status, 200);
    assert.deepEqual(await put.json(), { id: 1 });
  } finally {
    await s.close();
  }
});

test('a nested POST answers a Location that can be read: the GET of the schema by its key', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const res = await s.send('POST', '/users/7/posts', { slug: 'nested' });
    assert.equal(res.headers.get('location'), '/posts/nested');
    assert.equal((await s.call(res.headers.get('location') ?? '')).status, 200);
  } finally {
    await s.close();
  }
});

test('a nested POST with a nested GET answers a Location under the same parent', async () => {
  const s = await serve(yaml`
    schemas:
      Comment:
        properties:
          id: integer
          postId: integer
          body: string
    endpoints:
      - path: /posts/:postId/comments
        method: POST
        response: { schema: Comment }
      - path: /posts/:postId/comments/:id
        method: GET
        response: { schema: Comment }
  `);
  try {
    const res = await s.send('POST', '/posts/3/comments', { body: 'hi' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), '/posts/3/comments/1');
    assert.deepEqual(await (await s.call('/posts/3/comments/1')).json(), { id: 1, postId: 3, body: 'hi' });
  } finally {
    await s.close();
  }
});

test('a POST with no GET endpoint to read the record sends no Location rather than a dead link', async () => {
  const s = await serve(yaml`
    schemas:
      Event:
        properties:
          id: integer
          kind: string
    endpoints:
      - path: /events
        method: POST
        response: { schema: Event }
      - path: /events
        method: GET
        response: { schema: Event, type: array }
  `);
  try {
    const res = await s.send('POST', '/events', { kind: 'click' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), null);
    assert.deepEqual(await res.json(), { id: 1, kind: 'click' });
  } finally {
    await s.close();
  }
});
