import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LogEntry } from '../../shared/src/log-entry.js';
import { serve, USERS_CONFIG, yaml } from './helpers.js';
import { eventually } from './eventually.js';
import { createAll, errorOf, rowCount } from './http-fixtures.js';

const TOKEN = 'admin-secret-123';

const SEEDED = (admin: string): string => yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
  endpoints:
    - resource: User
  seed:
    User:
      - { name: Ada }
      - { name: Grace }
  ${admin}
`;

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });

// --- admin API --------------------------------------------------------------

test('seed rows are in the table when the server starts', async () => {
  const s = await serve(SEEDED(''));
  try {
    const rows = (await (await s.call('/users')).json()) as { name: string }[];
    assert.deepEqual(rows, [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
    ]);
  } finally {
    await s.close();
  }
});

test('POST /__mockyard/reset puts the data back to the seed rows', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    await createAll(s, '/users', [{ name: 'Alan' }]);
    await s.send('PATCH', '/users/1', { name: 'Changed' });
    await s.call('/users/2', { method: 'DELETE' });
    const res = await s.call('/__mockyard/reset', { method: 'POST', ...bearer(TOKEN) });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { reset: { users: 2 } });
    const rows = (await (await s.call('/users')).json()) as { name: string }[];
    assert.deepEqual(
      rows.map((r) => r.name),
      ['Ada', 'Grace'],
    );
    assert.equal(await rowCount(s, 'users'), 2);
  } finally {
    await s.close();
  }
});

test('a reset emits tableChanged with change reset', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    const changes: unknown[] = [];
    s.engine.on('tableChanged', (c) => changes.push(c));
    await s.call('/__mockyard/reset', { method: 'POST', ...bearer(TOKEN) });
    assert.deepEqual(changes, [{ schema: 'User', table: 'users', change: 'reset' }]);
  } finally {
    await s.close();
  }
});

test('the admin API without a token answers 401 and changes nothing', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    await createAll(s, '/users', [{ name: 'Alan' }]);
    const res = await s.call('/__mockyard/reset', { method: 'POST' });
    assert.equal(res.status, 401);
    assert.equal(await errorOf(res), 'Missing or wrong admin token; send Authorization: Bearer <token>.');
    assert.equal(await rowCount(s, 'users'), 3);
  } finally {
    await s.close();
  }
});

test('the admin API with a wrong token answers 401', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    for (const auth of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await s.call('/__mockyard/log', { headers: { authorization: auth } });
      assert.equal(res.status, 401, auth);
    }
  } finally {
    await s.close();
  }
});

test('the admin API is off by default: /__mockyard/ answers 404', async () => {
  const s = await serve(SEEDED(''));
  try {
    const res = await s.call('/__mockyard/log', bearer(s.engine.adminToken));
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
  } finally {
    await s.close();
  }
});

test('Engine option admin: true turns the admin API on with the engine token', async () => {
  const s = await serve(SEEDED(''), { admin: true });
  try {
    assert.equal((await s.call('/__mockyard/log')).status, 401);
    const res = await s.call('/__mockyard/reset', { method: 'POST', ...bearer(s.engine.adminToken) });
    assert.equal(res.status, 200);
  } finally {
    await s.close();
  }
});

test('server.admin: true turns the admin API on with the engine token', async () => {
  const s = await serve(SEEDED('server: { admin: true }'));
  try {
    assert.equal((await s.call('/__mockyard/log', bearer(s.engine.adminToken))).status, 200);
    assert.equal((await s.call('/__mockyard/log', bearer('not-the-token'))).status, 401);
  } finally {
    await s.close();
  }
});

test('GET /__mockyard/log lists the kept requests, oldest first', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    await s.call('/users/1');
    await s.send('POST', '/users', { name: 'Alan' });
    await s.call('/missing');
    const res = await s.call('/__mockyard/log', bearer(TOKEN));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const entries = (await res.json()) as LogEntry[];
    assert.deepEqual(
      entries.map((e) => [e.id, e.method, e.path, e.status, e.endpoint]),
      [
        [1, 'GET', '/users/1', 200, 'GET /users/:id'],
        [2, 'POST', '/users', 201, 'POST /users'],
        [3, 'GET', '/missing', 404, null],
      ],
    );
  } finally {
    await s.close();
  }
});

test('admin endpoints answer 405 with an Allow header to the wrong method', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    const reset = await s.call('/__mockyard/reset', bearer(TOKEN));
    assert.equal(reset.status, 405);
    assert.equal(reset.headers.get('allow'), 'POST');
    assert.equal(await errorOf(reset), 'Method GET is not allowed here; use POST.');
    const log = await s.call('/__mockyard/log', { method: 'DELETE', ...bearer(TOKEN) });
    assert.equal(log.status, 405);
    assert.equal(log.headers.get('allow'), 'GET');
    assert.equal(await rowCount(s, 'users'), 2);
  } finally {
    await s.close();
  }
});

test('an unknown admin action answers 404', async () => {
  const s = await serve(SEEDED(`server: { admin: { token: ${TOKEN} } }`));
  try {
    const res = await s.call('/__mockyard/drop-everything', { method: 'POST', ...bearer(TOKEN) });
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
  } finally {
    await s.close();
  }
});

// --- request log ------------------------------------------------------------

test('every request produces a log entry with method, path, query, status, endpoint and params', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await createAll(s, '/users', [{ name: 'Ada' }]);
    const before = Date.now();
    await s.call('/users/1?x=1', { headers: { 'x-trace': 'abc' } });
    const after = Date.now();
    const entry = s.engine.log.entries().at(-1);
    assert.ok(entry);
    assert.equal(entry.method, 'GET');
    assert.equal(entry.path, '/users/1');
    assert.equal(entry.query, 'x=1');
    assert.equal(entry.status, 200);
    assert.equal(entry.endpoint, 'GET /users/:id');
    assert.deepEqual(entry.params, { id: '1' });
    assert.equal(entry.requestHeaders['x-trace'], 'abc');
    assert.equal(entry.responseHeaders['Content-Type'], 'application/json; charset=utf-8');
    assert.deepEqual(JSON.parse(entry.responseBody), {
      id: 1,
      name: 'Ada',
      email: null,
      age: null,
      score: null,
      active: null,
      born: null,
      meta: null,
    });
    assert.ok(entry.duration >= 0 && entry.duration < 10_000);
    // The wall-clock time of arrival (derived from the monotonic clock: within a millisecond).
    assert.ok(entry.time >= before - 1 && entry.time <= after + 1, `${before} <= ${entry.time} <= ${after}`);
  } finally {
    await s.close();
  }
});

test('the log keeps the request body of a create and the created record', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await s.send('POST', '/users', { name: 'Ada' });
    const entry = s.engine.log.entries().at(-1);
    assert.equal(entry?.requestBody, '{"name":"Ada"}');
    assert.equal(entry?.status, 201);
    assert.equal(JSON.parse(entry?.responseBody ?? '{}').name, 'Ada');
    assert.equal(entry?.responseHeaders.Location, '/users/1');
  } finally {
    await s.close();
  }
});

test('unmatched, refused and failed requests are logged too', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    await s.call('/nowhere');
    await s.call('/users', { method: 'DELETE' });
    await s.send('POST', '/users', '{');
    await s.call('/users', { headers: { accept: 'text/html' } });
    const entries = s.engine.log.entries();
    assert.deepEqual(
      entries.map((e) => e.status),
      [404, 405, 400, 406],
    );
    assert.deepEqual(
      entries.map((e) => e.endpoint),
      [null, null, 'POST /users', 'GET /users'],
    );
    assert.deepEqual(
      entries.map((e) => e.id),
      [1, 2, 3, 4],
    );
  } finally {
    await s.close();
  }
});

test('engine.on("request") is called once per request with the logged entry', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const seen: LogEntry[] = [];
    s.engine.on('request', (e) => seen.push(e));
    await s.call('/health');
    await s.call('/users');
    assert.deepEqual(
      seen.map((e) => `${e.method} ${e.path} ${e.status}`),
      ['GET /health 200', 'GET /users 200'],
    );
    assert.deepEqual(seen, s.engine.log.entries());
  } finally {
    await s.close();
  }
});

test('the request log is a ring buffer of 1000 entries by default', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    assert.equal(s.engine.log.limit, 1000);
    for (let i = 0; i < 1005; i += 5) {
      await Promise.all([0, 1, 2, 3, 4].map(() => s.call('/health')));
    }
    const entries = s.engine.log.entries();
    assert.equal(entries.length, 1000);
    assert.equal(entries[0]?.id, 6);
    assert.equal(entries.at(-1)?.id, 1005);
  } finally {
    await s.close();
  }
});

test('Engine option log.limit keeps only the newest entries', async () => {
  const s = await serve(USERS_CONFIG, { log: { limit: 3 } });
  try {
    for (let i = 1; i <= 5; i++) await s.call(`/users/${i}`);
    const entries = s.engine.log.entries();
    assert.deepEqual(
      entries.map((e) => e.id),
      [3, 4, 5],
    );
    assert.deepEqual(
      entries.map((e) => e.path),
      ['/users/3', '/users/4', '/users/5'],
    );
  } finally {
    await s.close();
  }
});

test('request bodies over 64 KiB are truncated in the log by default', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const name = 'x'.repeat(70 * 1024);
    const res = await s.send('POST', '/users', { name });
    assert.equal(res.status, 201);
    const entry = s.engine.log.entries().at(-1);
    const body = JSON.stringify({ name });
    assert.ok(entry?.requestBody.startsWith(body.slice(0, 64 * 1024)));
    assert.ok((entry?.requestBody.length ?? 0) < body.length);
    assert.match(entry?.requestBody ?? '', /\[truncated, \d+ more bytes\]$/);
    assert.match(entry?.responseBody ?? '', /\[truncated, \d+ more bytes\]$/);
    const stored = (await (await s.call('/users/1')).json()) as { name: string };
    assert.equal(stored.name.length, name.length, 'only the log copy is truncated');
  } finally {
    await s.close();
  }
});

test('Engine option log.bodyLimit sets the truncation length', async () => {
  const s = await serve(USERS_CONFIG, { log: { bodyLimit: 10 } });
  try {
    await s.send('POST', '/users', { name: 'Ada Lovelace' });
    const entry = s.engine.log.entries().at(-1);
    assert.equal(entry?.requestBody, '{"name":"A… [truncated, 13 more bytes]');
  } finally {
    await s.close();
  }
});

test('Engine option log.enabled false keeps no entries and emits no request events', async () => {
  const s = await serve(USERS_CONFIG, { log: { enabled: false } });
  try {
    let events = 0;
    s.engine.on('request', () => events++);
    assert.equal((await s.call('/health')).status, 200);
    assert.equal(s.engine.log.count, 0);
    assert.equal(events, 0);
  } finally {
    await s.close();
  }
});

test('a request whose client leaves before the response is still logged, with a note', async () => {
  const s = await serve(`${USERS_CONFIG}server: { latency: 300 }\n`);
  try {
    const abort = new AbortController();
    const call = s.call('/health', { signal: abort.signal });
    await sleep(50);
    abort.abort();
    await assert.rejects(call);
    // Logged when the 300 ms latency ends, however late a loaded machine runs that timer.
    await eventually(() => s.engine.log.entries().at(-1)?.path === '/health', 10_000, 'the entry');
    const entry = s.engine.log.entries().at(-1);
    assert.equal(entry?.path, '/health');
    assert.deepEqual(entry?.notes, [
      'latency 300 ms added',
      'client closed the connection before the response was sent',
    ]);
  } finally {
    await s.close();
  }
});
