/**
 * List pages kept between requests (engine/src/store/sqlite/page-cache.ts): a list is answered from
 * the cache only while the database is as it was, whoever changed it. Real SQLite files, real HTTP,
 * and a second connection standing for another program writing the same file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { SqliteTableStore } from '../src/store/sqlite/table-store.js';
import { serve, sqliteOnly } from './helpers.js';
import { BOOKS_CONFIG, FIRST_PAGE, titlesAt } from './page-cache-fixture.js';

const titles = (call: { url: string }, path = '/books'): Promise<string[]> => titlesAt(call.url + path);

test('a kept list page is answered only while the database is unchanged, by this process or another', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(BOOKS_CONFIG, { admin: true });
  const other = new Database((s.engine.store as SqliteStore).location);
  try {
    assert.deepEqual(await titles(s), ['Notes']);
    assert.deepEqual(await titles(s), ['Notes'], 'the same list again');

    // Writes through the API.
    assert.equal((await s.send('POST', '/books', { title: 'Second', authorId: 1 })).status, 201);
    assert.deepEqual(await titles(s), ['Notes', 'Second']);
    assert.equal((await s.send('PATCH', '/books/2', { title: 'Second, revised' })).status, 200);
    assert.deepEqual(await titles(s), ['Notes', 'Second, revised']);
    assert.equal((await s.call('/books/1', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await titles(s), ['Second, revised']);

    // Another program writing the file: each commit shows at once.
    other.prepare('INSERT INTO books (title, authorId) VALUES (?, 1)').run('From outside');
    assert.deepEqual(await titles(s), ['Second, revised', 'From outside']);
    other.prepare('DELETE FROM books').run();
    assert.deepEqual(await titles(s), []);
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
    assert.deepEqual(await titles(s), ['Notes']);
  } finally {
    other.close();
    await s.close();
  }
});

test('inside a transaction a list is read, not kept: a rolled-back write never shows afterwards', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(BOOKS_CONFIG);
  try {
    const books = s.engine.tableStore('Book') as SqliteTableStore;
    assert.equal(books.list(FIRST_PAGE).total, 1);
    assert.throws(
      () =>
        (s.engine.store as SqliteStore).transaction(() => {
          books.create({ title: 'Uncommitted', authorId: 1 }, []);
          assert.match(books.list(FIRST_PAGE).body, /Uncommitted/, 'the transaction sees its own write');
          throw new Error('roll back');
        }),
      /^Error: roll back$/,
    );
    assert.doesNotMatch(books.list(FIRST_PAGE).body, /Uncommitted/);
    assert.deepEqual(await titles(s), ['Notes']);
  } finally {
    await s.close();
  }
});

test('an unchanged database answers a list from the cache; a change reads it again', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(BOOKS_CONFIG);
  try {
    const books = s.engine.tableStore('Book') as SqliteTableStore;
    const first = books.list(FIRST_PAGE);
    assert.equal(books.list(FIRST_PAGE), first, 'the same page object: not read again');
    assert.notEqual(books.list({ ...FIRST_PAGE, offset: 1 }), first, 'another page is another entry');
    assert.equal(books.list(FIRST_PAGE), first);
    books.create({ title: 'New' }, []);
    const after = books.list(FIRST_PAGE);
    assert.notEqual(after, first);
    assert.equal(after.total, 2);

    // A total the caller already knows (the data browser's later pages) is part of what is asked.
    const one = { ...FIRST_PAGE, limit: 1 };
    assert.equal(books.list(one, 7).total, 7);
    assert.equal(books.list(one, 9).total, 9);
  } finally {
    await s.close();
  }
});
