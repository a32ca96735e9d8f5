// react-admin's real ra-data-json-server provider (with ra-core's fetchUtils.fetchJson) through every
// method, against json-server mode: a db.json served as `mockyard serve db.json` serves it (the
// engine with the same setup the CLI makes), its rows in SQLite.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fetchUtils, HttpError } from 'ra-core';
import jsonServerProvider from 'ra-data-json-server';
import { jsonServerSetup } from '../src/index.js';
import { type Served, serve } from './helpers.js';

const DB = {
  posts: Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    title: `Post ${String(i + 1).padStart(2, '0')}`,
    views: (i * 7) % 10,
  })),
  comments: Array.from({ length: 9 }, (_, i) => ({ id: i + 1, postId: (i % 3) + 1, body: `c${i + 1}` })),
  profile: { name: 'typicode' },
};

const setup = jsonServerSetup(structuredClone(DB), {});
let server: Served;
before(async () => {
  server = await serve(setup.configText, { jsonServer: setup.mode });
});
after(() => server.close());

test('ra-data-json-server against mockyard serve db.json: getList, getOne, getMany, getManyReference', async () => {
  const dp = jsonServerProvider(server.url, fetchUtils.fetchJson);
  const list = await dp.getList('posts', {
    pagination: { page: 2, perPage: 5 },
    sort: { field: 'views', order: 'DESC' },
    filter: { q: 'Post' },
  });
  const want = [...DB.posts].sort((a, b) => b.views - a.views || a.id - b.id).slice(5, 10);
  assert.deepEqual(list.data, want);
  assert.equal(list.total, 23);
  assert.deepEqual((await dp.getOne('posts', { id: 3 })).data, DB.posts[2]);
  assert.deepEqual(
    (await dp.getMany('posts', { ids: [4, 2] })).data.map((p) => p.id),
    [2, 4],
  );
  const refs = await dp.getManyReference('comments', {
    target: 'postId',
    id: 2,
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  assert.deepEqual(
    refs.data.map((c) => c.id),
    [2, 5, 8],
  );
  assert.equal(refs.total, 3);
});

test('ra-data-json-server against mockyard serve db.json: create, update, updateMany, delete, deleteMany', async () => {
  const dp = jsonServerProvider(server.url, fetchUtils.fetchJson);
  const created = await dp.create('posts', { data: { title: 'New', views: 0 } });
  assert.deepEqual(created.data, { id: 24, title: 'New', views: 0 });
  // update is a PUT of the whole record, as react-admin's forms send it.
  const updated = await dp.update('posts', {
    id: 24,
    data: { ...created.data, title: 'Newer' },
    previousData: created.data,
  });
  assert.deepEqual(updated.data, { id: 24, title: 'Newer', views: 0 });
  assert.deepEqual((await dp.updateMany('posts', { ids: [22, 23], data: { views: 100 } })).data, [22, 23]);
  assert.equal((await dp.getOne('posts', { id: 23 })).data.views, 100);
  // json-server answers DELETE with 200 {}, and so does json-server mode: delete gives that body back.
  assert.deepEqual((await dp.delete('posts', { id: 24 })).data, {});
  assert.equal((await dp.deleteMany('posts', { ids: [22, 23] })).data?.length, 2);
  await assert.rejects(
    dp.getOne('posts', { id: 22 }),
    (err: unknown) => err instanceof HttpError && err.status === 404,
  );
});
