import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { Engine } from '../src/engine.js';
import type { Database } from '../src/store/sqlite/database.js';
import { tempDir, yaml } from './helpers.js';

/** One engine on a real SQLite file in a temp dir; configs are applied in turn, as a user would edit them. */
interface Harness {
  engine: Engine;
  dir: string;
  dbPath: string;
  url: string | undefined;
  /** Applies a config that must be valid; returns its warnings. */
  apply(text: string): Promise<Problem[]>;
  /** Applies a config that must be refused; returns its problems. */
  applyFails(text: string): Promise<Problem[]>;
  start(): Promise<string>;
  db(): Database.Database;
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T;
  call(path: string, init?: RequestInit): Promise<Response>;
  send(method: string, path: string, body: unknown): Promise<Response>;
  /** Stops this engine and opens a new one on the same config and database file. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

function harness(): Harness {
  const { dir, cleanup } = tempDir('mockyard-migrate-');
  const configPath = join(dir, 'mockyard.yaml');
  const make = (): Engine => new Engine({ configPath, port: 0, host: '127.0.0.1' });
  const h: Harness = {
    engine: make(),
    dir,
    dbPath: join(dir, 'mockyard.sqlite'),
    url: undefined,
    async apply(text) {
      writeFileSync(configPath, text);
      const result = await h.engine.apply(text);
      if (!result.ok)
        assert.fail(`config refused:\n${result.problems.map((p) => `${p.code}: ${p.message}`).join('\n')}`);
      return result.problems;
    },
    async applyFails(text) {
      const result = await h.engine.apply(text);
      assert.equal(result.ok, false, 'apply() should refuse this config');
      return result.problems;
    },
    async start() {
      h.url = (await h.engine.start()).url;
      return h.url;
    },
    db() {
      const db = sqliteOf(h.engine.store);
      assert.ok(db, 'engine has no open database');
      return db;
    },
    all<T>(sql: string, ...params: unknown[]): T[] {
      return h
        .db()
        .prepare(sql)
        .all(...params) as T[];
    },
    get<T>(sql: string, ...params: unknown[]): T {
      return h
        .db()
        .prepare(sql)
        .get(...params) as T;
    },
    call(path, init) {
      assert.ok(h.url, 'call start() first');
      return fetch(`${h.url}${path}`, init);
    },
    send: (method, path, body) =>
      h.call(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    async restart() {
      const text = readFileSync(configPath, 'utf8');
      await h.engine.stop();
      h.engine = make();
      await h.apply(text);
      await h.start();
    },
    async close() {
      await h.engine.stop();
      cleanup();
    },
  };
  return h;
}

const columns = (h: Harness, table: string): string[] =>
  h.all<{ name: string }>(`PRAGMA table_info("${table}")`).map((c) => c.name);
const indexes = (h: Harness, table: string): { name: string; unique: number }[] =>
  h
    .all<{ name: string; unique: number; origin: string }>(`PRAGMA index_list("${table}")`)
    .filter((i) => i.origin === 'c')
    .map(({ name, unique }) => ({ name, unique }))
    .sort((a, b) => a.name.localeCompare(b.name));
/** Indexed columns of a table: column name -> whether a unique index covers it. */
function indexedColumns(h: Harness, table: string): Map<string, boolean> {
  const map = new Map<string, boolean>();
  for (const index of h.all<{ name: string; unique: number }>(`PRAGMA index_list("${table}")`)) {
    for (const col of h.all<{ name: string }>(`PRAGMA index_info("${index.name}")`)) {
      map.set(col.name, (map.get(col.name) ?? false) || index.unique === 1);
    }
  }
  return map;
}
const schemaVersion = (h: Harness): number => h.db().pragma('schema_version', { simple: true }) as number;
const json = async <T = unknown>(res: Response | Promise<Response>): Promise<T> => (await res).json() as Promise<T>;

async function created(res: Promise<Response>): Promise<Record<string, unknown>> {
  const r = await res;
  const body = (await r.json()) as Record<string, unknown>;
  assert.equal(r.status, 201, JSON.stringify(body));
  return body;
}

test('tables are named after their schemas (snake_case, plural), created in WAL mode, with lookup and unique indexes', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        BlogPost:
          properties:
            id: integer
            slug: { type: string, unique: true }
            authorId: integer
            title: string
        Person:
          properties:
            id: integer
            name: string
        Category:
          properties:
            code: string
      endpoints:
        - resource: BlogPost
        - { path: /blog_posts/by-slug/:slug, method: GET, response: { schema: BlogPost } }
        - { path: /people/:personId/posts, method: GET, response: { schema: BlogPost, type: array }, key: authorId }
        - { path: /authors/:authorId/posts, method: GET, response: { schema: BlogPost, type: array } }
        - resource: Person
        - { path: /categories/:code, method: GET, response: { schema: Category } }
    `);
    const tables = h
      .all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name",
      )
      .map((t) => t.name);
    assert.deepEqual(tables, ['blog_posts', 'categories', 'people']);
    assert.deepEqual(columns(h, 'blog_posts'), ['id', 'slug', 'authorId', 'title']);
    assert.equal(h.db().pragma('journal_mode', { simple: true }), 'wal');

    // Every column an endpoint looks records up by is indexed; unique fields get a unique index.
    const blog = indexedColumns(h, 'blog_posts');
    assert.equal(blog.get('slug'), true, 'slug: unique index');
    assert.equal(blog.get('authorId'), false, 'authorId: plain lookup index');
    assert.equal(blog.has('title'), false, 'title is not looked up, so not indexed');
    assert.equal(indexedColumns(h, 'categories').get('code'), false);
    // `id` is the INTEGER PRIMARY KEY (the rowid), indexed by SQLite itself.
    assert.deepEqual(
      h
        .all<{ name: string; pk: number }>('PRAGMA table_info("people")')
        .filter((c) => c.pk > 0)
        .map((c) => c.name),
      ['id'],
    );

    await h.start();
    await created(h.send('POST', '/blog_posts', { slug: 'a', title: 'A', authorId: 7 }));
    const dup = await h.send('POST', '/blog_posts', { slug: 'a', title: 'again' });
    assert.equal(dup.status, 409);
    assert.match(((await dup.json()) as { error: string }).error, /slug/);
    assert.equal(h.get<{ n: number }>('SELECT count(*) AS n FROM blog_posts').n, 1);
  } finally {
    await h.close();
  }
});

test('an added field adds a column; existing rows keep their data and get null', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        User:
          properties:
            id: integer
            name: string
      endpoints:
        - resource: User
    `);
    await h.start();
    const ada = await created(h.send('POST', '/users', { name: 'Ada' }));
    await created(h.send('POST', '/users', { name: 'Alan' }));

    const warnings = await h.apply(yaml`
      schemas:
        User:
          properties:
            id: integer
            name: string
            age: integer
            tags: json
      endpoints:
        - resource: User
    `);
    assert.deepEqual(
      warnings.filter((p) => p.severity === 'error'),
      [],
    );
    assert.deepEqual(columns(h, 'users'), ['id', 'name', 'age', 'tags']);
    assert.deepEqual(await json(h.call(`/users/${String(ada.id)}`)), {
      id: ada.id,
      name: 'Ada',
      age: null,
      tags: null,
    });
    const patched = await h.send('PATCH', `/users/${String(ada.id)}`, { age: 36, tags: ['math'] });
    assert.equal(patched.status, 200);
    assert.deepEqual(await patched.json(), { id: ada.id, name: 'Ada', age: 36, tags: ['math'] });
    assert.deepEqual(h.all('SELECT id, name, age, typeof(age) AS t FROM users ORDER BY id'), [
      { id: 1, name: 'Ada', age: 36, t: 'integer' },
      { id: 2, name: 'Alan', age: null, t: 'null' },
    ]);
  } finally {
    await h.close();
  }
});

test('a removed field keeps its column and data, hidden from the API and reported as hiddenColumn; re-adding it shows the data again', async () => {
  const h = harness();
  const withEmail = yaml`
    schemas:
      User:
        properties:
          id: integer
          name: string
          email: string
    endpoints:
      - resource: User
  `;
  try {
    await h.apply(withEmail);
    await h.start();
    await created(h.send('POST', '/users', { name: 'Ada', email: 'ada@example.com' }));

    const warnings = await h.apply(yaml`
      schemas:
        User:
          properties:
            id: integer
            name: string
      endpoints:
        - resource: User
    `);
    const hidden = warnings.filter((p) => p.code === 'hiddenColumn');
    assert.equal(hidden.length, 1, JSON.stringify(warnings));
    assert.equal(hidden[0]?.severity, 'warning');
    assert.match(hidden[0]?.message ?? '', /'email'.*'users'/);
    assert.deepEqual(columns(h, 'users'), ['id', 'name', 'email']);
    assert.deepEqual(h.all('SELECT name, email FROM users'), [{ name: 'Ada', email: 'ada@example.com' }]);

    // The API neither shows nor accepts the hidden field.
    assert.deepEqual(await json(h.call('/users/1')), { id: 1, name: 'Ada' });
    assert.deepEqual(await json(h.call('/users')), [{ id: 1, name: 'Ada' }]);
    assert.equal((await h.send('POST', '/users', { name: 'Bob', email: 'bob@example.com' })).status, 400);
    await created(h.send('POST', '/users', { name: 'Bob' }));
    const put = await h.send('PUT', '/users/1', { name: 'Ada L.' });
    assert.equal(put.status, 200);
    assert.equal(
      h.get<{ email: string }>('SELECT email FROM users WHERE id = 1').email,
      'ada@example.com',
      'PUT leaves hidden columns alone',
    );

    const back = await h.apply(withEmail);
    assert.deepEqual(
      back.filter((p) => p.code === 'hiddenColumn'),
      [],
    );
    assert.deepEqual(await json(h.call('/users')), [
      { id: 1, name: 'Ada L.', email: 'ada@example.com' },
      { id: 2, name: 'Bob', email: null },
    ]);
  } finally {
    await h.close();
  }
});

test('a field retyped integer→string and string→integer keeps every row and column; values take the new type where they can', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        Item:
          properties:
            id: integer
            code: integer
            zip: { type: string, unique: true }
            price: number
            note: string
            legacy: string
      endpoints:
        - resource: Item
        - { path: /zips/:zip, method: GET, response: { schema: Item } }
        - { path: /codes/:code/items, method: GET, response: { schema: Item, type: array } }
    `);
    await h.start();
    await created(h.send('POST', '/items', { code: 42, zip: '12345', price: 9.5, note: 'first', legacy: 'old-1' }));
    await created(h.send('POST', '/items', { code: 7, zip: 'SW1A', price: 3, note: 'second', legacy: 'old-2' }));
    await created(h.send('POST', '/items', { zip: '00501', note: 'third' }));
    // A removed field: its hidden column must survive the rebuild too.
    await h.apply(yaml`
      schemas:
        Item:
          properties:
            id: integer
            code: integer
            zip: { type: string, unique: true }
            price: number
            note: string
      endpoints:
        - resource: Item
        - { path: /zips/:zip, method: GET, response: { schema: Item } }
        - { path: /codes/:code/items, method: GET, response: { schema: Item, type: array } }
    `);
    const versionBefore = schemaVersion(h);

    const warnings = await h.apply(yaml`
      schemas:
        Item:
          properties:
            id: integer
            code: string
            zip: { type: integer, unique: true }
            price: number
            note: string
      endpoints:
        - resource: Item
        - { path: /zips/:zip, method: GET, response: { schema: Item } }
        - { path: /codes/:code/items, method: GET, response: { schema: Item, type: array } }
    `);
    assert.ok(schemaVersion(h) > versionBefore, 'the table was rebuilt');
    assert.deepEqual(
      warnings.map((p) => p.code),
      ['hiddenColumn'],
    );
    const info = h
      .all<{ name: string; type: string; pk: number }>('PRAGMA table_info("items")')
      .map((c) => [c.name, c.type, c.pk]);
    assert.deepEqual(info, [
      ['id', 'INTEGER', 1],
      ['code', 'TEXT', 0],
      ['zip', 'INTEGER', 0],
      ['price', 'NUMERIC', 0],
      ['note', 'TEXT', 0],
      ['legacy', 'TEXT', 0],
    ]);
    assert.deepEqual(
      h.all(
        'SELECT id, code, typeof(code) AS codeType, zip, typeof(zip) AS zipType, price, note, legacy FROM items ORDER BY id',
      ),
      [
        {
          id: 1,
          code: '42',
          codeType: 'text',
          zip: 12345,
          zipType: 'integer',
          price: 9.5,
          note: 'first',
          legacy: 'old-1',
        },
        { id: 2, code: '7', codeType: 'text', zip: 'SW1A', zipType: 'text', price: 3, note: 'second', legacy: 'old-2' },
        // '00501' is a well-formed integer literal, so INTEGER affinity stores it as 501 (what the new type asks for).
        { id: 3, code: null, codeType: 'null', zip: 501, zipType: 'integer', price: null, note: 'third', legacy: null },
      ],
    );
    // The unique and lookup indexes are back after the rebuild.
    const idx = indexedColumns(h, 'items');
    assert.equal(idx.get('zip'), true);
    assert.equal(idx.get('code'), false);

    assert.deepEqual(await json(h.call('/items/1')), { id: 1, code: '42', zip: 12345, price: 9.5, note: 'first' });
    assert.deepEqual(await json(h.call('/zips/12345')), { id: 1, code: '42', zip: 12345, price: 9.5, note: 'first' });
    assert.deepEqual(await json(h.call('/codes/7/items')), [
      { id: 2, code: '7', zip: 'SW1A', price: 3, note: 'second' },
    ]);
    await created(h.send('POST', '/items', { code: 'X-9', zip: 99 }));
    assert.equal((await h.send('POST', '/items', { zip: 12345 })).status, 409);
    assert.equal((await h.send('POST', '/items', { zip: 'text' })).status, 400);
    // New ids continue after the old ones.
    assert.deepEqual(
      h.all('SELECT id FROM items ORDER BY id').map((r) => (r as { id: number }).id),
      [1, 2, 3, 4],
    );
  } finally {
    await h.close();
  }
});

test('an integer id added to a table that had none numbers the existing rows and makes them addressable', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        Note:
          properties:
            title: string
            body: string
      endpoints:
        - { path: /notes, method: GET, response: { schema: Note, type: array } }
        - { path: /notes, method: POST, response: { schema: Note } }
    `);
    await h.start();
    await created(h.send('POST', '/notes', { title: 'one', body: 'a' }));
    await created(h.send('POST', '/notes', { title: 'two', body: 'b' }));
    await h.apply(yaml`
      schemas:
        Note:
          properties:
            id: integer
            title: string
            body: string
      endpoints:
        - resource: Note
    `);
    assert.deepEqual(
      h.all<{ name: string; pk: number }>('PRAGMA table_info("notes")').map((c) => [c.name, c.pk]),
      [
        ['id', 1],
        ['title', 0],
        ['body', 0],
      ],
    );
    assert.deepEqual(await json(h.call('/notes?_sort=id')), [
      { id: 1, title: 'one', body: 'a' },
      { id: 2, title: 'two', body: 'b' },
    ]);
    assert.deepEqual(await json(h.call('/notes/2')), { id: 2, title: 'two', body: 'b' });
    const third = await created(h.send('POST', '/notes', { title: 'three' }));
    assert.equal(third.id, 3);
  } finally {
    await h.close();
  }
});

test('a string (UUID) id added to a table that had none gives every existing row a distinct UUID', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        Tag:
          properties:
            label: string
      endpoints:
        - { path: /tags, method: POST, response: { schema: Tag } }
    `);
    await h.start();
    await created(h.send('POST', '/tags', { label: 'red' }));
    await created(h.send('POST', '/tags', { label: 'blue' }));
    await h.apply(yaml`
      schemas:
        Tag:
          properties:
            id: string
            label: string
      endpoints:
        - resource: Tag
    `);
    const rows = h.all<{ id: string; label: string }>('SELECT id, label FROM tags ORDER BY label');
    assert.deepEqual(
      rows.map((r) => r.label),
      ['blue', 'red'],
    );
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const r of rows) assert.match(r.id, uuid);
    assert.notEqual(rows[0]?.id, rows[1]?.id);
    assert.deepEqual(await json(h.call(`/tags/${rows[1]?.id ?? ''}`)), { id: rows[1]?.id, label: 'red' });
    const added = await created(h.send('POST', '/tags', { label: 'green' }));
    assert.match(String(added.id), uuid);
  } finally {
    await h.close();
  }
});

test('removing a UUID id keeps the column but new records can still be created', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        Tag:
          properties:
            id: string
            label: string
      endpoints:
        - resource: Tag
    `);
    await h.start();
    const red = await created(h.send('POST', '/tags', { label: 'red' }));
    const warnings = await h.apply(yaml`
      schemas:
        Tag:
          properties:
            label: string
      endpoints:
        - { path: /tags, method: GET, response: { schema: Tag, type: array } }
        - { path: /tags, method: POST, response: { schema: Tag } }
    `);
    assert.deepEqual(
      warnings.map((p) => p.code),
      ['hiddenColumn'],
    );
    await created(h.send('POST', '/tags', { label: 'blue' }));
    assert.deepEqual(await json(h.call('/tags?_sort=label')), [{ label: 'blue' }, { label: 'red' }]);
    assert.equal(h.get<{ id: string }>("SELECT id FROM tags WHERE label = 'red'").id, red.id);
  } finally {
    await h.close();
  }
});

test('unique added gives a unique index (409 on duplicates); unique removed drops it; unique over duplicate data is refused and changes nothing', async () => {
  const h = harness();
  const config = (email: string): string => yaml`
    schemas:
      User:
        properties:
          id: integer
          name: string
          email: ${email}
    endpoints:
      - resource: User
  `;
  try {
    await h.apply(config('string'));
    await h.start();
    await created(h.send('POST', '/users', { name: 'Ada', email: 'ada@example.com' }));
    await created(h.send('POST', '/users', { name: 'Alan', email: 'alan@example.com' }));
    assert.equal(indexedColumns(h, 'users').has('email'), false);

    await h.apply(config('{ type: string, unique: true }'));
    assert.deepEqual(indexes(h, 'users'), [{ name: 'mockyard_unique_users_email', unique: 1 }]);
    const dup = await h.send('POST', '/users', { name: 'Eve', email: 'ada@example.com' });
    assert.equal(dup.status, 409);
    assert.match(((await dup.json()) as { error: string }).error, /email/);
    assert.equal((await h.send('PATCH', '/users/2', { email: 'ada@example.com' })).status, 409);

    await h.apply(config('string'));
    assert.deepEqual(indexes(h, 'users'), []);
    await created(h.send('POST', '/users', { name: 'Eve', email: 'ada@example.com' }));

    // Now the data has a duplicate: making email unique again must be refused, leaving everything as it was.
    const live = h.engine.model;
    const before = {
      version: schemaVersion(h),
      rows: h.all('SELECT * FROM users ORDER BY id'),
      sql: h.all('SELECT type, name, sql FROM sqlite_master ORDER BY name'),
      fields: h.all('SELECT * FROM _mockyard_fields ORDER BY table_name, column_name'),
    };
    const problems = await h.applyFails(yaml`
      schemas:
        User:
          properties:
            id: integer
            name: string
            email: { type: string, unique: true }
            nickname: string
        Extra:
          properties:
            label: string
      endpoints:
        - resource: User
    `);
    const errors = problems.filter((p) => p.severity === 'error');
    assert.equal(errors.length, 1, JSON.stringify(problems));
    assert.equal(errors[0]?.code, 'migrationFailed');
    assert.match(errors[0]?.message ?? '', /users/);
    assert.match(errors[0]?.message ?? '', /email/);
    assert.match(errors[0]?.message ?? '', /unique/i);
    assert.match(errors[0]?.message ?? '', /ada@example\.com/, 'names the duplicated value');
    assert.deepEqual(
      {
        version: schemaVersion(h),
        rows: h.all('SELECT * FROM users ORDER BY id'),
        sql: h.all('SELECT type, name, sql FROM sqlite_master ORDER BY name'),
        fields: h.all('SELECT * FROM _mockyard_fields ORDER BY table_name, column_name'),
      },
      before,
    );
    assert.equal(h.engine.model, live, 'the previous config is still live');
    assert.equal((await h.call('/users')).status, 200);
    assert.equal((await json<unknown[]>(h.call('/users'))).length, 3);
    await created(h.send('POST', '/users', { name: 'Mallory', email: 'ada@example.com' }));
  } finally {
    await h.close();
  }
});

test('a lookup index follows the endpoints: added for a new key, dropped when no endpoint uses it', async () => {
  const h = harness();
  const config = (extra: string): string => yaml`
    schemas:
      Post:
        properties:
          id: integer
          authorId: integer
          slug: string
    endpoints:
      - resource: Post
      ${extra}
  `;
  try {
    await h.apply(config(''));
    assert.equal(indexedColumns(h, 'posts').has('authorId'), false);
    await h.apply(config('- { path: /users/:authorId/posts, method: GET, response: { schema: Post, type: array } }'));
    assert.equal(indexedColumns(h, 'posts').get('authorId'), false);
    await h.apply(config(''));
    assert.equal(indexedColumns(h, 'posts').has('authorId'), false);
  } finally {
    await h.close();
  }
});

test('seed rows fill a new table once, are not duplicated by later applies, and engine.reset() puts them back', async () => {
  const h = harness();
  const config = yaml`
    schemas:
      User:
        properties:
          id: integer
          name: { type: string, required: true }
          admin: { type: boolean, default: false }
    endpoints:
      - resource: User
    seed:
      User:
        - { name: Ada, admin: true }
        - { name: Alan }
  `;
  const seeded = [
    { id: 1, name: 'Ada', admin: true },
    { id: 2, name: 'Alan', admin: false },
  ];
  try {
    await h.apply(config);
    await h.start();
    assert.deepEqual(await json(h.call('/users')), seeded);
    await created(h.send('POST', '/users', { name: 'Grace' }));
    assert.ok((await h.call('/users/1', { method: 'DELETE' })).ok);
    await h.apply(config);
    await h.restart();
    assert.deepEqual(
      (await json<{ name: string }[]>(h.call('/users'))).map((u) => u.name),
      ['Alan', 'Grace'],
    );

    assert.deepEqual(h.engine.reset(), { users: 2 });
    assert.deepEqual(await json(h.call('/users')), seeded);
    assert.deepEqual(h.all('SELECT id, name, admin FROM users ORDER BY id'), [
      { id: 1, name: 'Ada', admin: 1 },
      { id: 2, name: 'Alan', admin: 0 },
    ]);
  } finally {
    await h.close();
  }
});

test('re-applying the same config is idempotent: no schema change, no rebuild, same data', async () => {
  const h = harness();
  const config = yaml`
    schemas:
      User:
        properties:
          id: integer
          name: string
          email: { type: string, unique: true }
          score: number
          active: boolean
          born: datetime
          meta: json
      Token:
        properties:
          id: string
          value: string
    endpoints:
      - resource: User
      - resource: Token
      - { path: /emails/:email, method: GET, response: { schema: User } }
  `;
  try {
    await h.apply(config);
    await h.start();
    await created(
      h.send('POST', '/users', {
        name: 'Ada',
        email: 'a@x',
        score: 1.5,
        active: true,
        born: '1815-12-10T00:00:00.000Z',
        meta: { a: 1 },
      }),
    );
    await created(h.send('POST', '/tokens', { value: 'v' }));
    const snapshot = (): unknown => ({
      version: schemaVersion(h),
      master: h.all('SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master ORDER BY name'),
      users: h.all('SELECT * FROM users'),
      tokens: h.all('SELECT * FROM tokens'),
    });
    const before = snapshot();
    for (let i = 0; i < 3; i++) {
      const warnings = await h.apply(config);
      assert.deepEqual(warnings, []);
    }
    assert.deepEqual(snapshot(), before);
  } finally {
    await h.close();
  }
});

test('data written over HTTP survives engine.stop() and a new Engine on the same file', async () => {
  const h = harness();
  try {
    await h.apply(yaml`
      schemas:
        Post:
          properties:
            id: integer
            slug: { type: string, unique: true }
            tags: json
      endpoints:
        - resource: Post
          key: slug
    `);
    await h.start();
    await created(h.send('POST', '/posts', { slug: 'hello', tags: ['a', 'b'] }));
    await created(h.send('POST', '/posts', { slug: 'bye' }));
    assert.equal((await h.send('PATCH', '/posts/bye', { tags: [] })).status, 200);
    await h.restart();
    assert.deepEqual(await json(h.call('/posts')), [
      { id: 1, slug: 'hello', tags: ['a', 'b'] },
      { id: 2, slug: 'bye', tags: [] },
    ]);
    assert.equal(h.db().pragma('journal_mode', { simple: true }), 'wal');
  } finally {
    await h.close();
  }
});

test('a database file that is not SQLite makes apply() fail with databaseOpenFailed and is left byte for byte as it was', async () => {
  for (const size of [4096, 10]) {
    const h = harness();
    try {
      const garbage = randomBytes(size);
      writeFileSync(h.dbPath, garbage);
      const problems = await h.applyFails(yaml`
        schemas:
          User:
            properties:
              id: integer
              name: string
        endpoints:
          - resource: User
      `);
      const errors = problems.filter((p) => p.severity === 'error');
      assert.equal(errors.length, 1, JSON.stringify(problems));
      assert.equal(errors[0]?.code, 'databaseOpenFailed');
      assert.ok(errors[0]?.message.includes(h.dbPath), errors[0]?.message);
      assert.match(errors[0]?.message ?? '', /not a database/);
      assert.equal(sqliteOf(h.engine.store), undefined);
      assert.deepEqual(readFileSync(h.dbPath), garbage, `the ${size}-byte file was changed`);
    } finally {
      await h.close();
    }
  }
});

test('a table made before ids were never reused is rebuilt with AUTOINCREMENT, keeping every row and id', async () => {
  const h = harness();
  try {
    // The table as earlier versions made it: INTEGER PRIMARY KEY alone, which SQLite numbers max(id) + 1.
    const { default: BetterSqlite } = await import('better-sqlite3');
    const old = new BetterSqlite(h.dbPath);
    old.exec('CREATE TABLE "users" ("id" INTEGER PRIMARY KEY, "name" TEXT)');
    old.exec(`INSERT INTO "users" ("id", "name") VALUES (1, 'Ada'), (2, 'Alan'), (7, 'Grace')`);
    old.close();
    await h.apply(yaml`
      schemas:
        User:
          properties:
            id: integer
            name: string
      endpoints:
        - resource: User
    `);
    await h.start();
    const sql = h.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'users'").sql;
    assert.match(sql, /AUTOINCREMENT/);
    assert.deepEqual(await (await h.call('/users')).json(), [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Alan' },
      { id: 7, name: 'Grace' },
    ]);
    assert.equal((await h.call('/users/7', { method: 'DELETE' })).status, 204);
    const created = await h.send('POST', '/users', { name: 'Barbara' });
    assert.equal(((await created.json()) as { id: number }).id, 8, 'the deleted newest id is not given again');
    await h.restart();
    assert.equal((await h.call('/users/8', { method: 'DELETE' })).status, 204);
    const after = await h.send('POST', '/users', { name: 'Edsger' });
    assert.equal(((await after.json()) as { id: number }).id, 9, 'nor after a restart');
  } finally {
    await h.close();
  }
});

test('datetimes stored as written are rewritten in UTC to the millisecond, so filters compare instants', async () => {
  const h = harness();
  try {
    const { default: BetterSqlite } = await import('better-sqlite3');
    const old = new BetterSqlite(h.dbPath);
    old.exec('CREATE TABLE "events" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "at" TEXT)');
    old.exec(
      `INSERT INTO "events" ("at") VALUES ('2024-05-01T13:30:00+02:00'), ('2024-05-01T12:00:00Z'), ('not a date'), (NULL)`,
    );
    old.close();
    await h.apply(yaml`
      schemas:
        Event:
          properties:
            id: integer
            at: datetime
      endpoints:
        - resource: Event
    `);
    await h.start();
    assert.deepEqual(
      h.all<{ at: string | null }>('SELECT "at" FROM "events" ORDER BY "id"').map((r) => r.at),
      ['2024-05-01T11:30:00.000Z', '2024-05-01T12:00:00.000Z', 'not a date', null],
    );
    const later = (await (await h.call('/events?at_gt=2024-05-01T11:45:00Z')).json()) as { id: number }[];
    assert.deepEqual(
      later.map((e) => e.id),
      [2, 3],
      'the offset time is before noon; text that is no date stays as it was (and sorts after)',
    );
  } finally {
    await h.close();
  }
});
