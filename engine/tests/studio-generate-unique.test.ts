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

test('a generate refused by the database says nothing was generated, not imported', async () => {
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
    // A unique text gets its row number appended: the row generate will make next is "<word> 3" once
    // a second row is there, so that value is taken first.
    const [next] = (await handlers['tables.generatePreview']({ table: 'tags', count: 1, seed: 1 })).rows;
    const word = String(next?.label).replace(/ 2$/, '');
    await handlers['tables.insert']({ table: 'tags', row: { label: `${word} 3` } });
    await assert.rejects(handlers['tables.generate']({ table: 'tags', count: 1, seed: 1 }), (err: Error) => {
      assert.match(err.message, /^Row 1: .*already exists.* Nothing was generated\.$/);
      return true;
    });
  } finally {
    await close();
  }
});
