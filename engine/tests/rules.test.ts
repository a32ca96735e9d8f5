import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { serve, yaml } from './helpers.js';

const LOGIN = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: string
        age: integer
  endpoints:
    - path: /login
      method: POST
      response: { inline: { token: "{{uuid}}" } }
      rules:
        - when: { body.password: wrong }
          status: 401
          response: { inline: { error: Invalid credentials } }
        - when: { body.password: wrong, body.user: admin }
          status: 418
        - when: { query.mode: { regex: "^slow" }, headers.x-debug: { present: true } }
          status: 202
          headers: { X-Rule: slow-debug }
        - when: { body.user: { in: [ann, bo] } }
          response: { inline: { welcome: "{{request.body.user}}" } }
        - when: { body.age: { gte: 18, lt: 65 } }
          status: 200
          response: { inline: { adult: true } }
        - when: { body.age: { gt: 64 } }
          response: { inline: { senior: true } }
        - when: { body.age: { lte: 17 } }
          response: { inline: { minor: true } }
        - when: { headers.x-debug: { present: false }, "body.items[1].id": 7 }
          response: { inline: { second: 7 } }
        - when: { body.code: 12 }
          response: { inline: { codeAsText: true } }
    - path: /users/:id
      method: GET
      response: { schema: User }
      rules:
        - when: { params.id: "0" }
          status: 400
          response: { inline: { error: "id 0 is reserved" } }
        - when: { headers.x-fail: { present: true } }
          status: 503
        - when: { method: GET, query.trace: "1" }
          headers: { X-Trace: "user {{request.params.id}}" }
    - path: /users
      method: GET
      response: { schema: User, type: array }
    - path: /users
      method: POST
      response: { schema: User }
      rules:
        - when: { body.name: { regex: "^test" } }
          status: 503
`;

test('the first matching rule wins; no match falls back to the endpoint’s own response', async () => {
  const s = await serve(LOGIN);
  try {
    const wrong = await s.send('POST', '/login', { user: 'admin', password: 'wrong' });
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { error: 'Invalid credentials' });
    const fine = await s.send('POST', '/login', { user: 'zed', password: 'right' });
    assert.equal(fine.status, 200);
    assert.match(((await fine.json()) as { token: string }).token, /^[0-9a-f-]{36}$/);
    const notes = s.engine.log.entries().map((e) => e.notes);
    assert.deepEqual(notes, [['rule 1 matched (line 12)'], []]);
  } finally {
    await s.close();
  }
});

test('every operator: equality as text, regex, in, present, gt, gte, lt, lte', async () => {
  const s = await serve(LOGIN);
  try {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      s.call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const slow = await post('/login?mode=slowly', {}, { 'x-debug': '' });
    assert.equal(slow.status, 202);
    assert.equal(slow.headers.get('x-rule'), 'slow-debug');
    assert.match(await slow.text(), /"token"/); // headers and status only: the endpoint's own body
    assert.equal((await post('/login?mode=fastslow', {}, { 'x-debug': '1' })).status, 200); // regex anchored
    assert.equal((await post('/login?mode=slow', {})).status, 200); // present: true needs the header
    assert.deepEqual(await (await post('/login', { user: 'bo' })).json(), { welcome: 'bo' });
    assert.deepEqual(await (await post('/login', { age: 18 })).json(), { adult: true });
    assert.deepEqual(await (await post('/login', { age: '64' })).json(), { adult: true }); // numbers in text count
    assert.deepEqual(await (await post('/login', { age: 65 })).json(), { senior: true });
    assert.deepEqual(await (await post('/login', { age: 17 })).json(), { minor: true });
    assert.ok('token' in ((await (await post('/login', { age: 'old' })).json()) as object)); // not a number: no match
    assert.deepEqual(await (await post('/login', { items: [{ id: 1 }, { id: 7 }] })).json(), { second: 7 });
    assert.ok(
      'token' in
        ((await (await post('/login', { items: [{ id: 1 }, { id: 7 }] }, { 'x-debug': '1' })).json()) as object),
    );
    assert.deepEqual(await (await post('/login', { code: '12' })).json(), { codeAsText: true });
  } finally {
    await s.close();
  }
});

test('rules on a schema-backed endpoint: params, a header, the method, without touching the table', async () => {
  const s = await serve(LOGIN);
  try {
    await s.send('POST', '/users', { name: 'Ann', age: 30 });
    const reserved = await s.call('/users/0');
    assert.equal(reserved.status, 400);
    assert.deepEqual(await reserved.json(), { error: 'id 0 is reserved' });
    const down = await s.call('/users/1', { headers: { 'x-fail': 'yes' } });
    assert.equal(down.status, 503);
    assert.deepEqual(await down.json(), { error: 'Service Unavailable' });
    const traced = await s.call('/users/1?trace=1');
    assert.equal(traced.status, 200);
    assert.equal(traced.headers.get('x-trace'), 'user 1');
    assert.deepEqual(await traced.json(), { id: 1, name: 'Ann', age: 30 });
    const refused = await s.send('POST', '/users', { name: 'test user', age: 1 });
    assert.equal(refused.status, 503);
    assert.deepEqual(
      await (await s.call('/users')).json(),
      [{ id: 1, name: 'Ann', age: 30 }],
      'the refused POST wrote nothing',
    );
  } finally {
    await s.close();
  }
});

const BACKTRACKING = yaml`
  endpoints:
    - path: /words
      method: GET
      response:
        inline: { matched: false }
      rules:
        - when: { query.v: { regex: "^(\\\\w+\\\\s?)*$" } }
          response:
            inline: { matched: true }
        - when: { query.w: { regex: "(a|aa)+$" } }
          response:
            inline: { second: true }
        - when: { query.x: { regex: "(?i)^[a-z]+@example\\\\.com$" } }
          response:
            inline: { mail: true }
    - path: /words
      method: POST
      response:
        inline: { matched: false }
      rules:
        - when: { body.v: { regex: "^a+$" } }
          response:
            inline: { matched: true }
`;

test('rule regexes match in linear time: patterns that backtrack exponentially in JavaScript answer at once', {
  timeout: 30_000,
}, async () => {
  const s = await serve(BACKTRACKING);
  try {
    for (const [query, n] of [
      ['v', 31],
      ['v', 5000],
      ['w', 5000],
    ] as const) {
      const hostile = `${'a'.repeat(n)}!`;
      const start = performance.now();
      const res = await s.call(`/words?${query}=${hostile}`, { signal: AbortSignal.timeout(10_000) });
      assert.deepEqual(await res.json(), { matched: false });
      assert.ok(performance.now() - start < 1000, `${query} with ${n} characters took ${performance.now() - start} ms`);
    }
    assert.deepEqual(await (await s.call('/words?v=two%20words')).json(), { matched: true });
    assert.deepEqual(await (await s.call('/words?w=aaaa')).json(), { second: true });
    assert.deepEqual(await (await s.call('/words?x=Bo@Example.com')).json(), { mail: true });
    // A value past the 16,384-character cap never matches.
    const post = (v: string) => s.send('POST', '/words', { v }).then((r) => r.json());
    assert.deepEqual(await post('a'.repeat(16_384)), { matched: true });
    assert.deepEqual(await post('a'.repeat(16_385)), { matched: false });
  } finally {
    await s.close();
  }
});

test('a regex RE2 cannot match in linear time (backreference, lookaround) is a config problem naming where', async () => {
  for (const [pattern, construct] of <[string, string][]>[
    ['(a)\\\\1', '\\1'],
    ['(?=a)b', '(?='],
    ['x(?<!y)', '(?<!'],
  ]) {
    const { model, problems } = await validateConfig(
      `endpoints:\n  - path: /x\n    method: GET\n    response: { inline: {} }\n    rules:\n      - when: { query.v: { regex: "${pattern}" } }\n        status: 400\n`,
    );
    assert.equal(model, undefined, pattern);
    const problem = problems.find((p) => p.code === 'ruleBadRegex');
    assert.ok(problem, `${pattern}: ${problems.map((p) => p.message).join('; ')}`);
    assert.ok(problem.message.includes(construct.replace('\\\\', '\\')), problem.message);
    assert.match(problem.message, /at character \d+/);
    assert.equal(problem.range.start.line, 6);
  }
});
