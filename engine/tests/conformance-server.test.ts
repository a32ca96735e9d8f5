/**
 * What the server promises, as the exported description says it: null is no value (a default fills
 * it on every write), list parameters are checked alike, keys are never empty, a nested list's
 * parent key is type-checked, and integers past the safe range are named as such.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, yaml } from './helpers.js';

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        admin: { type: boolean, default: false }
        role: { type: string, default: reader }
        born: datetime
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: User }
    Tag:
      properties:
        code: { type: string, unique: true }
        label: string
  endpoints:
    - resource: User
    - resource: Post
    - path: /users/:authorId/posts
      method: GET
      response: { schema: Post, type: array }
    - resource: Tag
      key: code
    - path: /tags/popular
      method: GET
      response: { inline: [ { code: js } ] }
  seed:
    User:
      - { name: Ada }
`;

const errorOf = async (res: Response): Promise<string> => ((await res.json()) as { error: string }).error;

test('null for an optional field with a default gets the default on POST, PATCH and PUT alike', async () => {
  const s = await serve(CONFIG);
  try {
    const created = await s.send('POST', '/users', { name: 'Grace', admin: null, role: null });
    assert.equal(created.status, 201);
    assert.deepEqual(await created.json(), { id: 2, name: 'Grace', admin: false, role: 'reader', born: null });
    assert.equal((await s.send('PATCH', '/users/2', { admin: true, role: 'editor' })).status, 200);
    const patched = await s.send('PATCH', '/users/2', { admin: null, role: null });
    assert.deepEqual(await patched.json(), { id: 2, name: 'Grace', admin: false, role: 'reader', born: null });
    const put = await s.send('PUT', '/users/2', { name: 'Grace H.', admin: null });
    assert.deepEqual(await put.json(), { id: 2, name: 'Grace H.', admin: false, role: 'reader', born: null });
    // A field without a default stays null: it has no value.
    const post = await s.send('POST', '/posts', { title: null });
    assert.deepEqual(await post.json(), { id: 1, title: null, authorId: null });
  } finally {
    await s.close();
  }
});

test('every list parameter that is empty or invalid answers 400 naming it', async () => {
  const s = await serve(CONFIG);
  try {
    for (const [query, param] of [
      ['_limit=', '_limit'],
      ['_page=', '_page'],
      ['_start=', '_start'],
      ['_start=0&_end=', '_end'],
      ['_sort=', '_sort'],
      ['_sort=name&_order=', '_order'],
      ['_sort=name&_order=bogus', '_order'],
      ['_order=sideways', '_order'],
    ] as const) {
      const res = await s.call(`/users?${query}`);
      assert.equal(res.status, 400, query);
      assert.match(await errorOf(res), new RegExp(`^Query parameter '${param}' must be`), query);
    }
    // Still fine: _limit=0 asks for the count alone; asc/desc in either case.
    assert.equal((await s.call('/users?_limit=0')).status, 200);
    assert.equal((await s.call('/users?_sort=name&_order=DESC')).status, 200);
  } finally {
    await s.close();
  }
});

test('a create with an empty text key answers 400 and stores nothing', async () => {
  const s = await serve(CONFIG);
  try {
    const res = await s.send('POST', '/tags', { code: '', label: 'nothing' });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Field 'code' is a key a path looks records up by; it must not be empty.");
    assert.equal(res.headers.get('location'), null);
    assert.deepEqual(await (await s.call('/tags')).json(), []);
    assert.equal((await s.send('POST', '/tags', { code: 'x' })).status, 201);
  } finally {
    await s.close();
  }
});

test("a nested list's parent key is type-checked as the same filter in the query is", async () => {
  const s = await serve(CONFIG);
  try {
    const nested = await s.call('/users/abc/posts');
    assert.equal(nested.status, 400);
    assert.equal(await errorOf(nested), "Path parameter 'authorId' must be an integer, not 'abc'.");
    assert.equal((await s.call('/posts?authorId=abc')).status, 400);
    assert.equal((await s.call('/users/1/posts')).status, 200);
  } finally {
    await s.close();
  }
});

test('the id of a deleted newest record is never given again, so a reference cannot name a new record', async () => {
  const s = await serve(CONFIG);
  try {
    assert.equal((await s.send('POST', '/users', { name: 'Grace' })).status, 201);
    assert.equal((await s.send('POST', '/posts', { title: 'By Grace', authorId: 2 })).status, 201);
    assert.equal((await s.call('/users/2', { method: 'DELETE' })).status, 204);
    const created = await s.send('POST', '/users', { name: 'Mallory' });
    assert.equal(((await created.json()) as { id: number }).id, 3);
    const post = (await (await s.call('/posts/1?_expand=author')).json()) as { author: unknown };
    assert.equal(post.author, null, 'the post still names the deleted user, not Mallory');
  } finally {
    await s.close();
  }
});

test('an automatic id never passes 2^53 − 1: the create that would need one is a 507 that writes nothing', async () => {
  const s = await serve(CONFIG);
  try {
    const given = await s.send('POST', '/users', { id: 9007199254740990, name: 'Near the end' });
    assert.equal(given.status, 201);
    const last = await s.send('POST', '/users', { name: 'Last' });
    assert.equal(last.status, 201);
    assert.equal(((await last.json()) as { id: number }).id, Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < 2; i++) {
      const refused = await s.send('POST', '/users', { name: 'One too many' });
      assert.equal(refused.status, 507);
      assert.match(await errorOf(refused), /No automatic id is left for User: the next would pass 9007199254740991/);
    }
    const total = await s.call('/users?name=One%20too%20many');
    assert.deepEqual(await total.json(), [], 'nothing was written');
    // A client may still give an id of its own below the limit.
    assert.equal((await s.send('POST', '/users', { id: 5, name: 'Own id' })).status, 201);
  } finally {
    await s.close();
  }
});

test('datetimes are stored in UTC to the millisecond, and filters compare instants', async () => {
  const s = await serve(CONFIG);
  try {
    const later = await s.send('POST', '/users', { name: 'Later', born: '2024-05-01T13:30:00+02:00' });
    assert.equal(((await later.json()) as { born: string }).born, '2024-05-01T11:30:00.000Z');
    await s.send('POST', '/users', { name: 'Noon', born: '2024-05-01T12:00:00Z' });
    await s.send('POST', '/users', { name: 'Local', born: '2024-05-01 12:00' }); // no offset: UTC
    const names = async (query: string): Promise<string[]> => {
      const res = await s.call(`/users?${query}`);
      assert.equal(res.status, 200, query);
      return ((await res.json()) as { name: string }[]).map((u) => u.name);
    };
    // As text, 13:30+02:00 sorts after 12:00Z; as an instant it is half an hour before.
    assert.deepEqual(await names('born_gt=2024-05-01T12:00:00Z'), []);
    assert.deepEqual(await names('born_lt=2024-05-01T12:00:00Z'), ['Later']);
    assert.deepEqual(await names('born=2024-05-01T12:00:00.000Z'), ['Noon', 'Local']);
    assert.deepEqual(await names('born=2024-05-01T14:00:00%2B02:00'), ['Noon', 'Local']);
    assert.deepEqual(await names('born_ne=2024-05-01T12:00:00Z'), ['Ada', 'Later']);
    // A date alone names no instant.
    const dateOnly = await s.send('POST', '/users', { name: 'Day', born: '2024-05-01' });
    assert.equal(dateOnly.status, 400);
    assert.match(await errorOf(dateOnly), /^Field 'born' must be an ISO-8601 date-time/);
    assert.equal((await s.call('/users?born_gte=2024-05-01')).status, 400);
  } finally {
    await s.close();
  }
});

test('a fractional id for an auto-assigned number key answers 400, not 500', async () => {
  const s = await serve(yaml`
    schemas:
      Item:
        properties:
          id: number
          name: string
    endpoints:
      - resource: Item
  `);
  try {
    const res = await s.send('POST', '/items', { id: 1.5, name: 'half' });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Field 'id' must be an integer, not the number 1.5.");
    assert.equal((await s.send('POST', '/items', { id: 2, name: 'two' })).status, 201);
  } finally {
    await s.close();
  }
});

test('a literal path is matched before a parameter route of another method: 405 with its own Allow', async () => {
  const s = await serve(CONFIG);
  try {
    const put = await s.send('PUT', '/tags/popular', { code: 'popular', label: 'x' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.match(await errorOf(put), /PUT/);
    const options = await s.call('/tags/popular', { method: 'OPTIONS' });
    assert.equal(options.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.equal((await s.call('/tags/popular/')).status, 200, 'a trailing slash still finds the literal route');
    assert.equal((await s.call('/tags/popular', { method: 'DELETE' })).status, 405);
    assert.deepEqual(await (await s.call('/tags')).json(), [], 'nothing was created or deleted');
    assert.equal((await s.send('POST', '/tags', { code: 'other' })).status, 201);
    assert.equal((await s.send('PUT', '/tags/other', { code: 'other', label: 'y' })).status, 200);
  } finally {
    await s.close();
  }
});

const NESTED = yaml`
  schemas:
    User:
      properties: { id: integer, name: string }
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, required: true, references: User }
  endpoints:
    - resource: User
    - resource: Post
    - path: /users/:authorId/posts
      method: POST
      response: { schema: Post }
  seed:
    User: [{ id: 1, name: Ann }]
`;

test('a nested create takes a required parent key from the path, and refuses a body that says otherwise', async () => {
  const s = await serve(NESTED);
  try {
    const created = await s.send('POST', '/users/1/posts', { title: 'From the path' });
    assert.equal(created.status, 201);
    assert.deepEqual(await created.json(), { id: 1, title: 'From the path', authorId: 1 });
    const same = await s.send('POST', '/users/1/posts', { title: 'Said twice', authorId: 1 });
    assert.equal(same.status, 201);
    const other = await s.send('POST', '/users/1/posts', { title: 'Elsewhere', authorId: 2 });
    assert.equal(other.status, 400);
    assert.match(((await other.json()) as { error: string }).error, /'authorId' is 2 in the body but 1 in the path/);
    // The flat create still needs it.
    const flat = await s.send('POST', '/posts', { title: 'No author' });
    assert.equal(flat.status, 400);
    await flat.text();
  } finally {
    await s.close();
  }
});
