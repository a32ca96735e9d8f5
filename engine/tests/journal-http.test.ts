import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LOG_BODY_BYTES } from '../src/log/request-log.js';
import { serve, yaml } from './helpers.js';

const TOKEN = 'journal-secret-1';
const CONFIG = yaml`
  endpoints:
    - path: /orders
      method: POST
      status: 201
      response: { inline: { ok: true } }
    - path: /orders
      method: GET
      response: { inline: [] }
  server: { admin: { token: ${TOKEN} } }
`;
const auth = { authorization: `Bearer ${TOKEN}` };
const json = { ...auth, 'content-type': 'application/json' };

test('GET /__mockyard/requests lists the journal newest last, filtered by method, path, status and since', async () => {
  const s = await serve(CONFIG);
  try {
    await s.send('POST', '/orders', { amount: 10 });
    const between = Date.now();
    await s.call('/orders?page=2');
    await s.call('/nothing');
    const all = (await (await s.call('/__mockyard/requests', { headers: auth })).json()) as {
      method: string;
      path: string;
      status: number;
      body: unknown;
      query: unknown;
    }[];
    assert.deepEqual(
      all.map((e) => `${e.method} ${e.path} ${e.status}`),
      ['POST /orders 201', 'GET /orders 200', 'GET /nothing 404'],
    );
    assert.deepEqual(all[0]?.body, { amount: 10 });
    assert.deepEqual(all[1]?.query, { page: '2' });
    const only = async (query: string): Promise<string[]> =>
      ((await (await s.call(`/__mockyard/requests?${query}`, { headers: auth })).json()) as { path: string }[]).map(
        (e) => e.path,
      );
    assert.deepEqual(await only('method=post'), ['/orders']);
    assert.deepEqual(await only('path=/nothing'), ['/nothing']);
    assert.deepEqual(await only('status=200'), ['/orders']);
    assert.deepEqual(await only(`since=${between}`), ['/orders', '/nothing']);
    assert.deepEqual(await only(`since=${encodeURIComponent(new Date(between).toISOString())}`), [
      '/orders',
      '/nothing',
    ]);
    const bad = await s.call('/__mockyard/requests?status=abc', { headers: auth });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /status must be a number/);
  } finally {
    await s.close();
  }
});

test('DELETE /__mockyard/requests empties the journal; the journal needs the admin token', async () => {
  const s = await serve(CONFIG);
  try {
    await s.call('/orders');
    assert.equal((await s.call('/__mockyard/requests')).status, 401);
    assert.equal((await s.call('/__mockyard/requests', { method: 'DELETE', headers: auth })).status, 204);
    assert.deepEqual(await (await s.call('/__mockyard/requests', { headers: auth })).json(), []);
    const put = await s.call('/__mockyard/requests', { method: 'PUT', headers: auth });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, DELETE');
  } finally {
    await s.close();
  }
});

test('POST /__mockyard/verify answers 200 when the requests were made, 422 with the near-miss report when not', async () => {
  const s = await serve(CONFIG);
  try {
    await s.send('POST', '/orders', { amount: 12, item: 'book' });
    const verify = (body: unknown): Promise<Response> =>
      s.call('/__mockyard/verify', { method: 'POST', headers: json, body: JSON.stringify(body) });
    const ok = await verify({ method: 'POST', path: '/orders', body: { amount: 12 }, times: 1 });
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {
      ok: true,
      count: 1,
      message: 'Expected exactly 1 request matching POST /orders with body {"amount":12}, but 1 matched.',
    });
    const missed = await verify({ method: 'POST', path: '/orders', body: { amount: 10 } });
    assert.equal(missed.status, 422);
    const report = (await missed.json()) as { ok: boolean; count: number; message: string };
    assert.equal(report.ok, false);
    assert.equal(report.count, 0);
    assert.match(report.message, /1\. POST \/orders \(#1\): body\.amount is 12, expected 10/);
  } finally {
    await s.close();
  }
});

test('POST /__mockyard/verify refuses a verification it cannot read with 400', async () => {
  const s = await serve(CONFIG);
  try {
    const verify = (body: string): Promise<Response> =>
      s.call('/__mockyard/verify', { method: 'POST', headers: json, body });
    for (const [body, message] of [
      ['{"times": -1}', /times must be a whole number/],
      ['{"path": 5}', /path must be a text starting with \//],
      ['{"url": "/x"}', /Unknown field 'url'/],
      ['[1]', /Send a JSON object/],
      ['{', /JSON/],
    ] as const) {
      const res = await verify(body);
      assert.equal(res.status, 400, body);
      assert.match(((await res.json()) as { error: string }).error, message);
    }
  } finally {
    await s.close();
  }
});

test(`the journal keeps a request body up to ${DEFAULT_LOG_BODY_BYTES} bytes and says how much it cut`, async () => {
  const s = await serve(CONFIG);
  try {
    const big = 'x'.repeat(DEFAULT_LOG_BODY_BYTES + 1000);
    await s.call('/orders', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: big });
    const [entry] = (await (await s.call('/__mockyard/requests', { headers: auth })).json()) as { body: string }[];
    assert.equal(entry?.body, `${'x'.repeat(DEFAULT_LOG_BODY_BYTES)}… [truncated, 1000 more bytes]`);
  } finally {
    await s.close();
  }
});
