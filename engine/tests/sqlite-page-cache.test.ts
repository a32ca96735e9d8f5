/**
 * List pages kept between requests (engine/src/store/sqlite/page-cache.ts): a list is answered from
 * the cache only while the database is as it was, whoever changed it. Real SQLite files, real HTTP,
 * and a second connection standing for another program writing the same file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { ListQuery } from '../src/store/list-query.js';
import type { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { SqliteTableStore } from '../src/store/sqlite/table-store.js';
import { serve, sqliteOnly, yaml } from './helpers.js';

const CONFIG = yaml`
  schemas:
    Author:
      properties:
        id: integer
        name: string
    Book:
      properties:
        id: integer
        title: { type: string, required: true }
        authorId: { type: integer, references: Author }
  endpoints:
    - resource: Author
    - resource: Book
  seed:
    Author:
      - { name: Ada }
    Book:
      - { title: Notes, authorId: 1 }
`;

const query: ListQuery = {
  conditions: [],
  sort: [],
  limit: 100,
  offset: 0,
  page: 1,
  paged: false,
  notes: [],
  window: 'page',
  simpleRest: false,
};

const titles = async (call: (path: string) => Promise<Response>, path = '/books'): Promise<string[]> => {
  const res = await call(path);
  assert.equal(res.status, 200);
  return ((await res.json()) as { title: string }[]).map((b) => b.title);
};

test('a kept list page is answered only while the database is unchanged, by this process or another', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(CONFIG, { admin: true });
  const other = new Database((s.engine.store as SqliteStore).location);
  try {
    assert.deepEqual(await titles(s.call), ['Notes']);
    assert.deepEqual(await titles(s.call), ['Notes'], 'the same list again');

    // Writes through the API.
    assert.equal((await s.send('POST', '/books', { title: 'Second', authorId: 1 })).status, 201);
    assert.deepEqual(await titles(s.call), ['Notes', 'Second']);
    assert.equal((await s.send('PATCH', '/books/2', { title: 'Second, revised' })).status, 200);
    assert.deepEqual(await titles(s.call), ['Notes', 'Second, revised']);
    assert.equal((await s.call('/books/1', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await titles(s.call), ['Second, revised']);

    // Another program writing the file: each commit shows at once.
    other.prepare('INSERT INTO books (title, authorId) VALUES (?, 1)').run('From outside');
    assert.deepEqual(await titles(s.call), ['Second, revised', 'From outside']);
    other.prepare('DELETE FROM books').run();
    assert.deepEqual(await titles(s.call), []);
    other.prepare('INSERT INTO books (title, authorId) VALUES (?, 1)').run('Back');

    // A change to another table shows in a list that embeds it.
    const expanded = async (): Promise<unknown> => {
      const res = await s.call('/books?_expand=author');
      return ((await res.json()) as { author?: { name: string } }[]).map((b) => b.author?.name);
    };
    assert.deepEqual(await expanded(), ['Ada']);
    assert.equal((await s.send('PATCH', '/authors/1', { name: 'Ada L.' })).status, 200);
    assert.deepEqual(await expanded(), ['Ada L.']);

    // The admin reset puts the seed back.
    const reset = await s.call('/__mockyard/reset', {
      method: 'POST',
      headers: { authorization: `Bearer ${s.engine.adminToken}` },
    });
    assert.equal(reset.status, 200);
    assert.deepEqual(await titles(s.call), ['Notes']);
  } finally {
    other.close();
    await s.close();
  }
});

test('inside a transaction a list is read, not kept: a rolled-back write never shows afterwards', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(CONFIG);
  try {
    const books = s.engine.tableStore('Book') as SqliteTableStore;
    assert.equal(books.list(query).total, 1);
    assert.throws(
      () =>
        (s.engine.store as SqliteStore).transaction(() => {
          books.create({ title: 'Uncommitted', authorId: 1 }, []);
          assert.match(books.list(query).body, /Uncommitted/, 'the transaction sees its own write');
          throw new Error('roll back');
        }),
      /^Error: roll back$/,
    );
    assert.doesNotMatch(books.list(query).body, /Uncommitted/);
    assert.deepEqual(await titles(s.call), ['Notes']);
  } finally {
    await s.close();
  }
});

test('an unchanged database answers a list from the cache; a change reads it again', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(CONFIG);
  try {
    const books = s.engine.tableStore('Book') as SqliteTableStore;
    const first = books.list(query);
    assert.equal(books.list(query), first, 'the same page object: not read again');
    assert.notEqual(books.list({ ...query, offset: 1 }), first, 'another page is another entry');
    assert.equal(books.list(query), first);
    books.create({ title: 'New' }, []);
    const after = books.list(query);
    assert.notEqual(after, first);
    assert.equal(after.total, 2);
  } finally {
    await s.close();
  }
});
