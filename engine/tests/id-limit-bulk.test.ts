/**
 * Rows written in bulk (a data import, generated rows, the seed) never get an automatic id past
 * 2^53 − 1: the write that would need one is refused, naming its row, and writes nothing. Run on
 * SQLite here and on PostgreSQL by id-limit-bulk-on-postgres.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { postgresUnderTest, serve } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const MAX = Number.MAX_SAFE_INTEGER;
let schemas = 0;

/** A config whose users start two below the last safe id (on PostgreSQL in a schema of its own). */
const config = (seed: string): string => `${
  postgresUnderTest() ? `server:\n  schema: idlimit_${process.pid}_${++schemas}\n` : ''
}schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
endpoints:
  - resource: User
seed:
  User:
${seed}`;

test('a data import whose automatic ids would pass 2^53 − 1 is refused at that row, and writes nothing', async () => {
  const s = await openSession(config(`    - { id: ${MAX - 2}, name: Near the end }\n`), {
    database: postgresUnderTest(),
  });
  try {
    const rows = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ name: `Row ${i + 1}` })));
    await assert.rejects(
      s.handlers['tables.import']({ table: 'users', format: 'json', text: rows(3) }),
      /^DomainError: Row 3: No automatic id is left for User: the next would pass 9007199254740991 .*Nothing was imported\.$/,
    );
    const after = await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 10 });
    assert.equal(after.total, 1, 'nothing was written');
    // Two rows still fit, the second taking the last id.
    const fits = await s.handlers['tables.import']({ table: 'users', format: 'json', text: rows(2) });
    assert.equal(fits.inserted, 2);
    const ids = (await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 10 })).rows.map((r) => r.id);
    assert.deepEqual(ids, [MAX - 2, MAX - 1, MAX]);
    // Rows that give their own ids still go in; generated rows need automatic ones, and none is left.
    const own = await s.handlers['tables.import']({
      table: 'users',
      format: 'json',
      text: JSON.stringify([{ id: 7, name: 'Own id' }]),
    });
    assert.equal(own.inserted, 1);
    await assert.rejects(
      s.handlers['tables.generate']({ table: 'users', count: 1, seed: 1 }),
      /^DomainError: Row 1: No automatic id is left for User.*Nothing was generated\.$/,
    );
    assert.equal((await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 10 })).total, 4);
  } finally {
    await s.close();
  }
});

test('a seed whose automatic ids would pass 2^53 − 1 is refused, and the config is not applied', async () => {
  await assert.rejects(
    serve(config(`    - { id: ${MAX - 1}, name: Last given }\n    - { name: Last }\n    - { name: One too many }\n`)),
    /No automatic id is left for User/,
  );
});
