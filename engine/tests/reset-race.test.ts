/**
 * Admin resets beside creates: each create answers 201 (before or after a reset), never a spurious
 * 409 from an id the reset's seeding then took. Run on SQLite here and on PostgreSQL by
 * reset-race-on-postgres.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, yaml } from './helpers.js';

const SEEDED = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
  endpoints:
    - resource: User
  seed:
    User:
      - { name: Ada }
      - { name: Grace }
      - { name: Edsger }
`;

test('4 clients resetting beside 6 creating: every create is 201 and every reset 200', {
  timeout: 60_000,
}, async () => {
  const s = await serve(SEEDED, { admin: true });
  const TOKEN = s.engine.adminToken;
  try {
    const statuses = new Map<string, number>();
    const count = (what: string): void => {
      statuses.set(what, (statuses.get(what) ?? 0) + 1);
    };
    const resetter = async (): Promise<void> => {
      for (let i = 0; i < 15; i++) {
        const res = await s.call('/__mockyard/reset', {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        count(`reset ${res.status}`);
        await res.text();
      }
    };
    const creator = async (n: number): Promise<void> => {
      for (let i = 0; i < 30; i++) {
        const res = await s.send('POST', '/users', { name: `c${n}-${i}` });
        count(`create ${res.status}`);
        await res.text();
      }
    };
    await Promise.all([...Array.from({ length: 4 }, resetter), ...Array.from({ length: 6 }, (_, n) => creator(n))]);
    assert.deepEqual(Object.fromEntries([...statuses].sort()), { 'create 201': 180, 'reset 200': 60 });
  } finally {
    await s.close();
  }
});
