// Relations declared with `references:` (issue 20): `_expand` and `_embed` on GET item and list,
// answered in the same statement as the page; integrity of creates, updates and deletes.
// Runs on SQLite here and on PostgreSQL in http-relations-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import { serve, type Served, yaml } from './helpers.js';
import { errorOf } from './http-fixtures.js';

const USERS = 120;
const POSTS = 150;

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        slug: { type: string, unique: true }
        managerId: { type: integer, references: User }
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: User }
        editorSlug: { type: string, references: User.slug, as: editor }
    Comment:
      properties:
        id: integer
        body: string
        postId: { type: integer, references: Post, onDelete: cascade }
    Like:
      properties:
        id: integer
        commentId: { type: integer, references: Comment, onDelete: restrict }
    Note:
      properties:
        code: { type: string, required: true }
        userSlug: { type: string, references: User.slug, onDelete: restrict }
  endpoints:
    - resource: User
    - resource: Post
    - resource: Comment
    - resource: Like
    - resource: Note
      key: code
  seed:
    User:
${Array.from({ length: USERS }, (_, i) => `      - { name: u${i + 1}, slug: s${i + 1}${i > 0 ? ', managerId: 1' : ''} }`).join('\n')}
    Post:
${Array.from({ length: POSTS }, (_, i) => `      - { title: p${i + 1}, authorId: ${(i % USERS) + 1}, editorSlug: s${(i % 3) + 1} }`).join('\n')}
    Comment:
      - { body: first, postId: 1 }
      - { body: second, postId: 1 }
      - { body: other, postId: 2 }
    Like:
      - { commentId: 3 }
    Note:
      - { code: n1, userSlug: s5 }
`;

async function withServer(run: (s: Served) => Promise<void>): Promise<void> {
  const s = await serve(CONFIG);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

type Json = Record<string, unknown>;

async function ok<T = Json>(res: Response): Promise<T> {
  assert.equal(res.status, 200, `answered ${res.status}: ${res.status === 200 ? '' : await res.clone().text()}`);
  return (await res.json()) as T;
}

test('_expand adds the referenced record under the field name without Id, or under `as`', async () => {
  await withServer(async (s) => {
    const post = await ok(await s.call('/posts/1?_expand=author'));
    assert.deepEqual(post, {
      id: 1,
      title: 'p1',
      authorId: 1,
      editorSlug: 's1',
      author: { id: 1, name: 'u1', slug: 's1', managerId: null },
    });
    const both = await ok(await s.call('/posts/5?_expand=author&_expand=editor'));
    assert.equal((both.author as Json).id, 5);
    assert.deepEqual(both.editor, { id: 2, name: 'u2', slug: 's2', managerId: 1 });
    const commas = await ok(await s.call('/posts/5?_expand=author,editor'));
    assert.deepEqual(commas, both);
    // A record without its reference expands to null.
    const user = await ok(await s.call('/users/1?_expand=manager'));
    assert.equal(user.manager, null);
    // Without _expand, the record is as stored.
    assert.deepEqual(Object.keys(await ok(await s.call('/posts/1'))), ['id', 'title', 'authorId', 'editorSlug']);
  });
});

test('_expand on a list adds each row its referenced record, with filters, sorting and pages', async () => {
  await withServer(async (s) => {
    const res = await s.call('/posts?_expand=author&_sort=id&_order=desc&_limit=3&authorId_lte=30');
    const posts = await ok<Json[]>(res);
    assert.deepEqual(
      posts.map((p) => [p.id, p.authorId, (p.author as Json).id, (p.author as Json).name]),
      [
        [150, 30, 30, 'u30'],
        [149, 29, 29, 'u29'],
        [148, 28, 28, 'u28'],
      ],
    );
    assert.equal(res.headers.get('x-total-count'), '60');
    const page = await ok<Json[]>(await s.call('/posts?_expand=author&_expand=editor'));
    assert.equal(page.length, 100);
    for (const p of page) {
      assert.equal((p.author as Json).id, p.authorId);
      assert.equal((p.editor as Json).slug, p.editorSlug);
    }
  });
});

test('_embed adds the referencing records, keyed by the other table, in insertion order', async () => {
  await withServer(async (s) => {
    const user = await ok(await s.call('/users/1?_embed=posts'));
    assert.deepEqual(
      (user.posts as Json[]).map((p) => p.id),
      [1, 121],
    );
    assert.deepEqual((user.posts as Json[])[0], { id: 1, title: 'p1', authorId: 1, editorSlug: 's1' });
    const post = await ok(await s.call('/posts/1?_embed=comments&_expand=author'));
    assert.deepEqual(post.comments, [
      { id: 1, body: 'first', postId: 1 },
      { id: 2, body: 'second', postId: 1 },
    ]);
    assert.equal((post.author as Json).name, 'u1');
    const none = await ok(await s.call('/posts/3?_embed=comments'));
    assert.deepEqual(none.comments, []);
    // A second reference from the same table is named <table>.<field>.
    const edited = await ok(await s.call('/users/2?_embed=posts.editorSlug'));
    assert.equal((edited['posts.editorSlug'] as Json[]).length, 50);
    const list = await ok<Json[]>(await s.call('/users?_embed=posts&_limit=5'));
    assert.deepEqual(
      list.map((u) => (u.posts as Json[]).map((p) => p.id)),
      [
        [1, 121],
        [2, 122],
        [3, 123],
        [4, 124],
        [5, 125],
      ],
    );
  });
});

test('a reference cycle is followed one level: a user embeds its reports, which carry no relations', async () => {
  await withServer(async (s) => {
    const boss = await ok(await s.call('/users/1?_embed=users&_expand=manager'));
    const reports = boss.users as Json[];
    assert.equal(reports.length, USERS - 1);
    assert.deepEqual(reports[0], { id: 2, name: 'u2', slug: 's2', managerId: 1 });
    const report = await ok(await s.call('/users/2?_expand=manager&_embed=users'));
    assert.deepEqual(report.manager, { id: 1, name: 'u1', slug: 's1', managerId: null });
    assert.deepEqual(report.users, []);
  });
});

test('_expand or _embed of an unknown relation is 400 listing the known ones', async () => {
  await withServer(async (s) => {
    let res = await s.call('/posts/1?_expand=writer');
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Cannot _expand 'writer': Post has only author or editor to expand.");
    res = await s.call('/users?_embed=comments');
    assert.equal(res.status, 400);
    assert.equal(
      await errorOf(res),
      "Cannot _embed 'comments': User has only users, posts, posts.editorSlug or notes to embed.",
    );
    res = await s.call('/posts?_embed=author');
    assert.equal(res.status, 400);
    assert.match(await errorOf(res), /Post has only comments to embed/);
    res = await s.call('/likes/1?_embed=x');
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Cannot _embed 'x': Like has nothing to embed.");
  });
});

/**
 * Counts the statements the store runs while `work` runs: SQLite's prepared-statement calls, or the
 * PostgreSQL connection's queries.
 */
async function countQueries(s: Served, work: () => Promise<void>): Promise<number> {
  let count = 0;
  const db = sqliteOf(s.engine.store);
  const restore: (() => void)[] = [];
  const wrap = (target: Record<string, unknown>, names: string[]): void => {
    for (const name of names) {
      const original = target[name] as (...args: unknown[]) => unknown;
      target[name] = function (this: unknown, ...args: unknown[]) {
        count++;
        return original.apply(this, args);
      };
      restore.push(() => {
        target[name] = original;
      });
    }
  };
  if (db)
    wrap(Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>, ['all', 'get', 'run', 'iterate']);
  else {
    const { Connection } = await import('../src/store/postgres/connection.js');
    wrap(Connection.prototype as unknown as Record<string, unknown>, ['query']);
  }
  try {
    await work();
  } finally {
    for (const undo of restore) undo();
  }
  return count;
}

test('a 100-row list with _expand or _embed costs the same statements as without: the page (and its count)', async () => {
  await withServer(async (s) => {
    const counts: Record<string, number> = {};
    for (const [name, path] of [
      ['plain', '/posts?_limit=100'],
      ['expand', '/posts?_limit=100&_expand=author&_expand=editor'],
      ['embed', '/users?_limit=100&_embed=posts'],
      ['plain-all', '/posts?_limit=100&id_lte=100'],
      ['expand-all', '/posts?_limit=100&id_lte=100&_expand=author'],
      ['embed-all', '/users?_limit=100&id_lte=100&_embed=posts&_embed=users'],
    ] as const) {
      counts[name] = await countQueries(s, async () => {
        const rows = await ok<Json[]>(await s.call(path));
        assert.equal(rows.length, 100, path);
      });
    }
    const sqlite = sqliteOf(s.engine.store) !== undefined;
    if (sqlite)
      counts.again = await countQueries(s, async () => {
        assert.equal((await ok<Json[]>(await s.call('/posts?_limit=100&id_lte=100&_expand=author'))).length, 100);
      });
    console.log(`queries per 100-row list (${sqlite ? 'SQLite' : 'PostgreSQL'}):`, counts);
    // More rows than the page: the page and a count(*) for X-Total-Count (on PostgreSQL in the page's
    // own statement); the last page: the page alone. SQLite reads its database's version first (the
    // page cache, store/sqlite/page-cache.ts), and a list asked again, unchanged, costs only that.
    const version = sqlite ? 1 : 0;
    assert.deepEqual(counts, {
      plain: version + (sqlite ? 2 : 1),
      expand: version + (sqlite ? 2 : 1),
      embed: version + (sqlite ? 2 : 1),
      'plain-all': version + 1,
      'expand-all': version + 1,
      'embed-all': version + 1,
      ...(sqlite ? { again: 1 } : {}),
    });
  });
});

test('a create or update whose reference names no record is 400 naming the field and value', async () => {
  await withServer(async (s) => {
    let res = await s.send('POST', '/posts', { title: 'x', authorId: 999 });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Field 'authorId' is 999, but there is no User with id 999.");
    res = await s.send('POST', '/posts', { title: 'x', authorId: 2, editorSlug: 'nobody' });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), 'Field \'editorSlug\' is "nobody", but there is no User with slug "nobody".');
    res = await s.send('PATCH', '/posts/1', { authorId: 1000 });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Field 'authorId' is 1000, but there is no User with id 1000.");
    res = await s.send('PUT', '/posts/1', { title: 'p1', authorId: 0, editorSlug: 's1' });
    assert.equal(res.status, 400);
    assert.match(await errorOf(res), /^Field 'authorId' is 0, but there is no User with id 0\.$/);
    // Nothing was written.
    assert.deepEqual(await ok(await s.call('/posts/1')), { id: 1, title: 'p1', authorId: 1, editorSlug: 's1' });
    // Existing references, and null or absent ones, are fine; a value of the wrong type is the type check's.
    res = await s.send('POST', '/posts', { title: 'ok', authorId: 7, editorSlug: 's9' });
    assert.equal(res.status, 201);
    res = await s.send('POST', '/posts', { title: 'none', authorId: null });
    assert.equal(res.status, 201);
    res = await s.send('PATCH', '/posts/2', { authorId: 3, title: 'moved' });
    assert.equal((await ok(res)).authorId, 3);
    res = await s.send('POST', '/posts', { authorId: 'one' });
    assert.equal(res.status, 400);
    assert.match(await errorOf(res), /^Field 'authorId' must be/);
  });
});

test('deleting a referenced record is allowed by default: the references keep their value', async () => {
  await withServer(async (s) => {
    assert.equal((await s.call('/users/7', { method: 'DELETE' })).status, 204);
    const post = await ok(await s.call('/posts/7?_expand=author'));
    assert.equal(post.authorId, 7);
    assert.equal(post.author, null);
  });
});

test('onDelete: cascade deletes the referencing records (and theirs), in the same transaction', async () => {
  await withServer(async (s) => {
    // Post 2's comment 3 is liked, and likes restrict: the cascade reaches it and the whole delete is refused.
    let res = await s.call('/posts/2', { method: 'DELETE' });
    assert.equal(res.status, 409);
    assert.equal(await errorOf(res), 'Cannot delete this Comment: Like.commentId references it (onDelete: restrict).');
    assert.equal((await s.call('/posts/2')).status, 200, 'post 2 is still there');
    assert.equal((await s.call('/comments/3')).status, 200, 'comment 3 is still there');
    // Post 1's comments are deleted with it.
    res = await s.call('/posts/1', { method: 'DELETE' });
    assert.equal(res.status, 204);
    assert.deepEqual(await ok<Json[]>(await s.call('/comments')), [{ id: 3, body: 'other', postId: 2 }]);
    // Once the like is gone, post 2 and its comment go too.
    assert.equal((await s.call('/likes/1', { method: 'DELETE' })).status, 204);
    assert.equal((await s.call('/posts/2', { method: 'DELETE' })).status, 204);
    assert.deepEqual(await ok<Json[]>(await s.call('/comments')), []);
  });
});

test('onDelete: restrict refuses to delete a record still referenced with 409, by any key', async () => {
  await withServer(async (s) => {
    let res = await s.call('/users/5', { method: 'DELETE' });
    assert.equal(res.status, 409);
    assert.equal(await errorOf(res), 'Cannot delete this User: Note.userSlug references it (onDelete: restrict).');
    assert.equal((await s.call('/users/5')).status, 200);
    assert.equal((await s.call('/notes/n1', { method: 'DELETE' })).status, 204);
    res = await s.call('/users/5', { method: 'DELETE' });
    assert.equal(res.status, 204);
    assert.equal((await s.call('/users/404', { method: 'DELETE' })).status, 404);
  });
});
