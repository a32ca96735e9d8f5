// json-server mode: filters and `_sort` on fields the db.json never had (stored in the hidden json
// field), as json-server filters and sorts on any field a record has. The classic start, an empty
// collection, makes every field such a field.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { jsonServerSetup } from '../src/index.js';
import { type Served, serve } from './helpers.js';

const DB = {
  todos: [],
  posts: [
    { id: 1, title: 'one' },
    { id: 2, title: 'two' },
  ],
};

let server: Served;
before(async () => {
  const setup = jsonServerSetup(structuredClone(DB), {});
  server = await serve(setup.configText, { jsonServer: setup.mode });
  const todos = [
    { title: 'buy milk', done: false, priority: 2, meta: { list: 'home' } },
    { title: 'answer mail', done: true, priority: 10, meta: { list: 'work' } },
    { title: 'call Bob', done: false, priority: 1 },
  ];
  for (const todo of todos) {
    const res = await server.send('POST', '/todos', todo);
    assert.equal(res.status, 201, await res.clone().text());
  }
  const patched = await server.send('PATCH', '/posts/2', { nick: 'n' });
  assert.equal(patched.status, 200);
});
after(() => server.close());

async function ids(path: string): Promise<number[]> {
  const res = await server.call(path);
  assert.equal(res.status, 200, `${path}: ${res.status} ${await res.clone().text()}`);
  return ((await res.json()) as { id: number }[]).map((t) => t.id);
}

test('json-server mode: = filters on a field the db.json never had, by its text; repeated values are any of', async () => {
  assert.deepEqual(await ids('/todos?done=true'), [2]);
  assert.deepEqual(await ids('/todos?done=false'), [1, 3]);
  assert.deepEqual(await ids('/todos?priority=10'), [2]);
  assert.deepEqual(await ids('/todos?priority=1&priority=2'), [1, 3]);
  assert.deepEqual(await ids('/todos?done=false&priority=1'), [3]);
  assert.deepEqual(await ids('/todos?meta.list=work'), [2]);
  // A declared collection: a field one write added filters too; a row without it never matches.
  assert.deepEqual(await ids('/posts?nick=n'), [2]);
  assert.deepEqual(await ids('/posts?nick=zz'), []);
});

test('json-server mode: a parameter no record has is dropped, as json-server drops it (and callback and _)', async () => {
  assert.deepEqual(await ids('/todos?foo=1&bar=2'), [1, 2, 3]);
  assert.deepEqual(await ids('/todos?callback=cb&_=123'), [1, 2, 3]);
  assert.deepEqual(await ids('/todos?meta.nope=1'), [1, 2, 3]);
  assert.deepEqual(await ids('/todos?foo=1&done=true'), [2]);
});

test('json-server mode: _ne, _like, _gte and _lte on a field the db.json never had', async () => {
  assert.deepEqual(await ids('/todos?done_ne=true'), [1, 3]);
  assert.deepEqual(await ids('/todos?title_like=^a'), [2]);
  assert.deepEqual(await ids('/todos?title_like=MAIL|milk'), [1, 2]);
  assert.deepEqual(await ids('/todos?priority_gte=2'), [1, 2]);
  assert.deepEqual(await ids('/todos?priority_lte=2&priority_gte=2'), [1]);
  // As in json-server, an operator on a field no record has matches nothing.
  assert.deepEqual(await ids('/todos?foo_ne=1'), []);
});

test('json-server mode: _sort on a field the db.json never had (was a 400), with _order, several keys, and paging', async () => {
  assert.deepEqual(await ids('/todos?_sort=title'), [2, 1, 3]);
  assert.deepEqual(await ids('/todos?_sort=priority&_order=desc'), [2, 1, 3]);
  assert.deepEqual(await ids('/todos?_sort=done,priority'), [3, 1, 2]);
  assert.deepEqual(await ids('/todos?_sort=meta.list'), [3, 1, 2]);
  assert.deepEqual(await ids('/todos?_sort=priority&_page=1&_limit=2'), [3, 1]);
  const odd = await server.call('/todos?_sort=a%20b');
  assert.equal(odd.status, 400);
});

test('json-server mode: a db.json field whose name a config cannot declare (first-name) is served, filtered, sorted, patched and in GET /db (the file was refused)', async () => {
  const db = {
    people: [
      { id: 1, 'first-name': 'Ada', 'last seen': 3 },
      { id: 2, 'first-name': 'Bob' },
    ],
    settings: { 'dark-mode': true },
  };
  const setup = jsonServerSetup(structuredClone(db), {});
  const s = await serve(setup.configText, { jsonServer: setup.mode });
  try {
    const get = async (path: string): Promise<unknown> => {
      const res = await s.call(path);
      assert.equal(res.status, 200, `${path}: ${res.status} ${await res.clone().text()}`);
      return res.json();
    };
    assert.deepEqual(await get('/people'), db.people);
    assert.deepEqual(await get('/people/1'), db.people[0]);
    assert.deepEqual(await get('/people?first-name=Bob'), [db.people[1]]);
    assert.deepEqual(
      ((await get('/people?_sort=first-name&_order=desc')) as { id: number }[]).map((p) => p.id),
      [2, 1],
    );
    assert.deepEqual(await get('/settings'), db.settings);
    assert.deepEqual(await get('/db'), db);
    const patched = await s.send('PATCH', '/people/1', { 'first-name': 'Ann' });
    assert.equal(patched.status, 200);
    assert.deepEqual(await get('/people/1'), { id: 1, 'first-name': 'Ann', 'last seen': 3 });
  } finally {
    await s.close();
  }
});

test('json-server mode: q finds the values a record holds, never the names of its fields (as json-server’s deepQuery)', async () => {
  // Every todo has `title` and `done`: a search for a field's name finds none by it.
  assert.deepEqual(await ids('/todos?q=title'), []);
  assert.deepEqual(await ids('/todos?q=meta'), []);
  assert.deepEqual(await ids('/todos?q=MILK'), [1]);
  // Inside nested values too, numbers by their text, true as the word (false and zero never).
  assert.deepEqual(await ids('/todos?q=work'), [2]);
  assert.deepEqual(await ids('/todos?q=10'), [2]);
  assert.deepEqual(await ids('/todos?q=tru'), [2]);
  assert.deepEqual(await ids('/todos?q=false'), []);
  assert.deepEqual(await ids('/posts?q=nick'), []);
  assert.deepEqual(await ids('/posts?q=n'), [1, 2]);
});
