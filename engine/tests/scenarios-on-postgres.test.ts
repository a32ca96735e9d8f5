// Scenarios on PostgreSQL: two engines (replicas) on one database share every scenario's state.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Engine } from '../src/engine.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';
import { SCENARIO_CONFIG, TOKEN, walkTheOrder } from './scenario-fixture.js';

let postgres: TestPostgres | undefined;
before(async () => {
  postgres = await startPostgres();
});
after(() => postgres?.stop());

let schemas = 0;

/** Two replicas of the scenario config on one PostgreSQL schema, started together. */
async function replicas(): Promise<{ a: Engine; b: Engine; urls: [string, string] }> {
  const options = { port: 0, host: '127.0.0.1', database: postgres?.url, schema: `scen_${++schemas}` };
  const a = new Engine(options);
  const b = new Engine(options);
  const applied = await Promise.all([a.apply(SCENARIO_CONFIG), b.apply(SCENARIO_CONFIG)]);
  for (const result of applied) assert.equal(result.ok, true, JSON.stringify(result.problems));
  const [first, second] = await Promise.all([a.start(), b.start()]);
  return { a, b, urls: [`http://127.0.0.1:${first.port}`, `http://127.0.0.1:${second.port}`] };
}

test('a state one replica sets is the state the other answers with', {
  skip: POSTGRES_SKIP_REASON ?? false,
  timeout: 30_000,
}, async () => {
  const { a, b, urls } = await replicas();
  try {
    // Every write goes to one replica, every read to the other.
    await walkTheOrder(urls[1], urls[0]);
    assert.deepEqual(await b.scenarios(), { order: 'shipped', cart: 'empty' });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('the admin API of one replica sets a scenario, and a reset on the other puts it back', {
  skip: POSTGRES_SKIP_REASON ?? false,
  timeout: 30_000,
}, async () => {
  const { a, b, urls } = await replicas();
  const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  try {
    const put = await fetch(`${urls[0]}/__mockyard/scenarios/order`, {
      method: 'PUT',
      headers: auth,
      body: '{"state":"delivered"}',
    });
    assert.equal(put.status, 200);
    assert.deepEqual(await (await fetch(`${urls[1]}/order`)).json(), { status: 'shipped', state: 'delivered' });
    assert.equal((await fetch(`${urls[1]}/__mockyard/reset`, { method: 'POST', headers: auth })).status, 200);
    assert.deepEqual(await (await fetch(`${urls[0]}/order`)).json(), { status: 'new', state: 'started' });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});
