// The real data providers that front ends use against json-server, driven against a served config
// through every method each one has: react-admin's ra-data-json-server and ra-data-simple-rest (with
// ra-core's fetchUtils.fetchJson, which runs on Node's fetch, no DOM needed) and refine's
// @refinedev/simple-rest (axios, Node adapter). Runs on SQLite here and on PostgreSQL in
// data-providers-on-postgres.test.ts.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import dataProviderRefine from '@refinedev/simple-rest';
import { type DataProvider, fetchUtils, HttpError } from 'ra-core';
import jsonServerProvider from 'ra-data-json-server';
import simpleRestProvider from 'ra-data-simple-rest';
import { serve, type Served, yaml } from './helpers.js';

const USERS = Array.from({ length: 30 }, (_, i) => ({
  name: `${['Ada', 'Bob', 'Cy'][i % 3]} ${String(i).padStart(2, '0')}`,
  email: `u${i}@example.com`,
  age: 20 + (i % 7),
}));

/** Users as a `resource:`; posts long-hand so that DELETE answers 200 with the deleted record. */
const CONFIG = yaml`
  server: { cors: true }
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
    Post:
      properties:
        id: integer
        title: { type: string, required: true }
        authorId: integer
        views: { type: integer, default: 0 }
  endpoints:
    - resource: User
    - { path: /posts, method: GET, response: { schema: Post, type: array } }
    - { path: /posts, method: POST, response: { schema: Post } }
    - { path: /posts/:id, method: GET, response: { schema: Post } }
    - { path: /posts/:id, method: PATCH, response: { schema: Post } }
    - { path: /posts/:id, method: PUT, response: { schema: Post } }
    - { path: /posts/:id, method: DELETE, status: 200, response: { schema: Post } }
  seed:
    User:
${USERS.map((u) => `      - ${JSON.stringify(u)}`).join('\n')}
    Post:
${Array.from({ length: 12 }, (_, i) => `      - { title: "Post ${String(i).padStart(2, '0')}", authorId: ${(i % 3) + 1}, views: ${i * 10} }`).join('\n')}
`;

interface User {
  id: number;
  name: string;
  email: string;
  age: number;
}
interface Post {
  id: number;
  title: string;
  authorId: number;
  views: number;
}

const ORIGIN = 'http://admin.example';

/** ra-core's fetchJson, sending an Origin (as a browser would) and keeping every response's headers. */
function recordingClient(): { client: typeof fetchUtils.fetchJson; responses: Headers[] } {
  const responses: Headers[] = [];
  const client: typeof fetchUtils.fetchJson = async (url, options = {}) => {
    const headers = new Headers(
      (options.headers as ConstructorParameters<typeof Headers>[0]) ?? { Accept: 'application/json' },
    );
    headers.set('Origin', ORIGIN);
    const res = await fetchUtils.fetchJson(url, { ...options, headers });
    responses.push(res.headers);
    return res;
  };
  return { client, responses };
}

const exposed = (headers: Headers | undefined): string[] =>
  (headers?.get('access-control-expose-headers') ?? '').split(/,\s*/);

/** Each test starts from the seed rows, on a server of its own. */
let s: Served;
beforeEach(async () => {
  s = await serve(CONFIG);
});
afterEach(() => s.close());

/** The expected page of users, computed here the way the provider asks for it. */
function usersPage(
  filter: (u: User) => boolean,
  field: keyof User,
  order: 'ASC' | 'DESC',
  page: number,
  perPage: number,
): { ids: number[]; total: number } {
  const all = USERS.map((u, i) => ({ id: i + 1, ...u }))
    .filter(filter)
    .sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id - b.id) * (order === 'DESC' ? -1 : 1));
  return { ids: all.slice((page - 1) * perPage, page * perPage).map((u) => u.id), total: all.length };
}

/** The methods react-admin's two providers share, asserted the same way; `countHeader` is what each one's docs name. */
async function reactAdminMethods(
  provider: (url: string, client: typeof fetchUtils.fetchJson) => DataProvider,
  countHeader: 'x-total-count' | 'content-range',
): Promise<void> {
  const { client, responses } = recordingClient();
  const dp = provider(s.url, client);

  // getList: page 2 of 4, sorted by name descending, filtered by q and an equality.
  const list = await dp.getList<User>('users', {
    pagination: { page: 2, perPage: 4 },
    sort: { field: 'name', order: 'DESC' },
    filter: { q: 'ada', age: 21 },
  });
  const want = usersPage((u) => /ada/i.test(u.name) && u.age === 21, 'name', 'DESC', 2, 4);
  assert.deepEqual(
    list.data.map((u) => u.id),
    want.ids,
  );
  assert.equal(list.total, want.total);
  assert.ok(responses.at(-1)?.has(countHeader), `the list answered ${countHeader}`);
  assert.ok(
    exposed(responses.at(-1)).some((h) => h.toLowerCase() === countHeader),
    `${countHeader} exposed to CORS`,
  );
  // A later page is not the first one again (the bug this fixes), and a page past the end is empty.
  const page1 = await dp.getList<User>('users', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  const page3 = await dp.getList<User>('users', {
    pagination: { page: 3, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  assert.deepEqual(
    [page1.data.map((u) => u.id), page3.data.map((u) => u.id), page1.total, page3.total],
    [Array.from({ length: 10 }, (_, i) => i + 1), Array.from({ length: 10 }, (_, i) => i + 21), 30, 30],
  );
  const past = await dp.getList<User>('users', {
    pagination: { page: 9, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  assert.deepEqual([past.data, past.total], [[], 30]);

  // getOne, getMany.
  assert.deepEqual((await dp.getOne<User>('users', { id: 2 })).data, { id: 2, ...USERS[1] });
  assert.deepEqual(
    (await dp.getMany<User>('users', { ids: [7, 3, 12] })).data.map((u) => u.id).sort((a, b) => a - b),
    [3, 7, 12],
  );

  // getManyReference: user 1's posts, by views descending, one page of 2.
  const refs = await dp.getManyReference<Post>('posts', {
    target: 'authorId',
    id: 1,
    pagination: { page: 1, perPage: 2 },
    sort: { field: 'views', order: 'DESC' },
    filter: {},
  });
  assert.deepEqual(
    refs.data.map((p) => p.title),
    ['Post 09', 'Post 06'],
  );
  assert.equal(refs.total, 4);

  // create, update (react-admin sends the whole edited record, so PUT's replace keeps every field).
  const created = await dp.create<Post>('posts', { data: { title: 'Hello', authorId: 2 } });
  assert.deepEqual(created.data, { id: 13, title: 'Hello', authorId: 2, views: 0 });
  const updated = await dp.update<Post>('posts', {
    id: 13,
    data: { ...created.data, title: 'Hello again' },
    previousData: created.data,
  });
  assert.deepEqual(updated.data, { id: 13, title: 'Hello again', authorId: 2, views: 0 });

  // updateMany sends a partial PUT to each id: Mockyard's PUT replaces, so a missing required field is refused.
  await assert.rejects(
    dp.updateMany('posts', { ids: [1, 2], data: { views: 99 } }),
    (err: unknown) =>
      err instanceof HttpError && err.status === 400 && (err.body as { error: string }).error.includes("'title'"),
  );
  // ... and a complete body works.
  const many = await dp.updateMany('posts', { ids: [1, 2], data: { title: 'Same', authorId: 3, views: 1 } });
  assert.deepEqual(many.data, [1, 2]);
  // The PATCH alternative the README names: an httpClient sending PUT as PATCH merges partial bodies.
  const patching = provider(s.url, (url, options = {}) =>
    client(url, options.method === 'PUT' ? { ...options, method: 'PATCH' } : options),
  );
  assert.deepEqual((await patching.updateMany('posts', { ids: [3, 4], data: { views: 7 } })).data, [3, 4]);
  assert.deepEqual((await dp.getOne<Post>('posts', { id: 4 })).data, {
    id: 4,
    title: 'Post 03',
    authorId: 1,
    views: 7,
  });

  // delete and deleteMany (posts answer DELETE with 200 and the record).
  assert.deepEqual((await dp.delete<Post>('posts', { id: 13 })).data, updated.data);
  assert.deepEqual((await dp.deleteMany('posts', { ids: [5, 6] })).data, [5, 6]);
  await assert.rejects(dp.getOne('posts', { id: 5 }), (err: unknown) => err instanceof HttpError && err.status === 404);
  // users answer DELETE with the default 204: delete works, deleteMany reads `json.id` of an empty body.
  assert.equal((await dp.delete('users', { id: 30 })).data, undefined);
  await assert.rejects(dp.deleteMany('users', { ids: [28, 29] }), TypeError);
  const left = await dp.getMany<User>('users', { ids: [28, 29, 30] });
  assert.deepEqual(left.data, [], 'the records were deleted all the same');
}

test('ra-data-json-server: every method, paging with _start/_end, X-Total-Count exposed to CORS', async () => {
  await reactAdminMethods((url, client) => jsonServerProvider(url, client), 'x-total-count');
});

test('ra-data-simple-rest: every method, sort/range/filter as JSON, Content-Range exposed to CORS', async () => {
  await reactAdminMethods((url, client) => simpleRestProvider(url, client), 'content-range');
});

test("ra-data-simple-rest with its 'X-Total-Count' count header", async () => {
  const dp = simpleRestProvider(s.url, fetchUtils.fetchJson, 'X-Total-Count');
  const list = await dp.getList<User>('users', {
    pagination: { page: 3, perPage: 5 },
    sort: { field: 'age', order: 'ASC' },
    filter: { age: [20, 26] },
  });
  const want = usersPage((u) => u.age === 20 || u.age === 26, 'age', 'ASC', 3, 5);
  assert.deepEqual(
    list.data.map((u) => u.id),
    want.ids,
  );
  assert.equal(list.total, want.total);
});

test('@refinedev/simple-rest: getList (page, sorters, filters), getMany, getOne, create, update, deleteOne, custom', async () => {
  const dp = dataProviderRefine(s.url);
  // getList: page 2 of 3, sorted by age descending then name, filtered with gte, contains and ne.
  const list = await dp.getList<User>({
    resource: 'users',
    pagination: { currentPage: 2, pageSize: 3 },
    sorters: [
      { field: 'age', order: 'desc' },
      { field: 'name', order: 'asc' },
    ],
    filters: [
      { field: 'age', operator: 'gte', value: 24 },
      { field: 'name', operator: 'contains', value: 'b' },
      { field: 'id', operator: 'ne', value: 2 },
    ],
  });
  const matching = USERS.map((u, i) => ({ id: i + 1, ...u }))
    .filter((u) => u.age >= 24 && /b/i.test(u.name) && u.id !== 2)
    .sort((a, b) => b.age - a.age || a.name.localeCompare(b.name));
  assert.deepEqual(
    list.data.map((u) => u.id),
    matching.slice(3, 6).map((u) => u.id),
  );
  assert.equal(list.total, matching.length, 'total from X-Total-Count');
  // A "many reference" in refine is a getList filtered on the foreign key.
  const posts = await dp.getList<Post>({
    resource: 'posts',
    pagination: { currentPage: 1, pageSize: 10 },
    filters: [{ field: 'authorId', operator: 'eq', value: 2 }],
    sorters: [{ field: 'views', order: 'asc' }],
  });
  assert.deepEqual(
    posts.data.map((p) => p.title),
    ['Post 01', 'Post 04', 'Post 07', 'Post 10'],
  );
  assert.deepEqual(
    (await dp.getMany?.<User>({ resource: 'users', ids: [4, 2] }))?.data.map((u) => u.id),
    [2, 4],
  );
  assert.deepEqual((await dp.getOne<User>({ resource: 'users', id: 5 })).data, { id: 5, ...USERS[4] });
  const created = await dp.create<User, Omit<User, 'id'>>({
    resource: 'users',
    variables: { name: 'Zed', email: 'zed@example.com', age: 40 },
  });
  assert.deepEqual(created.data, { id: 31, name: 'Zed', email: 'zed@example.com', age: 40 });
  // refine updates with PATCH: a partial body merges.
  const updated = await dp.update<User>({ resource: 'users', id: 31, variables: { age: 41 } });
  assert.deepEqual(updated.data, { ...created.data, age: 41 });
  const deleted = await dp.deleteOne({ resource: 'users', id: 31 });
  assert.equal(deleted.data, '', 'DELETE answers 204 with no body');
  await assert.rejects(
    dp.getOne({ resource: 'users', id: 31 }),
    (err: { statusCode?: number }) => err.statusCode === 404,
  );
  // custom: a GET with sorters, filters and a query.
  const custom = await dp.custom?.<User[]>({
    url: `${s.url}/users`,
    method: 'get',
    sorters: [{ field: 'id', order: 'desc' }],
    filters: [{ field: 'age', operator: 'eq', value: 20 }],
    query: { _start: 0, _end: 2 },
  });
  assert.deepEqual(
    custom?.data.map((u) => u.id),
    [29, 22],
  );
  // updateMany, deleteMany and createMany are not in this provider: refine's hooks then call update,
  // deleteOne and create once per record, which the methods above cover.
  assert.deepEqual(
    ['updateMany', 'deleteMany', 'createMany'].filter((m) => m in dp),
    [],
  );
});
