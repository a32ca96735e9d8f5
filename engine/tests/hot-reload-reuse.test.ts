/**
 * A reload reads again only the config items it changed (fast-parts.ts); what it changed must act
 * changed, what it kept must keep answering, and positions must be the new text's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve } from './helpers.js';

/** Ten static endpoints, a resource, and `/health` answering `version`; `age` of the given type. */
const config = (version: number, ageType: string, before = ''): string =>
  `${before}schemas:
  User:
    properties:
      id: integer
      name: string
      age: ${ageType}
  Note:
    properties:
      id: integer
      text: string
endpoints:
  - resource: User
  - resource: Note
${Array.from({ length: 10 }, (_, i) => `  - { path: /static${i}, method: GET, response: { inline: { n: ${i} } } }\n`).join('')}  - path: /health
    method: GET
    response: { inline: { version: ${version} } }
seed:
  User:
    - { name: Ada, age: ${ageType === 'string' ? '"41"' : '41'} }
`;

test('a reload answers with the changed response and the changed field type, and keeps what did not change', async () => {
  const s = await serve(config(1, 'string'));
  try {
    assert.deepEqual(await (await s.call('/health')).json(), { version: 1 });
    assert.equal((await s.send('POST', '/users', { name: 'Bo', age: 'old' })).status, 201);
    assert.equal((await s.send('POST', '/notes', { text: 'kept' })).status, 201);

    // One endpoint's response changes: its new answer, at once.
    assert.ok((await s.engine.apply(config(2, 'string'))).ok);
    assert.deepEqual(await (await s.call('/health')).json(), { version: 2 });

    // One field's type changes: a create is checked against the new type, and the table migrated.
    const retyped = await s.engine.apply(config(2, 'integer'));
    assert.ok(retyped.ok, JSON.stringify(retyped.problems));
    const refused = await s.send('POST', '/users', { name: 'Cy', age: 'old' });
    assert.equal(refused.status, 400, await refused.text());
    const created = await s.send('POST', '/users', { name: 'Cy', age: 7 });
    assert.equal(created.status, 201);
    assert.equal(((await created.json()) as { age: unknown }).age, 7);

    // Unchanged items: the same answers and data as before.
    assert.deepEqual(await (await s.call('/static3')).json(), { n: 3 });
    assert.deepEqual(
      ((await (await s.call('/notes')).json()) as { text: string }[]).map((n) => n.text),
      ['kept'],
    );

    // And back: the text read before reads as it did.
    assert.ok((await s.engine.apply(config(1, 'string'))).ok);
    assert.deepEqual(await (await s.call('/health')).json(), { version: 1 });
    assert.equal((await s.send('POST', '/users', { name: 'Di', age: 'young' })).status, 201);
  } finally {
    await s.close();
  }
});

test('endpoint lines after a reload are those of the new text, also for items read before', async () => {
  const s = await serve(config(1, 'string'));
  try {
    const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    for (const before of ['', '# one line more\n', '# two\n# lines more\n\n']) {
      const text = config(3, 'string', before);
      const result = await s.engine.apply(text);
      assert.ok(result.ok);
      const at = (path: string): number | undefined => result.endpoints.find((e) => e.path === path)?.line;
      assert.equal(at('/static4'), lineOf(text, '/static4'));
      assert.equal(at('/health'), lineOf(text, 'path: /health'));
      assert.equal(at('/users'), lineOf(text, 'resource: User'));
    }
  } finally {
    await s.close();
  }
});

test('endpoints a reload keeps answer without a failure while others change on every reload', async () => {
  const s = await serve(config(0, 'string'));
  try {
    let stop = false;
    let answered = 0;
    const failures: string[] = [];
    const client = async (): Promise<void> => {
      while (!stop) {
        const [one, list] = await Promise.all([s.call('/static7'), s.call('/users/1')]);
        const body = (await one.json()) as unknown;
        const user = (await list.json()) as { name?: string };
        if (one.status !== 200 || JSON.stringify(body) !== '{"n":7}') failures.push(`static7: ${one.status}`);
        if (list.status !== 200 || user.name !== 'Ada') failures.push(`users/1: ${list.status}`);
        answered++;
      }
    };
    const clients = [client(), client(), client()];
    for (let version = 1; version <= 30; version++) {
      const result = await s.engine.apply(config(version, 'string'));
      assert.ok(result.ok);
      assert.deepEqual(await (await s.call('/health')).json(), { version });
    }
    stop = true;
    await Promise.all(clients);
    assert.deepEqual(failures, []);
    assert.ok(answered > 0);
  } finally {
    await s.close();
  }
});

test('a route a reload removes stops answering, and the routes it hid answer instead', async () => {
  const routes = (special: boolean, param: string): string => `schemas:
  User:
    properties:
      id: integer
      name: string
endpoints:
${special ? '  - { path: /users/special, method: GET, response: { inline: { special: true } } }\n' : ''}  - { path: /users/:${param}, method: GET, response: { schema: User } }
  - { path: /users, method: POST, response: { schema: User } }
seed:
  User:
    - { name: Ada }
`;
  const s = await serve(routes(true, 'id'));
  try {
    assert.deepEqual(await (await s.call('/users/special')).json(), { special: true });
    assert.ok((await s.engine.apply(routes(false, 'id'))).ok);
    // Now /users/:id answers it (no user has that id).
    const hidden = await s.call('/users/special');
    assert.equal(hidden.status, 404);
    await hidden.arrayBuffer();
    assert.equal(s.engine.log.entries().at(-1)?.endpoint, 'GET /users/:id');
    assert.equal((await s.call('/users/1')).status, 200);
    // The parameter renamed: /users/:name looks users up by name.
    assert.ok((await s.engine.apply(routes(false, 'name'))).ok);
    assert.deepEqual(((await (await s.call('/users/Ada')).json()) as { id: number }).id, 1);
    assert.equal((await s.call('/users/1')).status, 404);
    assert.ok((await s.engine.apply(routes(true, 'name'))).ok);
    assert.deepEqual(await (await s.call('/users/special')).json(), { special: true });
  } finally {
    await s.close();
  }
});
