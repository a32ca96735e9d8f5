// The GraphQL endpoint (issue 42): json-graphql-server's operations over the same tables the REST
// endpoints serve, the same list filters, batched relations, integrity as in REST, and the
// GraphQL-over-HTTP rules. Runs on SQLite here and on PostgreSQL in graphql-http-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import { data, GRAPHQL_CONFIG, countStatements, gql, POSTS } from './graphql-fixture.js';
import { serve, type Served } from './helpers.js';

type Row = Record<string, unknown>;

async function withServer(run: (s: Served) => Promise<void>): Promise<void> {
  const s = await serve(GRAPHQL_CONFIG);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

const idsOf = (rows: Row[]): string[] => rows.map((r) => String(r.id));

test('allPosts filters mean what the REST list filters mean: q, equality, _lt/_lte/_gt/_gte/_neq and ids', async () => {
  await withServer(async (s) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ q: 'POST 1' }, 'q=POST 1'],
      [{ views: 11 }, 'views=11'],
      [{ authorId: 5 }, 'authorId=5'],
      [{ views_lt: 20 }, 'views_lt=20'],
      [{ views_lte: 20, views_gte: 10 }, 'views_lte=20&views_gte=10'],
      [{ score_gt: 3.5 }, 'score_gt=3.5'],
      [{ views_neq: 11 }, 'views_ne=11'],
      [{ publishedAt_gte: '2024-05-20T00:00:00Z' }, 'publishedAt_gte=2024-05-20T00:00:00Z'],
      [{ publishedAt: '2024-05-03T12:00:00.000Z' }, 'publishedAt=2024-05-03T12:00:00.000Z'],
      [{ tags: ['news'] }, 'tags=["news"]'],
      [{ title_gte: 'post 5' }, 'title_gte=post 5'],
      [{ ids: [3, 9, 200] }, 'id=3&id=9&id=200'],
    ];
    for (const [filter, query] of cases) {
      const graphql = await data<{ allPosts: Row[] }>(
        s,
        'query F($f: PostFilter) { allPosts(perPage: 100, sortField: "id", filter: $f) { id } }',
        { f: filter },
      );
      const params = new URLSearchParams(query);
      params.set('_limit', '100');
      params.set('_sort', 'id');
      const rest = (await (await s.call(`/posts?${params}`)).json()) as Row[];
      assert.deepEqual(idsOf(graphql.allPosts), idsOf(rest), JSON.stringify(filter));
      assert.ok(rest.length > 0, `${query} matches something`);
    }
    const none = await data<{ allPosts: Row[] }>(s, '{ allPosts(filter: { ids: [] }) { id } }');
    assert.deepEqual(none.allPosts, [], 'an empty ids matches nothing');
  });
});

test('allPosts pages from 0 as json-graphql-server does, sorts, and _allPostsMeta counts the filter', async () => {
  await withServer(async (s) => {
    const page = await data<{ allPosts: Row[]; _allPostsMeta: { count: number } }>(
      s,
      '{ allPosts(page: 2, perPage: 10, sortField: "views", sortOrder: "DESC") { id views } _allPostsMeta(filter: { views_lt: 50 }) { count } }',
    );
    const rest = (await (await s.call('/posts?_start=20&_limit=10&_sort=views&_order=desc')).json()) as Row[];
    assert.deepEqual(
      page.allPosts,
      rest.map((r) => ({ id: String(r.id), views: r.views })),
    );
    const total = (await s.call('/posts?views_lt=50')).headers.get('x-total-count');
    assert.equal(String(page._allPostsMeta.count), total);
    const all = await data<{ allPosts: Row[] }>(s, '{ allPosts { id } }');
    assert.equal(all.allPosts.length, 100, 'without a page, the first 100 (the list cap)');
    const answer = await gql(s, '{ allPosts(sortField: "nope") { id } }');
    assert.equal(answer.status, 200);
    assert.match(answer.errors?.[0]?.message ?? '', /nope/);
  });
});

test('Post(id) answers the record with its scalars typed, and null for a missing one', async () => {
  await withServer(async (s) => {
    const one = await data<{ Post: Row; missing: Row | null }>(
      s,
      '{ Post(id: 1) { id title views score authorId publishedAt tags } missing: Post(id: 9999) { id } }',
    );
    assert.deepEqual(one.Post, {
      id: '1',
      title: 'post 1',
      views: 0,
      score: 0,
      authorId: '1',
      publishedAt: '2024-05-01T12:00:00.000Z',
      tags: ['news'],
    });
    assert.equal(one.missing, null);
  });
});

test('a page of 100 posts with their authors and each author’s posts costs 3 data statements', async () => {
  await withServer(async (s) => {
    const sqlite = sqliteOf(s.engine.store) !== undefined;
    let rows: Row[] = [];
    const statements = await countStatements(s, async () => {
      const answer = await data<{ allPosts: Row[] }>(
        s,
        '{ allPosts(perPage: 100) { id title author { id name posts { id title } } } }',
      );
      rows = answer.allPosts;
    });
    assert.equal(rows.length, 100);
    const first = rows[0] as { author: { id: string; posts: Row[] } };
    assert.equal(first.author.id, '1');
    assert.deepEqual(
      first.author.posts.map((p) => p.id),
      ['1', '121'],
    );
    console.log(
      `GraphQL statements for 100 posts + authors + their posts (${sqlite ? 'SQLite' : 'PostgreSQL'}):`,
      statements,
    );
    // The page, the authors (id IN …), the authors' posts (authorId IN …); SQLite reads its
    // database's version before each list (the page cache), which is one statement more per list.
    assert.equal(statements, sqlite ? 6 : 3);
  });
});

test('writes go through the same integrity rules as REST: errors name the field and nothing is written', async () => {
  await withServer(async (s) => {
    const count = async (): Promise<number> =>
      (await data<{ _allPostsMeta: { count: number } }>(s, '{ _allPostsMeta { count } }'))._allPostsMeta.count;
    const before = await count();
    let answer = await gql(s, 'mutation { createPost(title: "x", authorId: 999) { id } }');
    assert.equal(answer.errors?.[0]?.message, "Field 'authorId' is 999, but there is no User with id 999.");
    assert.deepEqual(answer.errors?.[0]?.extensions, { code: 'invalid', field: 'authorId' });
    answer = await gql(s, 'mutation { createUser(name: "x", email: "u1@example.com") { id } }');
    assert.match(answer.errors?.[0]?.message ?? '', /email/);
    assert.equal(answer.errors?.[0]?.extensions?.field, 'email');
    answer = await gql(s, 'mutation { createPost(views: 3) { id } }');
    assert.equal(answer.status, 400);
    assert.match(answer.errors?.[0]?.message ?? '', /argument "title" of type "String!" is required/);
    answer = await gql(s, 'mutation M($d: [PostInput!]) { createManyPost(data: $d) { id } }', {
      d: [{ title: 'fine' }, { title: 'dangling', authorId: 4242 }],
    });
    assert.match(answer.errors?.[0]?.message ?? '', /'authorId' is 4242/);
    answer = await gql(s, 'mutation { updatePost(id: 1, authorId: 777) { id } }');
    assert.match(answer.errors?.[0]?.message ?? '', /'authorId' is 777/);
    assert.equal(await count(), before, 'nothing was written');
    // A unique clash on the second row of a createMany: the first row is not kept either.
    const users = async (): Promise<number> =>
      (await data<{ _allUsersMeta: { count: number } }>(s, '{ _allUsersMeta { count } }'))._allUsersMeta.count;
    const usersBefore = await users();
    answer = await gql(s, 'mutation M($d: [UserInput!]) { createManyUser(data: $d) { id } }', {
      d: [
        { name: 'new', email: 'new@example.com' },
        { name: 'clash', email: 'u2@example.com' },
      ],
    });
    assert.equal(answer.errors?.[0]?.extensions?.field, 'email');
    assert.equal(await users(), usersBefore, 'neither row was written');
    answer = await gql(s, 'mutation { updatePosts(ids: ["1", "2"], data: { authorId: 5000 }) { ids } }');
    assert.match(answer.errors?.[0]?.message ?? '', /'authorId' is 5000/);
    assert.equal(((await (await s.call('/posts/1')).json()) as Row).authorId, 1);
  });
});

test('creates, updates and deletes are seen by REST, and REST writes by GraphQL', async () => {
  await withServer(async (s) => {
    const created = await data<{ createPost: Row }>(
      s,
      'mutation { createPost(title: "from graphql", authorId: 2, publishedAt: "2024-06-01T10:00:00+02:00") { id publishedAt author { name } } }',
    );
    assert.deepEqual(created.createPost, {
      id: String(POSTS + 1),
      publishedAt: '2024-06-01T08:00:00.000Z',
      author: { name: 'user 2' },
    });
    const rest = (await (await s.call(`/posts/${POSTS + 1}`)).json()) as Row;
    assert.equal(rest.title, 'from graphql');
    await s.send('PATCH', `/posts/${POSTS + 1}`, { title: 'patched by REST' });
    const updated = await data<{ updatePost: Row }>(
      s,
      `mutation { updatePost(id: ${POSTS + 1}, views: 5) { title views } }`,
    );
    assert.deepEqual(updated.updatePost, { title: 'patched by REST', views: 5 });
    const many = await data<{ createManyPost: Row[] }>(
      s,
      'mutation M($d: [PostInput!]) { createManyPost(data: $d) { title } }',
      { d: [{ title: 'a' }, { title: 'b', authorId: 1 }] },
    );
    assert.deepEqual(many.createManyPost, [{ title: 'a' }, { title: 'b' }]);
    const bulk = await data<{ updatePosts: { ids: string[] }; deletePosts: { ids: string[] } }>(
      s,
      'mutation { updatePosts(ids: ["2", "3", "9999"], data: { views: 77 }) { ids } deletePosts(ids: ["4", "5"]) { ids } }',
    );
    assert.deepEqual(bulk, { updatePosts: { ids: ['2', '3'] }, deletePosts: { ids: ['4', '5'] } });
    assert.equal(((await (await s.call('/posts/3')).json()) as Row).views, 77);
    assert.equal((await s.call('/posts/4')).status, 404);
    const removed = await data<{ deletePost: Row }>(s, `mutation { deletePost(id: ${POSTS + 1}) { title } }`);
    assert.deepEqual(removed.deletePost, { title: 'patched by REST' });
    const gone = await gql(s, `mutation { deletePost(id: ${POSTS + 1}) { id } }`);
    assert.equal(gone.errors?.[0]?.extensions?.code, 'not_found');
  });
});

test('onDelete applies: restrict refuses with the referencing field, cascade deletes the referencing records', async () => {
  await withServer(async (s) => {
    const refused = await gql(s, 'mutation { deleteUser(id: 3) { id } }');
    assert.match(refused.errors?.[0]?.message ?? '', /Pin\.userId/);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'conflict');
    assert.equal((await s.call('/users/3')).status, 200);
    await data(s, 'mutation { removePost(id: 1) { id } }');
    assert.deepEqual(await (await s.call('/comments?postId=1')).json(), []);
  });
});

test('GET runs queries with variables, POST is needed for a mutation, graphql-response+json when accepted', async () => {
  await withServer(async (s) => {
    const params = new URLSearchParams({
      query: 'query One($id: ID!) { Post(id: $id) { title } }',
      variables: JSON.stringify({ id: '2' }),
      operationName: 'One',
    });
    let res = await s.call(`/graphql?${params}`, { headers: { accept: 'application/graphql-response+json' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/graphql-response+json; charset=utf-8');
    assert.deepEqual(await res.json(), { data: { Post: { title: 'post 2' } } });
    res = await s.call(`/graphql?query=${encodeURIComponent('mutation { deletePost(id: 2) { id } }')}`);
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    assert.equal((await s.call('/posts/2')).status, 200, 'the GET changed nothing');
    res = await s.call('/graphql', { method: 'PUT', body: '{}' });
    assert.equal(res.status, 405);
    const answer = await gql(s, '{ Post(id: 1) { title } }', undefined, { accept: 'application/json' });
    assert.equal(answer.contentType, 'application/json; charset=utf-8');
  });
});

test('bad requests are 400 with GraphQL errors, never a 500 or a hang', async () => {
  await withServer(async (s) => {
    const post = (body: string, type = 'application/json') =>
      s.call('/graphql', { method: 'POST', headers: { 'content-type': type }, body });
    for (const body of ['', 'not json', '[]', '{}', '{"query": 5}', '{"query": "{ allPosts { id }", "variables": 3}']) {
      const res = await post(body);
      assert.ok(res.status === 400 || res.status === 415, `${body}: ${res.status}`);
      const answer = (await res.json()) as { errors?: unknown[] };
      assert.ok(Array.isArray(answer.errors) && answer.errors.length > 0, body);
    }
    const cases: [string, RegExp][] = [
      ['{ allPosts { id ', /Syntax Error/],
      ['{ nope }', /Cannot query field "nope"/],
      ['{ Post(id: 1) { title } } { Post(id: 2) { title } }', /./],
      ['query Q($f: PostFilter) { allPosts(filter: $f) { id } }', /./],
    ];
    for (const [query, message] of cases) {
      const answer = await gql(s, query, query.includes('$f') ? { f: { views: 'many' } } : undefined);
      assert.equal(answer.status, 400, query);
      assert.match(answer.errors?.[0]?.message ?? '', message, query);
    }
    const badDate = await gql(s, 'mutation { createPost(title: "x", publishedAt: "yesterday") { id } }');
    assert.equal(badDate.status, 400);
    assert.match(badDate.errors?.[0]?.message ?? '', /DateTime must be an ISO-8601/);
  });
});

test('depth, cost, alias, token and size limits refuse a hostile query before it runs', async () => {
  await withServer(async (s) => {
    const levels = 'author { posts { '.repeat(5);
    const nested = `{ allPosts(perPage: 1) { ${levels} id ${'} '.repeat(10)} } }`;
    let answer = await gql(s, nested);
    assert.equal(answer.status, 400);
    assert.match(answer.errors?.[0]?.message ?? '', /deeper than 10 levels/);
    answer = await gql(s, '{ allUsers(perPage: 100) { posts { author { posts { author { id name email } } } } } }');
    assert.match(answer.errors?.[0]?.message ?? '', /cost is over 50000/);
    const aliases = Array.from({ length: 51 }, (_, i) => `a${i}: Post(id: ${i + 1}) { id }`).join(' ');
    answer = await gql(s, `{ ${aliases} }`);
    assert.match(answer.errors?.[0]?.message ?? '', /more than 50 aliases/);
    // A fragment spread in many places costs what its copies would (the "billion laughs" of GraphQL).
    const fragments = Array.from(
      { length: 8 },
      (_, i) =>
        `fragment F${i} on Query { ${Array.from({ length: 10 }, () => (i === 7 ? 'Post(id: 1) { id }' : `...F${i + 1}`)).join(' ')} }`,
    ).join('\n');
    const started = performance.now();
    answer = await gql(s, `{ ...F0 }\n${fragments}`);
    assert.match(answer.errors?.[0]?.message ?? '', /cost is over/);
    assert.ok(performance.now() - started < 2000, 'refused quickly');
    answer = await gql(s, `{ ${'Post(id: 1) { id } '.repeat(2000)} }`);
    assert.equal(answer.status, 400);
    assert.match(answer.errors?.[0]?.message ?? '', /tokens/);
    answer = await gql(s, `{ allPosts { id } } #${'x'.repeat(70_000)}`);
    assert.equal(answer.status, 413);
  });
});

test('the request log names the GraphQL operation and keeps its errors as notes', async () => {
  await withServer(async (s) => {
    await gql(s, 'query Recent { allPosts(perPage: 1) { id } }');
    await gql(s, 'mutation Dangling { createPost(title: "x", authorId: 999) { id } }');
    const entries = s.engine.log.entries().slice(-2);
    assert.equal(entries[0]?.endpoint, 'GraphQL query Recent');
    assert.equal(entries[1]?.endpoint, 'GraphQL mutation Dangling');
    assert.ok(
      entries[1]?.notes.includes("GraphQL error: Field 'authorId' is 999, but there is no User with id 999."),
      JSON.stringify(entries[1]?.notes),
    );
  });
});
