import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callFailure } from '../src/studio/call-error.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  server:
    seed: 1
  endpoints:
    - path: /login
      method: POST
      response: { inline: { token: ok } }
      rules:
        - when: { body.password: wrong }
          status: 401
          latency: 5
          response: { inline: { error: "no {{request.body.user}}" } }
        - when: { query.drop: "1" }
          fault: { kind: reset }
`;

test('request.send names the matched rule and the delay, from the log notes', async () => {
  const s = await openSession(CONFIG, {}, 'mockyard-send-notes-');
  try {
    const send = s.handlers['request.send'];
    const wrong = await send({
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: '{"user":"ada","password":"wrong"}',
    });
    assert.equal(wrong.status, 401);
    assert.deepEqual(JSON.parse(wrong.body), { error: 'no ada' });
    assert.match(wrong.notes?.join('\n') ?? '', /^rule 1 matched \(line 8\)$/m);
    assert.match(wrong.notes?.join('\n') ?? '', /^latency 5 ms added$/m);

    const right = await send({ method: 'POST', path: '/login', body: '{"password":"right"}' });
    assert.equal(right.status, 200);
    assert.equal(right.notes, undefined, 'no rule, no notes');

    // A dropped connection is a failed call; its message still says which rule and which fault.
    let failed: unknown;
    await send({ method: 'POST', path: '/login', query: 'drop=1' }).catch((err: unknown) => {
      failed = err;
    });
    const failure = callFailure(failed);
    assert.match(failure.body.error, /did not answer/);
    assert.match(failure.body.error, /rule 2 matched/);
    assert.match(failure.body.error, /fault: connection reset/);
  } finally {
    await s.close();
  }
});
