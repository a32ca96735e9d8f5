// The record service (engine/src/records/): the API's endpoints and the studio's row edits write
// through it, and it tells each write once, after it commits, in commit order, with the record.
// Runs on SQLite here and on PostgreSQL in record-changes-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DomainError } from '../src/domain-error.js';
import type { RecordChange } from '../src/records/record-change.js';
import { serve, yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    Post:
      properties:
        id: integer
        title: { type: string, required: true }
    Comment:
      properties:
        id: integer
        body: string
        postId: { type: integer, references: Post, onDelete: cascade }
    Pin:
      properties:
        id: integer
        commentId: { type: integer, references: Comment, onDelete: restrict }
  endpoints:
    - resource: Post
    - resource: Comment
    - resource: Pin
  seed:
    Post:
      - { title: seeded }
`;

/** The changes as `type table record` lines, the record's JSON text as the store made it. */
const lines = (changes: RecordChange[]): string[] =>
  changes.map((c) => `${c.type} ${c.table}${c.record === undefined ? '' : ` ${c.record}`}`);

test('API writes are told once each, after they land, numbered in commit order, with the record', async () => {
  const s = await serve(CONFIG);
  try {
    const changes: RecordChange[] = [];
    s.engine.on('recordChanged', (change) => changes.push(change));
    assert.equal((await s.send('POST', '/posts', { title: 'hello' })).status, 201);
    assert.equal((await s.send('POST', '/comments', { body: 'a', postId: 2 })).status, 201);
    assert.equal((await s.send('POST', '/comments', { body: 'b', postId: 2 })).status, 201);
    assert.equal((await s.send('PATCH', '/posts/2', { title: 'hello again' })).status, 200);
    assert.equal((await s.call('/posts/2', { method: 'DELETE' })).status, 204);
    assert.deepEqual(
      changes.map((c) => c.seq),
      [1, 2, 3, 4, 5, 6, 7],
    );
    const told = lines(changes).map((line) => line.replace(/"createdAt":"[^"]*",?|"updatedAt":"[^"]*",?/g, ''));
    assert.deepEqual(
      told.map((line) => line.split(' ').slice(0, 2).join(' ')),
      [
        'created posts',
        'created comments',
        'created comments',
        'updated posts',
        'deleted posts',
        'deleted comments',
        'deleted comments',
      ],
    );
    assert.deepEqual(JSON.parse(changes[3]?.record ?? ''), { id: 2, title: 'hello again' });
    assert.deepEqual(
      changes.slice(4).map((c) => JSON.parse(c.record ?? '').id),
      [2, 1, 2],
      'the post, then the comments its cascade deleted',
    );
    assert.ok(changes.every((c) => c.schema === (c.table === 'posts' ? 'Post' : 'Comment')));
  } finally {
    await s.close();
  }
});

test('a write that is refused or rolled back tells nothing', async () => {
  const s = await serve(CONFIG);
  try {
    assert.equal((await s.send('POST', '/comments', { body: 'a', postId: 1 })).status, 201);
    assert.equal((await s.send('POST', '/pins', { commentId: 1 })).status, 201);
    const changes: RecordChange[] = [];
    s.engine.on('recordChanged', (change) => changes.push(change));
    // A reference to no record: refused before anything is written.
    assert.equal((await s.send('POST', '/comments', { body: 'x', postId: 99 })).status, 400);
    // The post's cascade reaches a pinned comment: `restrict` rolls the whole delete back.
    assert.equal((await s.call('/posts/1', { method: 'DELETE' })).status, 409);
    assert.equal((await s.call('/posts/1')).status, 200);
    assert.deepEqual(changes, []);
  } finally {
    await s.close();
  }
});

test('the studio edits rows through the same service: the same rules, the same changes', async () => {
  const opened = await openSession(CONFIG);
  try {
    const { handlers, session } = opened;
    const changes: RecordChange[] = [];
    session.engine.on('recordChanged', (change) => changes.push(change));
    const post = await handlers['tables.insert']({ table: 'posts', row: { title: 'from the studio' } });
    await handlers['tables.insert']({ table: 'comments', row: { body: 'c', postId: post.id } });
    await handlers['tables.update']({ table: 'posts', key: post.id as number, changes: { title: 'renamed' } });
    await assert.rejects(
      handlers['tables.insert']({ table: 'comments', row: { body: 'c', postId: 99 } }),
      (err: unknown) => err instanceof DomainError && err.kind === 'invalid' && err.field === 'postId',
    );
    const { deleted } = await handlers['tables.delete']({ table: 'posts', keys: [post.id as number, 1] });
    assert.equal(deleted, 2);
    assert.deepEqual(
      lines(changes).map((line) => line.split(' ').slice(0, 2).join(' ')),
      ['created posts', 'created comments', 'updated posts', 'deleted posts', 'deleted comments', 'deleted posts'],
    );
    await session.engine.reset();
    assert.deepEqual(
      lines(changes.slice(6)),
      ['reset posts', 'reset comments', 'reset pins'],
      'a reset is told per table, without records',
    );
  } finally {
    await opened.close();
  }
});

test('the record service is usable without a transport: errors are domain errors with a kind', async () => {
  const s = await serve(CONFIG);
  try {
    const records = s.engine.records;
    assert.ok(records);
    const comments = records.table('comments');
    await assert.rejects(
      Promise.resolve(comments.create({ body: 'x', postId: 42 })),
      (err: unknown) => err instanceof DomainError && err.kind === 'invalid' && err.field === 'postId',
    );
    assert.throws(
      () => records.table('nope'),
      (err: unknown) => err instanceof DomainError && err.kind === 'not_found',
    );
    const created = await comments.create({ body: 'direct', postId: 1 });
    assert.equal((JSON.parse(created.json) as { body: string }).body, 'direct');
    // The same record over HTTP: one service behind both.
    assert.equal(((await (await s.call('/comments/1')).json()) as { body: string }).body, 'direct');
  } finally {
    await s.close();
  }
});
