import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, USERS_CONFIG } from './helpers.js';

test('a served config answers a static endpoint and creates then reads a record over real HTTP', async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const health = await s.call('/health');
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const created = await s.send('POST', '/users', { name: 'Ada', active: true, meta: { a: [1] } });
    assert.equal(created.status, 201);
    const record = (await created.json()) as { id: number };
    assert.equal(created.headers.get('location'), `/users/${record.id}`);
    const read = await s.call(`/users/${record.id}`);
    assert.deepEqual(await read.json(), {
      id: record.id,
      name: 'Ada',
      email: null,
      age: null,
      score: null,
      active: true,
      born: null,
      meta: { a: [1] },
    });
  } finally {
    await s.close();
  }
});
