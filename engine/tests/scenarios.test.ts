import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { validateConfig } from '../src/config/validate.js';
import { serve, yaml } from './helpers.js';
import { SCENARIO_CONFIG, TOKEN, walkTheOrder } from './scenario-fixture.js';

const auth = { authorization: `Bearer ${TOKEN}` };

test('a flow walks through its states: setScenario moves it, rules and templates read it', async () => {
  const s = await serve(SCENARIO_CONFIG);
  try {
    await walkTheOrder(s.url, s.url);
  } finally {
    await s.close();
  }
});

test('the admin API reads and sets a scenario; reset puts every scenario back to its start', async () => {
  const s = await serve(SCENARIO_CONFIG);
  try {
    assert.deepEqual(await (await s.call('/__mockyard/scenarios', { headers: auth })).json(), {
      order: 'started',
      cart: 'empty',
    });
    const put = await s.call('/__mockyard/scenarios/order', {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"state":"shipped"}',
    });
    assert.equal(put.status, 200);
    assert.deepEqual(await put.json(), { name: 'order', state: 'shipped' });
    assert.deepEqual(await (await s.call('/__mockyard/scenarios/order', { headers: auth })).json(), {
      name: 'order',
      state: 'shipped',
    });
    assert.deepEqual(await (await s.call('/order')).json(), { status: 'shipped', state: 'shipped' });
    const reset = await s.call('/__mockyard/reset', { method: 'POST', headers: auth });
    assert.equal(reset.status, 200);
    assert.deepEqual(await (await s.call('/order')).json(), { status: 'new', state: 'started' });
  } finally {
    await s.close();
  }
});

test('the admin API refuses an unknown scenario with 404 and a bad state with 400', async () => {
  const s = await serve(SCENARIO_CONFIG);
  try {
    const unknown = await s.call('/__mockyard/scenarios/nope', { headers: auth });
    assert.equal(unknown.status, 404);
    assert.match(((await unknown.json()) as { error: string }).error, /No scenario 'nope'.*order, cart/);
    for (const body of ['{"state":""}', '{"state":5}', `{"state":"${'x'.repeat(201)}"}`, '{}']) {
      const res = await s.call('/__mockyard/scenarios/order', {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
      assert.equal(res.status, 400, body);
    }
    assert.equal((await s.call('/__mockyard/scenarios/%E0%A4%A', { headers: auth })).status, 400);
  } finally {
    await s.close();
  }
});

test('a scenario keeps its state across a reload; one the new config drops is gone', async () => {
  const s = await serve(SCENARIO_CONFIG);
  try {
    await s.call('/order/pay', { method: 'POST' });
    assert.equal((await s.engine.apply(SCENARIO_CONFIG.replace('cart: empty', 'basket: empty'))).ok, true);
    assert.deepEqual(await s.engine.scenarios(), { order: 'paid', basket: 'empty' });
  } finally {
    await s.close();
  }
});

/** `line:column code` of each problem. */
const problemsOf = (text: string): string[] =>
  validateConfig(text).problems.map((p: Problem) => `${p.range.start.line}:${p.range.start.column} ${p.code}`);

test('an unknown scenario in a rule, a setScenario or a template is a problem at its position', () => {
  const text = yaml`
    scenarios:
      order: started
    endpoints:
      - path: /order
        method: GET
        response: { inline: { state: "{{scenario.ordr}}" } }
        setScenario: { cart: full }
        rules:
          - when: { scenario.odrer: paid }
            status: 402
            setScenario: { order: paid, shipment: sent }
  `;
  assert.deepEqual(problemsOf(text), [
    '6:37 unknownScenario',
    '7:20 unknownScenario',
    '9:17 unknownScenario',
    '11:37 unknownScenario',
  ]);
  const messages = validateConfig(text).problems.map((p) => p.message);
  assert.match(messages[0] ?? '', /Unknown scenario 'ordr': the config's scenarios: are order/);
  assert.match(messages[2] ?? '', /Unknown scenario 'odrer'.*Did you mean 'order'\?/);
});

test('a template names the scenario it reads; a scenario name must be a plain word', () => {
  const text = yaml`
    scenarios:
      "bad name": x
    endpoints:
      - path: /a
        method: GET
        response: { inline: { s: "{{scenario}}" } }
  `;
  const codes = validateConfig(text).problems.map((p) => p.code);
  assert.ok(codes.includes('templateUnknownName'), codes.join());
  assert.ok(codes.length >= 2, 'the bad name is a problem too');
});
