import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StudioError, studioErrorFrom } from '../../shared/src/studio-error.js';
import { callFailure } from '../src/studio/call-error.js';
import { startStudioServer } from '../src/studio/http-transport.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, required: true, unique: true }
        admin: { type: boolean, default: false }
    Product:
      properties:
        id: integer
        name: { type: string, required: true }
        sku: { type: string, unique: true }
        price: number
  endpoints:
    - resource: User
    - resource: Product
  seed:
    User:
      - { name: Ada, email: ada@example.com }
`;

async function open() {
  const { session, handlers, dir, close } = await openSession(CONFIG, {}, 'mockyard-studio-data-');
  const server = await startStudioServer({ session, handlers, staticDir: dir, port: 0 });
  return {
    session,
    handlers,
    call: (name: string, args: unknown) =>
      fetch(`http://127.0.0.1:${server.port}/api/call/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      }),
    mock: (path: string, init?: RequestInit) => fetch(`${session.status().url}${path}`, init),
    close: async () => {
      await server.close();
      await close();
    },
  };
}

/** What a rejected handler call becomes on the wire. */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return callFailure(err).body;
  }
  assert.fail('the call succeeded');
}

test('tables.list says per field what the new-row form needs: required, unique, default, auto id', async () => {
  const s = await open();
  try {
    const users = (await s.handlers['tables.list']({})).find((t) => t.table === 'users');
    assert.deepEqual(users?.fields, [
      { name: 'id', type: 'integer', required: false, unique: true, autoId: 'integer' },
      { name: 'name', type: 'string', required: true, unique: false },
      { name: 'email', type: 'string', required: true, unique: true },
      { name: 'admin', type: 'boolean', required: false, unique: false, default: false },
    ]);
  } finally {
    await s.close();
  }
});

test('a refused row names its field, on both transports; the mock still answers { error } alone', async () => {
  const s = await open();
  try {
    assert.deepEqual(await failureOf(s.handlers['tables.insert']({ table: 'users', row: { name: 'Bo' } })), {
      error: "Field 'email' is required.",
      code: 'invalid',
      field: 'email',
    });
    assert.deepEqual(
      await failureOf(s.handlers['tables.insert']({ table: 'users', row: { name: 'Bo', email: 'ada@example.com' } })),
      { error: 'A User with email "ada@example.com" already exists.', code: 'conflict', field: 'email' },
    );
    assert.deepEqual(
      await failureOf(s.handlers['tables.update']({ table: 'users', key: 1, changes: { admin: 'yes' } })),
      { error: 'Field \'admin\' must be true or false, not the text "yes".', code: 'invalid', field: 'admin' },
    );
    // A failure about no one field carries none.
    assert.equal((await failureOf(s.handlers['tables.insert']({ table: 'nope', row: {} }))).field, undefined);

    const reply = await s.call('tables.insert', { table: 'users', row: { email: 'bo@example.com' } });
    assert.equal(reply.status, 400);
    const body = await reply.json();
    assert.deepEqual(body, { error: "Field 'name' is required.", code: 'invalid', field: 'name' });
    const rebuilt = studioErrorFrom(body, 'x');
    assert.ok(rebuilt instanceof StudioError);
    assert.equal(rebuilt.field, 'name');
    assert.deepEqual(rebuilt.toCallError(), body);

    const mock = await s.mock('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bo', email: 'ada@example.com' }),
    });
    assert.equal(mock.status, 409);
    assert.deepEqual(await mock.json(), { error: 'A User with email "ada@example.com" already exists.' });
  } finally {
    await s.close();
  }
});

test('tables.query reports filter keys that are not fields instead of ignoring them silently', async () => {
  const s = await open();
  try {
    const result = await s.handlers['tables.query']({ table: 'users', filter: 'bogus_thing=1', offset: 0, limit: 10 });
    assert.equal(result.total, 1);
    assert.deepEqual(result.notes, [
      "'bogus_thing' is not a field of users, so it was ignored; fields: id, name, email, admin.",
    ]);
    const fine = await s.handlers['tables.query']({ table: 'users', filter: 'name_like=a', offset: 0, limit: 10 });
    assert.equal(fine.notes, undefined);
  } finally {
    await s.close();
  }
});

test('tables.generatePreview shows the rows generate would insert, and inserts nothing', async () => {
  const s = await open();
  try {
    const { rows } = await s.handlers['tables.generatePreview']({ table: 'products', count: 3, seed: 5 });
    assert.equal(rows.length, 3);
    assert.equal((await s.handlers['tables.query']({ table: 'products', offset: 0, limit: 10 })).total, 0);
    await s.handlers['tables.generate']({ table: 'products', count: 3, seed: 5 });
    const stored = (await s.handlers['tables.query']({ table: 'products', offset: 0, limit: 10 })).rows;
    assert.deepEqual(
      stored.map(({ id: _, ...rest }) => rest),
      rows,
    );
    assert.equal(
      (await failureOf(s.handlers['tables.generatePreview']({ table: 'products', count: 0, seed: 1 }))).code,
      'invalid',
    );
  } finally {
    await s.close();
  }
});
