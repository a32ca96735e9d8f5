import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callFailure } from '../src/studio/call-error.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  scenarios:
    order: started
    cart: empty
  endpoints:
    - path: /order
      method: GET
      response: { inline: { status: new } }
      rules:
        - when: { scenario.order: paid }
          response: { inline: { status: paid } }
    - path: /order/pay
      method: POST
      response: { inline: { ok: true } }
      setScenario: { order: paid }
`;

test('scenarios.list and scenarios.set: current and start states, set by hand as the mock sees it, bad calls refused', async () => {
  const s = await openSession(CONFIG);
  try {
    const url = s.session.status().url;
    assert.deepEqual(await s.handlers['scenarios.list']({}), [
      { name: 'order', state: 'started', start: 'started' },
      { name: 'cart', state: 'empty', start: 'empty' },
    ]);
    // A request moves it: the list says so.
    assert.equal((await fetch(`${url}/order/pay`, { method: 'POST' })).status, 200);
    assert.equal((await s.handlers['scenarios.list']({}))[0]?.state, 'paid');
    // Set by hand: the mock answers by the new state.
    const after = await s.handlers['scenarios.set']({ name: 'order', state: 'started' });
    assert.deepEqual(after[0], { name: 'order', state: 'started', start: 'started' });
    assert.deepEqual(await (await fetch(`${url}/order`)).json(), { status: 'new' });
    await s.handlers['scenarios.set']({ name: 'order', state: 'paid' });
    assert.deepEqual(await (await fetch(`${url}/order`)).json(), { status: 'paid' });

    const refused = async (args: unknown, status: number, message: RegExp) =>
      assert.rejects(s.handlers['scenarios.set'](args as { name: string; state: string }), (err) => {
        const failure = callFailure(err);
        assert.equal(failure.status, status);
        assert.match(failure.body.error, message);
        return true;
      });
    await refused({ name: 'nope', state: 'x' }, 404, /No scenario 'nope'/);
    await refused({ name: 'order', state: '  ' }, 400, /1 to 200 characters/);
    await refused({ name: 'order', state: 'x'.repeat(201) }, 400, /1 to 200 characters/);
    await refused({ name: 'order' }, 400, /scenarios.set needs/);
    assert.equal((await s.handlers['scenarios.list']({}))[0]?.state, 'paid', 'nothing changed by a refused call');
  } finally {
    await s.close();
  }
});

test('scenarios.list is empty for a config without scenarios', async () => {
  const s = await openSession('endpoints:\n  - path: /a\n    method: GET\n    response: { inline: {} }\n');
  try {
    assert.deepEqual(await s.handlers['scenarios.list']({}), []);
  } finally {
    await s.close();
  }
});
