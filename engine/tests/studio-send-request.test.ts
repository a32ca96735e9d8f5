import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { StudioHandlers } from '../../shared/src/studio-contract.js';
import { callFailure } from '../src/studio/call-error.js';
import { startStudioServer } from '../src/studio/http-transport.js';
import { SHOWN_BODY_LIMIT } from '../src/studio/send-request.js';
import type { StudioSession } from '../src/studio/session.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
  endpoints:
    - resource: User
    - path: /big
      method: GET
      response:
        inline: { text: BIG }
  seed:
    User:
      - { name: Ada, email: ada@example.com, age: 36 }
      - { name: Grace, email: grace@example.com, age: 45 }
      - { name: Alan, email: alan@example.com, age: 41 }
`;

interface Opened {
  session: StudioSession;
  handlers: StudioHandlers;
  dir: string;
  close(): Promise<void>;
}

const open = (text = CONFIG): Promise<Opened> => openSession(text, {}, 'mockyard-send-');

/** What a call's failure looks like on the wire (status, code, message, field). */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return callFailure(err);
  }
  assert.fail('the call was expected to fail');
}

test('request.send answers with the mock status, headers, body and time, and the request is logged', async () => {
  const s = await open();
  try {
    const before = s.session.engine.log.count;
    const got = await s.handlers['request.send']({
      method: 'GET',
      path: '/users/1',
      query: '',
      headers: { accept: 'application/json', 'x-tried': 'yes' },
    });
    assert.equal(got.status, 200);
    assert.deepEqual(JSON.parse(got.body), { id: 1, name: 'Ada', email: 'ada@example.com', age: 36 });
    assert.match(got.headers['content-type'] ?? '', /application\/json/);
    assert.ok(got.durationMs > 0 && got.durationMs < 5000, `${got.durationMs} ms`);
    assert.equal(got.truncated, false);

    // The engine logged it like any client's request: the path, the header sent, the endpoint.
    assert.equal(s.session.engine.log.count, before + 1);
    const [entry] = s.session.engine.log.entries().slice(-1);
    assert.equal(entry?.method, 'GET');
    assert.equal(entry?.path, '/users/1');
    assert.equal(entry?.endpoint, 'GET /users/:id');
    assert.equal(entry?.requestHeaders['x-tried'], 'yes');
    assert.equal(entry?.status, 200);
  } finally {
    await s.close();
  }
});

test('request.send carries the query and the body: a list page, a create read back', async () => {
  const s = await open();
  try {
    const page = await s.handlers['request.send']({ method: 'get', path: '/users', query: '?_limit=2&_sort=-age' });
    assert.equal(page.status, 200);
    assert.deepEqual(
      (JSON.parse(page.body) as { name: string }[]).map((u) => u.name),
      ['Grace', 'Alan'],
    );
    const created = await s.handlers['request.send']({
      method: 'POST',
      path: '/users',
      headers: { 'content-type': 'application/json', 'content-length': '999', host: 'elsewhere' },
      body: JSON.stringify({ name: 'Barbara', email: 'barbara@example.com', age: 52 }),
    });
    assert.equal(created.status, 201);
    const { id } = JSON.parse(created.body) as { id: number };
    const read = await s.handlers['request.send']({ method: 'GET', path: `/users/${id}` });
    assert.equal(JSON.parse(read.body).name, 'Barbara');
    const post = s.session.engine.log.entries().find((e) => e.method === 'POST');
    assert.equal(post?.requestBody, '{"name":"Barbara","email":"barbara@example.com","age":52}');
    // Headers the socket sets are its own, not the ones the page sent.
    assert.notEqual(post?.requestHeaders.host, 'elsewhere');

    // A body the mock refuses is its answer, not a failed call.
    const refused = await s.handlers['request.send']({
      method: 'POST',
      path: '/users',
      headers: { 'content-type': 'application/json' },
      body: '{"name": 5',
    });
    assert.equal(refused.status, 400);
    assert.match(JSON.parse(refused.body).error, /JSON/i);
  } finally {
    await s.close();
  }
});

test('request.send with the server stopped fails with code conflict and says to start it', async () => {
  const s = await open();
  try {
    await s.handlers['server.stop']({});
    const stopped = await failure(s.handlers['request.send']({ method: 'GET', path: '/users' }));
    assert.equal(stopped.status, 409);
    assert.equal(stopped.body.code, 'conflict');
    assert.equal(stopped.body.error, 'The mock server is not running: start it to send requests.');
    // Replay goes the same way, with the same answer.
    const replay = await failure(s.handlers['log.replay']({ id: 1 }));
    assert.equal(replay.body.code, 'not_found');
    await s.handlers['server.start']({});
    const again = await s.handlers['request.send']({ method: 'GET', path: '/users' });
    assert.equal(again.status, 200);
    await s.handlers['server.stop']({});
    const [entry] = s.session.engine.log.entries();
    assert.ok(entry);
    const replayStopped = await failure(s.handlers['log.replay']({ id: entry.id }));
    assert.deepEqual([replayStopped.status, replayStopped.body.code], [409, 'conflict']);
  } finally {
    await s.close();
  }
});

test('request.send refuses what it cannot send, naming the part, and never leaves the mock', async () => {
  const s = await open();
  try {
    const cases: [Parameters<StudioHandlers['request.send']>[0], string, RegExp][] = [
      [{ method: 'TRACE', path: '/users' }, 'method', /GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS/],
      [{ method: 'GET', path: 'users' }, 'path', /must start with '\/'/],
      [{ method: 'GET', path: '/users', headers: { 'bad name': 'x' } }, 'headers', /not a valid header name/],
      [{ method: 'GET', path: '/users', headers: { 'x-a': 'one\r\nx-b: two' } }, 'headers', /one line/],
      [{ method: 'GET', path: '/users', headers: { 'x-a': 5 as unknown as string } }, 'headers', /one line/],
      [{ method: 'POST', path: '/users', body: { name: 'x' } as unknown as string }, 'body', /must be text/],
    ];
    for (const [request, field, message] of cases) {
      const failed = await failure(s.handlers['request.send'](request));
      assert.deepEqual([failed.status, failed.body.code, failed.body.field], [400, 'invalid', field], field);
      assert.match(failed.body.error, message);
    }
    // A path that looks like another host is still a path on the mock.
    const sneaky = await s.handlers['request.send']({ method: 'GET', path: '//example.com/x' });
    assert.equal(sneaky.status, 404);
    assert.equal(s.session.engine.log.entries().slice(-1)[0]?.path, '//example.com/x');
  } finally {
    await s.close();
  }
});

test('log.replay sends through the same client: the logged request again, a new entry', async () => {
  const s = await open();
  try {
    await s.handlers['request.send']({
      method: 'POST',
      path: '/users',
      query: 'note=1',
      headers: { 'content-type': 'application/json', 'x-trace': 'abc' },
      body: '{"name":"Edsger"}',
    });
    const [post] = s.session.engine.log.entries();
    assert.ok(post);
    assert.deepEqual(await s.handlers['log.replay']({ id: post.id }), { status: 201 });
    const [, again] = s.session.engine.log.entries();
    assert.deepEqual(
      [again?.method, again?.path, again?.query, again?.requestBody, again?.requestHeaders['x-trace']],
      ['POST', '/users', 'note=1', '{"name":"Edsger"}', 'abc'],
    );
  } finally {
    await s.close();
  }
});

test('a body longer than the studio shows is cut and marked', async () => {
  const s = await open(CONFIG.replace('BIG', 'x'.repeat(SHOWN_BODY_LIMIT + 10)));
  try {
    const got = await s.handlers['request.send']({ method: 'GET', path: '/big' });
    assert.equal(got.status, 200);
    assert.equal(got.truncated, true);
    assert.equal(got.body.length, SHOWN_BODY_LIMIT);
  } finally {
    await s.close();
  }
});

test('over the browser studio HTTP transport, request.send answers and fails with the same shapes', async () => {
  const s = await open();
  const staticDir = join(s.dir, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>studio</title>');
  const server = await startStudioServer({ session: s.session, handlers: s.handlers, staticDir, port: 0 });
  try {
    const call = (args: unknown) =>
      fetch(`http://127.0.0.1:${server.port}/api/call/request.send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
    const ok = await call({ method: 'GET', path: '/users/2', query: '', headers: {}, body: '' });
    assert.equal(ok.status, 200);
    const sent = (await ok.json()) as { status: number; body: string };
    assert.equal(sent.status, 200);
    assert.equal(JSON.parse(sent.body).name, 'Grace');
    await s.handlers['server.stop']({});
    const stopped = await call({ method: 'GET', path: '/users/2' });
    assert.equal(stopped.status, 409);
    assert.deepEqual(await stopped.json(), {
      error: 'The mock server is not running: start it to send requests.',
      code: 'conflict',
    });
  } finally {
    await server.close();
    await s.close();
  }
});
