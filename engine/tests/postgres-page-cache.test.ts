/**
 * List pages kept on PostgreSQL (store/postgres/table-store.ts `list`): a kept page is answered only
 * while PostgreSQL's snapshot is the one it was read in. Two replicas on one real database, and a
 * plain client standing for any other program writing it.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { Engine } from '../src/engine.js';
import type { PostgresTableStore } from '../src/store/postgres/table-store.js';
import { tempDir } from './helpers.js';
import { BOOKS_CONFIG, FIRST_PAGE, titlesAt } from './page-cache-fixture.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';

const skip = POSTGRES_SKIP_REASON;
let server: TestPostgres | undefined;

before(async () => {
  if (!skip) server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

interface Replica {
  engine: Engine;
  url: string;
}

/** `count` engines on one PostgreSQL schema, as `mockyard serve` replicas would be. */
async function replicas(schema: string, count: number): Promise<{ list: Replica[]; close(): Promise<void> }> {
  const { dir, cleanup } = tempDir();
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, BOOKS_CONFIG);
  const list: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const engine = new Engine({ configPath, port: 0, host: '127.0.0.1', database: server?.url, schema });
    const applied = await engine.apply(BOOKS_CONFIG);
    assert.ok(applied.ok);
    list.push({ engine, url: (await engine.start()).url });
  }
  return {
    list,
    close: async () => {
      for (const r of list) await r.engine.stop();
      cleanup();
    },
  };
}

const titles = (r: Replica, path = '/books'): Promise<string[]> => titlesAt(r.url + path);

const send = (r: Replica, method: string, path: string, body: unknown): Promise<Response> =>
  fetch(r.url + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('a kept list page is answered only while no replica or other client has committed a change', {
  skip,
}, async () => {
  const { list, close } = await replicas('page_cache_replicas', 2);
  const [a, b] = list as [Replica, Replica];
  const other = new pg.Client(server?.url);
  await other.connect();
  try {
    assert.deepEqual(await titles(a), ['Notes']);
    assert.deepEqual(await titles(a), ['Notes'], 'the same list again');

    // A write on another replica shows on this one at once (no waiting for its notification).
    assert.equal((await send(b, 'POST', '/books', { title: 'Second', authorId: 1 })).status, 201);
    assert.deepEqual(await titles(a), ['Notes', 'Second']);
    assert.equal((await send(b, 'PATCH', '/books/2', { title: 'Second, revised' })).status, 200);
    assert.deepEqual(await titles(a), ['Notes', 'Second, revised']);

    // Another program: an open transaction's write is not seen, its commit is.
    await other.query('BEGIN');
    await other.query(`INSERT INTO page_cache_replicas.books (title, "authorId") VALUES ('Outside', 1)`);
    assert.deepEqual(await titles(a), ['Notes', 'Second, revised']);
    await other.query('COMMIT');
    assert.deepEqual(await titles(a), ['Notes', 'Second, revised', 'Outside']);
    await other.query('DELETE FROM page_cache_replicas.books');
    assert.deepEqual(await titles(a), []);
    await other.query(`INSERT INTO page_cache_replicas.books (title, "authorId") VALUES ('Back', 1)`);

    // A change to another table shows in a list that embeds it.
    const expanded = async (): Promise<unknown> => {
      const res = await fetch(`${a.url}/books?_expand=author`);
      return ((await res.json()) as { author?: { name: string } }[]).map((x) => x.author?.name);
    };
    assert.deepEqual(await expanded(), ['Ada']);
    assert.equal((await send(b, 'PATCH', '/authors/1', { name: 'Ada L.' })).status, 200);
    assert.deepEqual(await expanded(), ['Ada L.']);
  } finally {
    await other.end();
    await close();
  }
});

test('an unchanged list is not read again; inside a transaction nothing is kept', { skip }, async () => {
  const { list, close } = await replicas('page_cache_tx', 1);
  const engine = (list[0] as Replica).engine;
  try {
    const books = engine.tableStore('Book') as PostgresTableStore;
    // The snapshot is the whole cluster's: under `npm test` other test files share this server, and
    // any transaction they commit between two reads rightly drops the kept page. So the claim is that
    // some pair of reads in a quiet moment gives the same object; a cache that never keeps fails all.
    let first = await books.list(FIRST_PAGE);
    let kept = false;
    for (let attempt = 0; attempt < 50 && !kept; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      first = await books.list(FIRST_PAGE);
      kept = (await books.list(FIRST_PAGE)) === first;
    }
    assert.ok(kept, 'the same page object: not read again');
    assert.notEqual(await books.list({ ...FIRST_PAGE, offset: 1 }), first, 'another page is another entry');

    await assert.rejects(
      books.transaction(async () => {
        await books.create({ title: 'Uncommitted', authorId: 1 }, []);
        assert.match((await books.list(FIRST_PAGE)).body, /Uncommitted/, 'the transaction sees its own write');
        await books.update(['id'], ['1'], { title: 'Renamed, uncommitted' }, 'patch');
        assert.match((await books.list(FIRST_PAGE)).body, /Renamed, uncommitted/, 'and its next one');
        throw new Error('roll back');
      }),
      /^Error: roll back$/,
    );
    const after = await books.list(FIRST_PAGE);
    assert.doesNotMatch(after.body, /ncommitted/);
    assert.match(after.body, /Notes/);
    assert.equal(after.total, 1);

    // A total the caller already knows (the data browser's later pages) is part of what is asked.
    await books.create({ title: 'Second', authorId: 1 }, []);
    const one = { ...FIRST_PAGE, limit: 1 };
    assert.equal((await books.list(one, 7)).total, 7);
    assert.equal((await books.list(one, 9)).total, 9);
  } finally {
    await close();
  }
});
