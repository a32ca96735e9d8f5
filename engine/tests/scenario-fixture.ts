/** The cart → paid → shipped flow the scenario tests walk, on SQLite and on PostgreSQL replicas. */
import assert from 'node:assert/strict';
import { yaml } from './helpers.js';

export const TOKEN = 'scenario-secret-1';

export const SCENARIO_CONFIG = yaml`
  scenarios:
    order: started
    cart: empty
  endpoints:
    - path: /order
      method: GET
      response: { inline: { status: new, state: "{{scenario.order}}" } }
      rules:
        - when: { scenario.order: paid }
          response: { inline: { status: paid, state: "{{scenario.order}}" } }
        - when: { scenario.order: { in: [shipped, delivered] } }
          response: { inline: { status: shipped, state: "{{scenario.order}}" } }
    - path: /order/pay
      method: POST
      status: 202
      response: { inline: { paymentId: "{{uuid}}", was: "{{scenario.order}}" } }
      setScenario: { order: paid }
      rules:
        - when: { scenario.order: { regex: "^(paid|shipped)$" } }
          status: 409
          response: { inline: { error: already paid } }
          setScenario: {}
    - path: /order/ship
      method: POST
      response: { inline: { ok: true } }
      rules:
        - when: { scenario.order: paid }
          response: { inline: { shipped: true } }
          setScenario: { order: shipped }
  server: { admin: { token: ${TOKEN} } }
`;

/** Walks the flow: reads on `read`, writes on `write` (the same mock, or two replicas of one). */
export async function walkTheOrder(read: string, write: string): Promise<void> {
  const get = async (): Promise<unknown> => (await fetch(`${read}/order`)).json();
  assert.deepEqual(await get(), { status: 'new', state: 'started' });
  assert.deepEqual(await (await fetch(`${write}/order/ship`, { method: 'POST' })).json(), { ok: true });
  const paid = await fetch(`${write}/order/pay`, { method: 'POST' });
  assert.equal(paid.status, 202);
  // The answer's templates saw the state before the change.
  assert.equal(((await paid.json()) as { was: string }).was, 'started');
  assert.deepEqual(await get(), { status: 'paid', state: 'paid' });
  const again = await fetch(`${write}/order/pay`, { method: 'POST' });
  assert.equal(again.status, 409);
  assert.deepEqual(await get(), { status: 'paid', state: 'paid' }, "a rule's empty setScenario changes nothing");
  assert.deepEqual(await (await fetch(`${write}/order/ship`, { method: 'POST' })).json(), { shipped: true });
  assert.deepEqual(await get(), { status: 'shipped', state: 'shipped' });
}
