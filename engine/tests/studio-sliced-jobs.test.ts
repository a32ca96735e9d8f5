/**
 * Big imports and generates run in slices of the event loop's time (time-slice.ts): while one runs,
 * timers, other studio calls and the mock's requests are answered, and its write stays one
 * all-or-nothing transaction that no other write lands inside. No speed is asserted here: the
 * longest block is measured by `npm run bench`.
 */
import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { planImport, planImportSliced } from '../src/data/import.js';
import { TimeSlicer } from '../src/time-slice.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    Person:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
        active: boolean
        bio: string
  endpoints:
    - resource: Person
  seed:
    Person:
      - { name: Seed One, email: one@example.com, age: 30 }
`;

const ROWS = 10_000;

function people(count: number, email = (i: number) => `p${i}@example.com`) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Person ${i + 1}`,
    email: email(i + 1),
    age: i % 90,
    active: i % 2 === 0,
    bio: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit',
  }));
}

const asCsv = (rows: ReturnType<typeof people>): string =>
  ['name,email,age,active,bio', ...rows.map((r) => `${r.name},${r.email},${r.age},${r.active},"${r.bio}"`)].join('\n');

/** Whether a promise has settled yet, without waiting for it, and how (for a failure's message). */
function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean; outcome: () => string } {
  let outcome = 'pending';
  const done = promise.then(
    (value) => {
      outcome = `resolved with ${JSON.stringify(value)}`;
      return value;
    },
    (err: unknown) => {
      outcome = `rejected with ${(err as Error)?.message ?? String(err)}`;
      throw err;
    },
  );
  return { promise: done, settled: () => outcome !== 'pending', outcome: () => outcome };
}

async function open() {
  const s = await openSession(CONFIG, {}, 'mockyard-sliced-');
  const mock = (path: string, init?: RequestInit) => fetch(`${s.session.status().url}${path}`, init);
  const count = async () => (await s.handlers['tables.query']({ table: 'people', offset: 0, limit: 1 })).total;
  return { ...s, mock, count };
}

for (const format of ['csv', 'json'] as const) {
  test(`while a ${ROWS}-row ${format} import runs, a timer, a studio call and the mock are answered before it ends`, async () => {
    const s = await open();
    try {
      const rows = people(ROWS);
      const text = format === 'csv' ? asCsv(rows) : JSON.stringify(rows);
      const job = tracked(s.handlers['tables.import']({ table: 'people', format, text }));
      await sleep(1);
      assert.equal(job.settled(), false, 'a 1 ms timer fired while the import ran');
      const tables = await s.handlers['tables.list']({});
      assert.equal(job.settled(), false, 'tables.list answered while the import ran');
      assert.equal(tables.find((t) => t.table === 'people')?.rows, 1, 'nothing is written before the end');
      const res = await s.mock('/people/1');
      assert.equal(res.status, 200);
      assert.equal(job.settled(), false, 'the mock answered a GET while the import ran');
      assert.deepEqual(await job.promise, { inserted: ROWS, skipped: [] });
      assert.equal(await s.count(), ROWS + 1);
    } finally {
      await s.close();
    }
  });
}

test('a POST to the mock during an import is kept, whether the import then commits or rolls back', async () => {
  const s = await open();
  try {
    const post = (email: string) =>
      s.mock('/people', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Posted', email }),
      });

    // Commits: the POST answered mid-import is there, beside every imported row.
    const ok = tracked(s.handlers['tables.import']({ table: 'people', format: 'csv', text: asCsv(people(ROWS)) }));
    assert.equal((await post('posted-1@example.com')).status, 201);
    assert.equal(ok.settled(), false, 'the POST was answered while the import ran');
    assert.equal((await ok.promise).inserted, ROWS);
    assert.equal(await s.count(), ROWS + 2);

    // Rolls back: the file's last row clashes with a row POSTed while it was read. The POST
    // stays; none of the file goes in.
    const clash = 'late@example.com';
    const rows = people(ROWS, (i) => (i === ROWS ? clash : `q${i}@example.com`));
    const failing = tracked(
      s.handlers['tables.import']({ table: 'people', format: 'json', text: JSON.stringify(rows) }),
    );
    assert.equal((await post(clash)).status, 201);
    assert.equal(failing.settled(), false, 'the POST was answered while the import ran');
    await assert.rejects(failing.promise, {
      kind: 'conflict',
      message: `Row ${ROWS}: A Person with email "${clash}" already exists. Nothing was imported.`,
    });
    assert.equal(await s.count(), ROWS + 3);
    const found = await s.mock(`/people?email=${encodeURIComponent(clash)}`);
    assert.deepEqual(
      ((await found.json()) as { name: string }[]).map((p) => p.name),
      ['Posted'],
    );
  } finally {
    await s.close();
  }
});

test('a write that fails in a late row of a big import leaves the table as it was', async () => {
  const s = await open();
  try {
    const db = sqliteOf(s.session.engine.store);
    assert.ok(db);
    // A failure that is not a unique clash, raised by SQLite itself at row 9,000 of the write.
    db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON people WHEN NEW.email = 'p9000@example.com'
             BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END`);
    await assert.rejects(
      s.handlers['tables.import']({ table: 'people', format: 'csv', text: asCsv(people(ROWS)) }),
      // Line 9,001 of the file: the header is line 1.
      { kind: 'failed', message: 'Row 9001: refused by a trigger Nothing was imported.' },
    );
    assert.equal(await s.count(), 1);
    await assert.rejects(
      s.handlers['tables.generate']({ table: 'people', count: 2, seed: 1 }).then(async () => {
        db.exec('DROP TRIGGER refuse');
        return s.handlers['tables.restore']({
          table: 'people',
          rows: [{ name: 'A', email: 'a@example.com' }, { name: 'B' }, { email: 'no name' }],
        });
      }),
      { kind: 'invalid', message: "Row 3: Field 'name' is required. Nothing was restored." },
    );
    assert.equal(await s.count(), 3, 'the generated rows went in, none of the restored ones');
  } finally {
    await s.close();
  }
});

test('a generate lets the mock answer meanwhile, and a preview run beside it gets the rows it gets alone', async () => {
  const s = await open();
  try {
    const alone = await s.handlers['tables.generatePreview']({ table: 'people', count: 5, seed: 9 });
    const job = tracked(s.handlers['tables.generate']({ table: 'people', count: ROWS, seed: 3 }));
    const res = await s.mock('/people/1');
    assert.equal(res.status, 200);
    assert.equal(job.settled(), false, 'the mock answered while the rows were being made');
    const beside = await s.handlers['tables.generatePreview']({ table: 'people', count: 5, seed: 9 });
    assert.equal(job.settled(), false, 'the preview ran while the rows were being made');
    assert.deepEqual(beside, alone);
    assert.deepEqual(await job.promise, { inserted: ROWS });
    assert.equal(await s.count(), ROWS + 1);
  } finally {
    await s.close();
  }
});

test('a config applied while an import is read makes it start again against the new table', async () => {
  const s = await open();
  try {
    // The apply must end before the import does. In two CI runs here the import had already settled
    // when the apply returned, 170 ms into the test. A first apply also loads what later ones reuse:
    // one apply first, and an import three times as long, so that the apply ends well inside it.
    assert.equal((await s.session.saveFromApp(`${s.session.text}\n# first\n`)).applied, true);
    const rows = 3 * ROWS;
    const job = tracked(s.handlers['tables.import']({ table: 'people', format: 'csv', text: asCsv(people(rows)) }));
    await sleep(1);
    const applied = await s.session.saveFromApp(`${s.session.text}\n# edited\n`);
    assert.equal(applied.applied, true);
    assert.equal(job.settled(), false, `the import had already ${job.outcome()}`);
    assert.equal((await job.promise).inserted, rows);
    assert.equal(await s.count(), rows + 1);
  } finally {
    await s.close();
  }
});

test('a CSV read in slices gives what it gives read whole, characters across chunk ends included', async () => {
  const s = await open();
  try {
    const schema = s.session.engine.model?.schemas.get('Person');
    assert.ok(schema);
    // Names of emoji (two UTF-16 units each) and accents, so that chunk ends fall inside some of
    // them; a quoted bio with a line break; a malformed row and a bad value.
    const lines = ['name,email,age,bio'];
    for (let i = 1; i <= 3000; i++) lines.push(`${'😀é'.repeat(i % 7)}${i},e${i}@x.io,${i % 90},"line one\nline ${i}"`);
    lines.splice(1500, 0, 'broken,"unclosed,1', 'Bad age,bad@x.io,old,');
    const text = lines.join('\r\n');
    const whole = planImport(schema, text, 'csv');
    const sliced = await planImportSliced(schema, text, 'csv', undefined, new TimeSlicer(0));
    assert.deepEqual(sliced, whole);
    assert.ok(whole.bad.length >= 1 && whole.rows.length >= 2990);
  } finally {
    await s.close();
  }
});
