import assert from 'node:assert/strict';
import { test } from 'node:test';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    Product:
      properties:
        id: integer
        name: { type: string, required: true }
        code: { type: integer, unique: true }
  endpoints:
    - resource: Product
  seed:
    Product:
      - { name: A, code: 7 }
      - { name: B, code: 8 }
      - { name: C, code: 10 }
`;

test('Generate gives a unique integer field values past those the table holds, whatever the seed', async () => {
  const { handlers, close } = await openSession(CONFIG, {}, 'mockyard-generate-unique-');
  try {
    let expected = 11;
    for (const seed of [1, 2, 99]) {
      const preview = await handlers['tables.generatePreview']({ table: 'products', count: 5, seed });
      assert.deepEqual(
        preview.rows.map((r) => r.code),
        [expected, expected + 1, expected + 2, expected + 3, expected + 4],
        `the preview for seed ${seed}`,
      );
      assert.deepEqual(await handlers['tables.generate']({ table: 'products', count: 5, seed }), { inserted: 5 });
      expected += 5;
    }
    const { rows } = await handlers['tables.query']({ table: 'products', offset: 0, limit: 100 });
    const codes = rows.map((r) => r.code as number);
    assert.equal(new Set(codes).size, codes.length, 'no code twice');
    assert.equal(rows.length, 18);
  } finally {
    await close();
  }
});

test('Generate never writes a unique text the table already holds: a taken one gets -2, -3…, and the preview shows it first', async () => {
  const { handlers, close } = await openSession(
    yaml`
      schemas:
        Tag:
          properties:
            id: integer
            label: { type: string, required: true, unique: true }
      endpoints:
        - resource: Tag
      seed:
        Tag:
          - { label: first }
    `,
    {},
    'mockyard-generate-unique-',
  );
  try {
    // A unique text gets its row number appended: with one row there the next is "<word> 2"; with
    // three (the two below, added by hand) it is "<word> 4", and both "<word> 4" and "<word> 4-2" are taken.
    const [next] = (await handlers['tables.generatePreview']({ table: 'tags', count: 1, seed: 1 })).rows;
    const word = String(next?.label).replace(/ 2$/, '');
    for (const label of [`${word} 4`, `${word} 4-2`])
      await handlers['tables.insert']({ table: 'tags', row: { label } });
    const [shown] = (await handlers['tables.generatePreview']({ table: 'tags', count: 1, seed: 1 })).rows;
    assert.equal(shown?.label, `${word} 4-3`);
    for (const seed of [1, 2, 99])
      assert.deepEqual(await handlers['tables.generate']({ table: 'tags', count: 5, seed }), { inserted: 5 });
    const { rows } = await handlers['tables.query']({ table: 'tags', offset: 0, limit: 100 });
    const labels = rows.map((r) => r.label as string);
    assert.equal(labels.length, 18);
    assert.equal(new Set(labels).size, labels.length, 'no label twice');
    assert.equal(labels[3], `${word} 4-3`, 'the first generated row is what the preview showed');
  } finally {
    await close();
  }
});

test('a generate refused by the database says nothing was generated, not imported', async () => {
  const { handlers, close } = await openSession(
    yaml`
      schemas:
        Slot:
          properties:
            id: integer
            at: { type: datetime, required: true, unique: true }
      endpoints:
        - resource: Slot
      seed:
        Slot:
          - { at: "2020-01-01T00:00:00Z" }
    `,
    {},
    'mockyard-generate-unique-',
  );
  try {
    // A unique datetime is made as any other (the same seed gives the same instant): taken first, by hand.
    const [next] = (await handlers['tables.generatePreview']({ table: 'slots', count: 1, seed: 1 })).rows;
    await handlers['tables.insert']({ table: 'slots', row: { at: next?.at } });
    await assert.rejects(handlers['tables.generate']({ table: 'slots', count: 1, seed: 1 }), (err: Error) => {
      assert.match(err.message, /^Row 1: .*already exists.* Nothing was generated\.$/);
      return true;
    });
  } finally {
    await close();
  }
});
