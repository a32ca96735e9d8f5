/**
 * Seed rows are written up to 50 to a statement (SqliteTableStore.insertSeed): every row still goes
 * in, in order, with the id it gives or the next automatic one; and a conflict inside a batch is
 * refused naming its row's value, as a statement per row did.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve } from './helpers.js';

const config = (rows: readonly Record<string, unknown>[]): string => `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      email: { type: string, unique: true }
      score: { type: integer, default: 7 }
endpoints:
  - resource: User
seed:
  User:
${rows.map((row) => `    - ${JSON.stringify(row)}`).join('\n')}
`;

const user = (i: number): Record<string, unknown> => ({ name: `User ${i}`, email: `u${i}@example.com` });

test('a seed of rows that give ids and rows that take them goes in whole, in order, across batches', async () => {
  // 130 rows: runs of rows with ids and without, so batches of one SQL text are cut short and resumed.
  const rows = Array.from({ length: 130 }, (_, i) => (i % 40 < 25 ? { id: 1000 + i, ...user(i), score: i } : user(i)));
  const s = await serve(config(rows));
  try {
    const page = async (n: number) =>
      (await (await s.call(`/users?_sort=id&_limit=100&_page=${n}`)).json()) as Record<string, unknown>[];
    const all = [...(await page(1)), ...(await page(2))];
    assert.equal(all.length, 130);
    // Rows without an id take one past the largest so far (AUTOINCREMENT), in order.
    let largest = 0;
    const expected = rows.map((row, i) => {
      const id = typeof row.id === 'number' ? row.id : largest + 1;
      largest = Math.max(largest, id);
      return { id, name: `User ${i}`, email: `u${i}@example.com`, score: row.score ?? 7 };
    });
    assert.deepEqual(all, expected);
  } finally {
    await s.close();
  }
});

test('a conflict inside a batch is refused naming its value', async () => {
  const rows = Array.from({ length: 120 }, (_, i) => user(i));
  rows[86] = { name: 'Twin', email: 'u3@example.com' };
  await assert.rejects(serve(config(rows)), /Seed row.*u3@example\.com|u3@example\.com/);
  // In the last, partial batch too, and by the id a row gives.
  const ids = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, ...user(i) }));
  ids[117] = { id: 5, ...user(117) };
  await assert.rejects(serve(config(ids)), /\bid\b.*\b5\b/);
});
