import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { StudioHandlers } from '../../shared/src/studio-contract.js';
import { generateRows } from '../src/data/generate.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import { StudioSession } from '../src/studio/session.js';
import { tempDir, yaml } from './helpers.js';

const CONFIG = yaml`
  schemas:
    Person:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
        active: boolean
        createdAt: datetime
        tags: json
  endpoints:
    - resource: Person
  seed:
    Person:
      - { name: Seed One, email: one@example.com, age: 30 }
      - { name: Seed Two, email: two@example.com, age: 40 }
`;

async function open(
  config = CONFIG,
): Promise<{ session: StudioSession; api: StudioHandlers; configPath: string; close(): Promise<void> }> {
  const { dir, cleanup } = tempDir();
  const configPath = join(dir, 'people.yaml');
  writeFileSync(configPath, config);
  const session = new StudioSession({ configPath, port: 0, watch: false });
  await session.open();
  return {
    session,
    api: createStudioHandlers(session),
    configPath,
    close: async () => {
      await session.close();
      cleanup();
    },
  };
}

const names = (rows: Record<string, unknown>[]) => rows.map((r) => r.name);

test('rows are read a page at a time, sorted and filtered with the list endpoint syntax', async () => {
  const { api, close } = await open();
  try {
    await api['tables.generate']({ table: 'people', count: 500, seed: 7 });
    const page = await api['tables.query']({ table: 'people', offset: 100, limit: 50 });
    assert.equal(page.total, 502);
    assert.equal(page.rows.length, 50);
    assert.equal(page.rows[0]?.id, 101);
    const sorted = await api['tables.query']({
      table: 'people',
      offset: 0,
      limit: 3,
      sort: { field: 'age', descending: true },
    });
    const ages = sorted.rows.map((r) => r.age as number);
    assert.deepEqual(
      ages,
      [...ages].sort((a, b) => b - a),
    );
    const filtered = await api['tables.query']({
      table: 'people',
      filter: 'name_like=seed&age_gte=35',
      offset: 0,
      limit: 10,
    });
    assert.deepEqual(names(filtered.rows), ['Seed Two']);
    await assert.rejects(
      api['tables.query']({ table: 'people', filter: 'age=old', offset: 0, limit: 10 }),
      /Query parameter 'age' must be an integer, not 'old'/,
    );
  } finally {
    await close();
  }
});

test('a typed edit is written, and a value of the wrong type is refused with the reason and nothing written', async () => {
  const { api, session, close } = await open();
  try {
    const row = await api['tables.update']({
      table: 'people',
      key: 1,
      changes: { age: 31, active: true, tags: ['a'] },
    });
    assert.deepEqual({ age: row.age, active: row.active, tags: row.tags }, { age: 31, active: true, tags: ['a'] });
    await assert.rejects(
      api['tables.update']({ table: 'people', key: 1, changes: { age: 'thirty' } }),
      /Field 'age' must be an integer, not the text "thirty"/,
    );
    await assert.rejects(
      api['tables.update']({ table: 'people', key: 1, changes: { email: 'two@example.com' } }),
      /A Person with email "two@example.com" already exists/,
    );
    const url = session.status().url as string;
    assert.deepEqual(await (await fetch(`${url}/people/1`)).json(), {
      id: 1,
      name: 'Seed One',
      email: 'one@example.com',
      age: 31,
      active: true,
      createdAt: null,
      tags: ['a'],
    });
  } finally {
    await close();
  }
});

test('deleted rows can be restored exactly, ids included', async () => {
  const { api, close } = await open();
  try {
    const deleted = await api['tables.delete']({ table: 'people', keys: [1, 2] });
    assert.equal(deleted.deleted, 2);
    assert.equal((await api['tables.query']({ table: 'people', offset: 0, limit: 10 })).total, 0);
    await api['tables.restore']({ table: 'people', rows: deleted.rows });
    const back = await api['tables.query']({ table: 'people', offset: 0, limit: 10 });
    assert.deepEqual(back.rows, deleted.rows);
  } finally {
    await close();
  }
});

test('generated rows are realistic by field name, typed, and the same for the same seed', async () => {
  const { session, close } = await open();
  try {
    const schema = session.engine.model?.schemas.get('Person');
    assert.ok(schema);
    const a = await generateRows(schema, 20, 42);
    assert.deepEqual(a, await generateRows(schema, 20, 42));
    assert.notDeepEqual(a, await generateRows(schema, 20, 43));
    for (const row of a) {
      assert.match(String(row.email), /^[^@\s]+@[^@\s]+\.[a-z]+$/);
      assert.ok(!Number.isNaN(Date.parse(String(row.createdAt))));
      assert.equal(typeof row.active, 'boolean');
      assert.ok(Number.isInteger(row.age));
      assert.equal(row.id, undefined);
    }
    assert.equal(new Set(a.map((r) => r.email)).size, 20);
  } finally {
    await close();
  }
});

test('a CSV import lists bad rows with reasons, imports the good ones and skips the bad', async () => {
  const { api, close } = await open();
  try {
    const csv =
      'name,email,age,active\nAda,ada@x.io,36,true\nBob,bob@x.io,forty,false\nCy,cy@x.io,22,yes,extra\n,noname@x.io,5,false\nDee,ada@x.io,30,false\nEve,eve@x.io,,\n';
    const preview = await api['tables.importPreview']({ table: 'people', format: 'csv', text: csv });
    assert.equal(preview.good, 2);
    assert.deepEqual(
      preview.bad.map((b) => [b.row, b.reason]),
      [
        [3, 'Field \'age\' must be an integer, not the text "forty".'],
        [4, 'Malformed CSV: Invalid Record Length: columns length is 4, got 5 on line 4'],
        [5, "Field 'name' is required."],
        [6, "Field 'email' repeats the value of row 2; it must be unique."],
      ],
    );
    assert.deepEqual(preview.sample[0], { name: 'Ada', email: 'ada@x.io', age: 36, active: true });
    const result = await api['tables.import']({ table: 'people', format: 'csv', text: csv });
    assert.equal(result.inserted, 2);
    assert.equal(result.skipped.length, 4);
    assert.equal((await api['tables.query']({ table: 'people', offset: 0, limit: 10 })).total, 4);
  } finally {
    await close();
  }
});

test('an import that fails while writing rolls back whole: nothing half-imported', async () => {
  const { api, close } = await open();
  try {
    const json = JSON.stringify([
      { name: 'New A', email: 'a@x.io' },
      { name: 'New B', email: 'b@x.io' },
      { name: 'Clash', email: 'one@example.com' },
    ]);
    const preview = await api['tables.importPreview']({ table: 'people', format: 'json', text: json });
    assert.equal(preview.good, 3, 'the clash with an existing row is only found at insert');
    await assert.rejects(
      api['tables.import']({ table: 'people', format: 'json', text: json }),
      /Row 3: A Person with email "one@example.com" already exists\. Nothing was imported\./,
    );
    assert.deepEqual(names((await api['tables.query']({ table: 'people', offset: 0, limit: 10 })).rows), [
      'Seed One',
      'Seed Two',
    ]);
  } finally {
    await close();
  }
});

test('a column mapping renames source columns and leaves others out', async () => {
  const { api, close } = await open();
  try {
    const csv = 'Full Name,Mail,Ignored\nAda,ada@x.io,zzz\n';
    const preview = await api['tables.importPreview']({
      table: 'people',
      format: 'csv',
      text: csv,
      mapping: { 'Full Name': 'name', Mail: 'email', Ignored: null },
    });
    assert.deepEqual(preview.sample, [{ name: 'Ada', email: 'ada@x.io' }]);
    await assert.rejects(
      api['tables.importPreview']({ table: 'people', format: 'csv', text: csv, mapping: { 'Full Name': 'nope' } }),
      /not a field of Person/,
    );
  } finally {
    await close();
  }
});

test('export then import gives the same rows, as JSON and as CSV', async () => {
  for (const format of ['json', 'csv'] as const) {
    const source = await open();
    const target = await open(CONFIG.replace(/seed:[\s\S]*$/, ''));
    try {
      await source.api['tables.generate']({ table: 'people', count: 50, seed: 3 });
      const before = (await source.api['tables.query']({ table: 'people', offset: 0, limit: 1000 })).rows;
      const file = await source.api['tables.export']({ table: 'people', format });
      assert.equal(file.filename, `people.${format}`);
      const result = await target.api['tables.import']({ table: 'people', format, text: file.text });
      assert.equal(result.inserted, 52);
      assert.deepEqual(result.skipped, []);
      const after = (await target.api['tables.query']({ table: 'people', offset: 0, limit: 1000 })).rows;
      assert.deepEqual(after, before);
    } finally {
      await source.close();
      await target.close();
    }
  }
});

test('save as seed writes the rows into the config, keeping its comments, and reset puts them back', async () => {
  const { api, configPath, close } = await open(`# people for the demo\n${CONFIG}`);
  try {
    await api['tables.update']({ table: 'people', key: 2, changes: { name: 'Demo Two' } });
    await api['tables.insert']({ table: 'people', row: { name: 'Demo Three', tags: { vip: true } } });
    assert.deepEqual(await api['tables.saveSeed']({ table: 'people' }), { rows: 3 });
    const text = readFileSync(configPath, 'utf8');
    assert.match(text, /^# people for the demo/);
    assert.match(text, /Demo Three/);
    await api['tables.delete']({ table: 'people', keys: [1, 2, 3] });
    await api['tables.generate']({ table: 'people', count: 5, seed: 1 });
    assert.deepEqual(await api['tables.resetToSeed']({ table: 'people' }), { rows: 3 });
    const rows = (await api['tables.query']({ table: 'people', offset: 0, limit: 10 })).rows;
    assert.deepEqual(names(rows), ['Seed One', 'Demo Two', 'Demo Three']);
    assert.deepEqual(rows[2]?.tags, { vip: true });
  } finally {
    await close();
  }
});

test('a file over the import limit is refused before parsing, and bad JSON is a clear error', async () => {
  const { api, close } = await open();
  try {
    const huge = `name\n${'x'.repeat(21 * 1024 * 1024)}`;
    await assert.rejects(
      api['tables.importPreview']({ table: 'people', format: 'csv', text: huge }),
      /imports are limited to 20 MB/,
    );
    await assert.rejects(
      api['tables.importPreview']({ table: 'people', format: 'json', text: '{"name":' }),
      /not valid JSON/,
    );
    await assert.rejects(
      api['tables.importPreview']({ table: 'people', format: 'json', text: '{"name":"x"}' }),
      /must be an array of objects/,
    );
    assert.equal((await api['tables.query']({ table: 'people', offset: 0, limit: 10 })).total, 2);
  } finally {
    await close();
  }
});
