// The data browser and references (issue 20): the studio's writes keep references as the API's do
// (the same 400 message), pick lists offer the referenced records, generated rows pick existing
// keys, and deletes apply onDelete. Runs on SQLite here and on PostgreSQL in studio-relations-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callFailure } from '../src/studio/call-error.js';
import { postgresUnderTest } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

let schemas = 0;
const config = () => `${postgresUnderTest() ? `server:\n  schema: rel${process.pid}_${++schemas}\n` : ''}schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      slug: { type: string, unique: true }
      managerId: { type: integer, references: User }
  Post:
    properties:
      id: integer
      title: { type: string, required: true }
      authorId: { type: integer, required: true, references: User }
      editorSlug: { type: string, references: User.slug, as: editor }
  Team:
    properties:
      id: integer
      name: string
  Badge:
    properties:
      id: integer
      teamId: { type: integer, required: true, references: Team }
  Sticker:
    properties:
      id: integer
      teamId: { type: integer, references: Team }
  Comment:
    properties:
      id: integer
      body: string
      postId: { type: integer, references: Post, onDelete: cascade }
  Like:
    properties:
      id: integer
      commentId: { type: integer, references: Comment, onDelete: restrict }
endpoints:
  - resource: User
  - resource: Post
  - resource: Comment
seed:
  User:
    - { name: Ada Lovelace, slug: ada }
    - { name: Alan Turing, slug: alan, managerId: 1 }
    - { name: Grace Hopper, slug: grace }
  Post:
    - { title: Hello, authorId: 1, editorSlug: alan }
  Comment:
    - { body: first, postId: 1 }
    - { body: second, postId: 1 }
  Like:
    - { commentId: 2 }
`;

const open = () => openSession(config(), { database: postgresUnderTest() }, 'mockyard-studio-rel-');

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return callFailure(err);
  }
  assert.fail('the call succeeded');
}

test('tables.list says which field references which table', async () => {
  const s = await open();
  try {
    const posts = (await s.handlers['tables.list']({})).find((t) => t.table === 'posts');
    assert.deepEqual(
      posts?.fields.map((f) => [f.name, f.references]),
      [
        ['id', undefined],
        ['title', undefined],
        ['authorId', { schema: 'User', table: 'users', field: 'id' }],
        ['editorSlug', { schema: 'User', table: 'users', field: 'slug' }],
      ],
    );
  } finally {
    await s.close();
  }
});

test('tables.referenceOptions offers the referenced records with a readable label, searchable by either', async () => {
  const s = await open();
  try {
    const all = await s.handlers['tables.referenceOptions']({ table: 'posts', field: 'authorId' });
    assert.deepEqual(all, {
      table: 'users',
      field: 'id',
      labelField: 'name',
      total: 3,
      options: [
        { value: 1, label: 'Ada Lovelace' },
        { value: 2, label: 'Alan Turing' },
        { value: 3, label: 'Grace Hopper' },
      ],
    });
    const byLabel = await s.handlers['tables.referenceOptions']({ table: 'posts', field: 'authorId', search: 'HOP' });
    assert.deepEqual(byLabel.options, [{ value: 3, label: 'Grace Hopper' }]);
    const byKey = await s.handlers['tables.referenceOptions']({ table: 'posts', field: 'authorId', search: '2' });
    assert.deepEqual(byKey.options, [{ value: 2, label: 'Alan Turing' }]);
    const slugs = await s.handlers['tables.referenceOptions']({ table: 'posts', field: 'editorSlug', search: 'a' });
    assert.deepEqual(
      slugs.options.map((o) => o.value),
      ['ada', 'alan', 'grace'],
    );
    const none = await failureOf(s.handlers['tables.referenceOptions']({ table: 'posts', field: 'title' }));
    assert.deepEqual(none.body, { error: "Field 'title' of posts references no other record.", code: 'invalid' });
  } finally {
    await s.close();
  }
});

test('a cell edit and a new row are refused as over HTTP when the reference names no record', async () => {
  const s = await open();
  try {
    const insert = await failureOf(s.handlers['tables.insert']({ table: 'posts', row: { title: 'X', authorId: 99 } }));
    assert.equal(insert.status, 400);
    assert.deepEqual(insert.body, {
      error: "Field 'authorId' is 99, but there is no User with id 99.",
      code: 'invalid',
      field: 'authorId',
    });
    // The API's own answer to the same body: the same text.
    const api = await fetch(`${s.session.status().url}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'X', authorId: 99 }),
    });
    assert.equal(api.status, 400);
    assert.deepEqual(await api.json(), { error: insert.body.error });

    const edit = await failureOf(
      s.handlers['tables.update']({ table: 'posts', key: 1, changes: { editorSlug: 'bob' } }),
    );
    assert.deepEqual(edit.body, {
      error: 'Field \'editorSlug\' is "bob", but there is no User with slug "bob".',
      code: 'invalid',
      field: 'editorSlug',
    });
    const self = await failureOf(s.handlers['tables.update']({ table: 'users', key: 3, changes: { managerId: 7 } }));
    assert.equal(self.body.error, "Field 'managerId' is 7, but there is no User with id 7.");

    // Nothing was written; a good reference and an emptied optional one are.
    const rows = await s.handlers['tables.query']({ table: 'posts', offset: 0, limit: 10 });
    assert.deepEqual(rows.rows, [{ id: 1, title: 'Hello', authorId: 1, editorSlug: 'alan' }]);
    assert.deepEqual(await s.handlers['tables.update']({ table: 'posts', key: 1, changes: { authorId: 3 } }), {
      id: 1,
      title: 'Hello',
      authorId: 3,
      editorSlug: 'alan',
    });
    assert.equal(
      (await s.handlers['tables.update']({ table: 'posts', key: 1, changes: { editorSlug: null } })).editorSlug,
      null,
    );
    assert.equal(
      (await s.handlers['tables.insert']({ table: 'posts', row: { title: 'Y', authorId: 2, editorSlug: 'ada' } })).id,
      2,
    );
  } finally {
    await s.close();
  }
});

test('an import skips rows whose reference names no record, with the API’s message; preview says so first', async () => {
  const s = await open();
  try {
    const text = JSON.stringify([
      { title: 'ok', authorId: 2 },
      { title: 'dangling', authorId: 42 },
      { title: 'by slug', authorId: 1, editorSlug: 'nobody' },
      { title: 'also ok', authorId: 3, editorSlug: 'grace' },
    ]);
    const preview = await s.handlers['tables.importPreview']({ table: 'posts', format: 'json', text });
    const bad = [
      { row: 2, reason: "Field 'authorId' is 42, but there is no User with id 42." },
      { row: 3, reason: 'Field \'editorSlug\' is "nobody", but there is no User with slug "nobody".' },
    ];
    assert.equal(preview.good, 2);
    assert.deepEqual(preview.bad, bad);
    const result = await s.handlers['tables.import']({ table: 'posts', format: 'json', text });
    assert.deepEqual(result, { inserted: 2, skipped: bad });
    const titles = (await s.handlers['tables.query']({ table: 'posts', offset: 0, limit: 10 })).rows.map(
      (r) => r.title,
    );
    assert.deepEqual(titles, ['Hello', 'ok', 'also ok']);
  } finally {
    await s.close();
  }
});

test('a restore is refused whole when a reference names no record; rows restored together may reference each other', async () => {
  const s = await open();
  try {
    const refused = await failureOf(
      s.handlers['tables.restore']({
        table: 'posts',
        rows: [
          { id: 10, title: 'a', authorId: 1 },
          { id: 11, title: 'b', authorId: 77 },
        ],
      }),
    );
    assert.deepEqual(refused.body, {
      error: "Field 'authorId' is 77, but there is no User with id 77.",
      code: 'invalid',
      field: 'authorId',
    });
    assert.equal((await s.handlers['tables.query']({ table: 'posts', offset: 0, limit: 10 })).total, 1);

    // Undo of deleting a manager and the person reporting to them: both come back in one restore.
    const deleted = await s.handlers['tables.delete']({ table: 'users', keys: [2, 1] });
    assert.equal(deleted.deleted, 2);
    assert.deepEqual(await s.handlers['tables.restore']({ table: 'users', rows: deleted.rows }), { inserted: 2 });
    assert.equal((await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 10 })).total, 3);
  } finally {
    await s.close();
  }
});

test('a delete applies onDelete as over HTTP: restrict refuses (nothing deleted), cascade deletes the referencing rows', async () => {
  const s = await open();
  try {
    const restricted = await failureOf(s.handlers['tables.delete']({ table: 'comments', keys: [1, 2] }));
    assert.deepEqual(restricted.body, {
      error: 'Cannot delete this Comment: Like.commentId references it (onDelete: restrict).',
      code: 'conflict',
    });
    assert.equal((await s.handlers['tables.query']({ table: 'comments', offset: 0, limit: 10 })).total, 2);

    await s.handlers['tables.delete']({ table: 'likes', keys: [1] });
    assert.deepEqual(await s.handlers['tables.delete']({ table: 'posts', keys: [1] }), {
      deleted: 1,
      rows: [{ id: 1, title: 'Hello', authorId: 1, editorSlug: 'alan' }],
    });
    assert.equal((await s.handlers['tables.query']({ table: 'comments', offset: 0, limit: 10 })).total, 0);
  } finally {
    await s.close();
  }
});

test('generated rows pick existing keys for references, and say so; an empty referenced table is named', async () => {
  const s = await open();
  try {
    const preview = await s.handlers['tables.generatePreview']({ table: 'posts', count: 20, seed: 3 });
    assert.deepEqual(preview.notes, [
      'authorId picks one of the 3 ids of users.',
      'editorSlug picks one of the 3 slugs of users.',
    ]);
    for (const row of preview.rows) {
      assert.ok([1, 2, 3].includes(row.authorId as number), `authorId ${row.authorId}`);
      assert.ok(['ada', 'alan', 'grace'].includes(row.editorSlug as string), `editorSlug ${row.editorSlug}`);
    }
    assert.ok(new Set(preview.rows.map((r) => r.authorId)).size > 1, 'not always the same one');
    assert.deepEqual(await s.handlers['tables.generate']({ table: 'posts', count: 30, seed: 3 }), { inserted: 30 });
    const stored = await s.handlers['tables.query']({ table: 'posts', offset: 0, limit: 100 });
    assert.ok(stored.rows.every((r) => [1, 2, 3].includes(r.authorId as number)));
    // The API expands every generated post's author: each one exists.
    const expanded = (await (await fetch(`${s.session.status().url}/posts?_expand=author&_limit=100`)).json()) as {
      author: unknown;
    }[];
    assert.equal(expanded.length, 31);
    assert.ok(expanded.every((p) => p.author !== null));

    // A required reference to an empty table is refused, naming it; an optional one is left empty.
    const required = await failureOf(s.handlers['tables.generate']({ table: 'badges', count: 2, seed: 1 }));
    assert.deepEqual(required.body, {
      error: "Field 'teamId' references Team, but teams has no rows to pick from: add or generate teams first.",
      code: 'invalid',
      field: 'teamId',
    });
    const optional = await s.handlers['tables.generatePreview']({ table: 'stickers', count: 2, seed: 1 });
    assert.deepEqual(optional, {
      rows: [{ teamId: null }, { teamId: null }],
      notes: ['teamId is left empty: teams has no rows to reference.'],
    });
    // Self-references pick among the records there already.
    const users = await s.handlers['tables.generatePreview']({ table: 'users', count: 5, seed: 2 });
    assert.ok(users.rows.every((r) => [1, 2, 3].includes(r.managerId as number)));
  } finally {
    await s.close();
  }
});

test('Save as seed keeps seed references: a table referencing rows the other seed lacks is refused until that is saved', async () => {
  const s = await open();
  try {
    const ada = await s.handlers['tables.insert']({ table: 'users', row: { name: 'Ada Byron', slug: 'byron' } });
    await s.handlers['tables.insert']({ table: 'posts', row: { title: 'Notes', authorId: ada.id } });
    const refused = await failureOf(s.handlers['tables.saveSeed']({ table: 'posts' }));
    assert.deepEqual(refused.body, {
      error: `The config with these seed rows is not valid: Seed row 2 of Post: authorId ${ada.id} refers to no User (seed ids: 1, 2, 3).`,
      code: 'invalid',
    });
    // Once the users are the seed, the posts may be too.
    assert.deepEqual(await s.handlers['tables.saveSeed']({ table: 'users' }), { rows: 4 });
    assert.deepEqual(await s.handlers['tables.saveSeed']({ table: 'posts' }), { rows: 2 });
    assert.deepEqual(
      (await s.handlers['config.validate']({ text: s.session.text })).problems.filter((p) => p.severity === 'error'),
      [],
    );
  } finally {
    await s.close();
  }
});
