import assert from 'node:assert/strict';
import { AssertionError } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { startMock } from '../src/library/index.js';
import { tempDir, yaml } from './helpers.js';

const ORDERS = yaml`
  schemas:
    Order:
      properties:
        id: integer
        item: string
        amount: number
  endpoints:
    - resource: Order
    - path: /ping
      method: POST
      response: { inline: { pong: true } }
  seed:
    Order:
      - { item: seed, amount: 1 }
`;

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('startMock serves a YAML text in memory on a free port of 127.0.0.1', async () => {
  const mock = await startMock({ config: ORDERS, db: ':memory:' });
  try {
    assert.match(mock.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(mock.port, 0);
    assert.deepEqual(await (await fetch(`${mock.url}/orders`)).json(), [{ id: 1, item: 'seed', amount: 1 }]);
  } finally {
    await mock.stop();
  }
});

test('startMock reads a config file by its path', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'api.yaml');
    writeFileSync(path, ORDERS);
    const mock = await startMock({ config: path, db: ':memory:' });
    try {
      assert.equal((await fetch(`${mock.url}/orders/1`)).status, 200);
    } finally {
      await mock.stop();
    }
  } finally {
    cleanup();
  }
});

test('startMock rejects a config with errors, naming each with its line and column', async () => {
  await assert.rejects(
    startMock({ config: 'endpoints:\n  - path: /x\n    method: GET\n    response: { schema: Nope }\n' }),
    /config:4:25 Endpoint GET \/x references unknown schema 'Nope'/,
  );
});

test('two mocks in one process share nothing: data, journal and port are their own', async () => {
  const [a, b] = await Promise.all([startMock({ config: ORDERS }), startMock({ config: ORDERS })]);
  try {
    assert.notEqual(a.url, b.url);
    assert.equal((await post(`${a.url}/orders`, { item: 'only in a', amount: 2 })).status, 201);
    assert.equal(((await (await fetch(`${a.url}/orders`)).json()) as unknown[]).length, 2);
    assert.equal(((await (await fetch(`${b.url}/orders`)).json()) as unknown[]).length, 1);
    assert.equal((await a.requests()).length, 2);
    assert.equal((await b.requests()).length, 1);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('requests(filter) lists the journal oldest first with parsed query and bodies, filtered by method, path, status and since', async () => {
  const mock = await startMock({ config: ORDERS });
  try {
    await post(`${mock.url}/orders`, { item: 'a', amount: 10 });
    const between = Date.now();
    await fetch(`${mock.url}/orders?item=a&item=b&_limit=5`);
    await post(`${mock.url}/ping`, { hello: 'world' });
    await fetch(`${mock.url}/orders/99`);
    const all = await mock.requests();
    assert.deepEqual(
      all.map((e) => `${e.method} ${e.path} ${e.status}`),
      ['POST /orders 201', 'GET /orders 200', 'POST /ping 200', 'GET /orders/99 404'],
    );
    const [created, listed, pinged] = all;
    assert.deepEqual(created?.body, { item: 'a', amount: 10 });
    assert.deepEqual(created?.response.body, { id: 2, item: 'a', amount: 10 });
    assert.equal(created?.direction, 'incoming');
    assert.deepEqual(listed?.query, { item: ['a', 'b'], _limit: '5' });
    // A static endpoint never reads the body; the journal keeps it all the same.
    assert.deepEqual(pinged?.body, { hello: 'world' });
    assert.equal(pinged?.headers['content-type'], 'application/json');
    assert.deepEqual(
      (await mock.requests({ method: 'post' })).map((e) => e.path),
      ['/orders', '/ping'],
    );
    assert.deepEqual(
      (await mock.requests({ path: '/orders' })).map((e) => e.method),
      ['POST', 'GET'],
    );
    assert.deepEqual(
      (await mock.requests({ path: /^\/orders\/\d+$/ })).map((e) => e.status),
      [404],
    );
    assert.deepEqual(
      (await mock.requests({ status: 404 })).map((e) => e.path),
      ['/orders/99'],
    );
    assert.equal((await mock.requests({ since: between })).length, 3);
    assert.equal((await mock.requests({ since: new Date(between).toISOString() })).length, 3);
  } finally {
    await mock.stop();
  }
});

test('reset() puts the tables back to their seed rows and empties the journal', async () => {
  const mock = await startMock({ config: ORDERS });
  try {
    await post(`${mock.url}/orders`, { item: 'gone after reset', amount: 3 });
    await mock.reset();
    assert.deepEqual(await mock.requests(), []);
    assert.deepEqual(await (await fetch(`${mock.url}/orders`)).json(), [{ id: 1, item: 'seed', amount: 1 }]);
  } finally {
    await mock.stop();
  }
});

test('verify() passes for a matching request, with a body that names some of its fields', async () => {
  const mock = await startMock({ config: ORDERS });
  try {
    await post(`${mock.url}/orders`, { item: 'book', amount: 12 });
    await mock.verify({ method: 'POST', path: '/orders', body: { amount: 12 } });
    await mock.verify({ method: 'POST', path: '/orders', times: 1 });
    await mock.verify({ path: '/ping', times: 0 });
  } finally {
    await mock.stop();
  }
});

/** The message of the AssertionError verify() throws. */
async function failure(run: Promise<void>): Promise<string> {
  try {
    await run;
  } catch (err) {
    assert.ok(err instanceof AssertionError, 'an AssertionError');
    return err.message;
  }
  assert.fail('verify() did not throw');
}

test('a failed verify() names the nearest requests and why each missed: path, method, body field', async () => {
  const mock = await startMock({ config: ORDERS });
  try {
    await post(`${mock.url}/orders`, { item: 'book', amount: 12 });
    await fetch(`${mock.url}/orders`);
    await post(`${mock.url}/ping`, { amount: 10 });
    const message = await failure(mock.verify({ method: 'POST', path: '/orders', body: { amount: 10 } }));
    assert.equal(
      message,
      [
        'Expected at least 1 request matching POST /orders with body {"amount":10}, but 0 matched.',
        'Nearest requests that did not match:',
        '  1. POST /orders (#1): body.amount is 12, expected 10',
        '  2. GET /orders (#2): method is GET, expected POST; body is nothing, expected an object',
        '  3. POST /ping (#3): path is /ping, expected /orders',
      ].join('\n'),
    );
  } finally {
    await mock.stop();
  }
});

test('a failed verify() says when a field is missing or the count is wrong', async () => {
  const mock = await startMock({ config: ORDERS });
  try {
    await post(`${mock.url}/orders`, { item: 'book' });
    await post(`${mock.url}/orders`, { item: 'pen' });
    const missing = await failure(mock.verify({ path: '/orders', body: { amount: 5 } }));
    assert.match(missing, /POST \/orders \(#2\): body\.amount is missing/);
    const count = await failure(mock.verify({ method: 'POST', path: '/orders', times: 1 }));
    assert.equal(count, 'Expected exactly 1 request matching POST /orders, but 2 matched.');
    const fresh = await startMock({ config: ORDERS });
    const none = await failure(fresh.verify({ path: '/x' })).finally(() => fresh.stop());
    assert.match(none, /No other requests were received/);
  } finally {
    await mock.stop();
  }
});

test('scenario() and setScenario() read and move a scenario by hand; unknown names and empty states are refused', async () => {
  const mock = await startMock({
    config:
      'scenarios: { order: started }\nendpoints:\n  - path: /s\n    method: GET\n    response: { inline: { s: "{{scenario.order}}" } }\n',
  });
  try {
    assert.equal(await mock.scenario('order'), 'started');
    await mock.setScenario('order', 'paid');
    assert.deepEqual(await (await fetch(`${mock.url}/s`)).json(), { s: 'paid' });
    await assert.rejects(mock.setScenario('nope', 'x'), /No scenario 'nope'/);
    await assert.rejects(mock.setScenario('order', ''), /1 to 200 characters/);
    await assert.rejects(mock.scenario('nope'), /No scenario 'nope'/);
    await mock.reset();
    assert.equal(await mock.scenario('order'), 'started');
  } finally {
    await mock.stop();
  }
});
