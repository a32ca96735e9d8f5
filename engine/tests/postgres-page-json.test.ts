// A PostgreSQL list page is written in Node from one row of column arrays (page-writer.ts), while a
// single record is still written by PostgreSQL's row_to_json. The two must give the same bytes, for
// any value a record can hold: this writes random records through the store and checks that every
// page equals its records fetched one by one, joined.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { validateConfig } from '../src/config/validate.js';
import type { ServiceModel } from '../src/model/service-model.js';
import { parseListQuery } from '../src/list/list-query.js';
import { parseRelations } from '../src/list/list-relations.js';
import { openPostgresStore } from '../src/store/postgres/index.js';
import type { Store, TableStore } from '../src/store/store.js';
import { fuzzRuns } from './fuzz-runs.js';
import { yaml } from './helpers.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';

const skip = POSTGRES_SKIP_REASON;
let server: TestPostgres | undefined;
let store: Store | undefined;

const CONFIG = yaml`
  schemas:
    Person:
      properties:
        id: integer
        name: string
        count: integer
        score: number
        active: boolean
        born: datetime
        extra: json
    Pet:
      properties:
        id: string
        label: string
        personId: { type: integer, references: Person }
  endpoints:
    - resource: Person
    - resource: Pet
`;

before(async () => {
  if (skip) return;
  server = await startPostgres();
  store = await openPostgresStore((server as TestPostgres).url, { schema: 'page_json' });
});
after(async () => {
  await store?.close();
  await server?.stop();
});

function compile(text: string): ServiceModel {
  const { model, problems } = validateConfig(text);
  assert.ok(model, problems.map((p) => p.message).join('\n'));
  return model;
}

/** Text PostgreSQL can hold (no NUL), with the characters its array text quotes or escapes made likely. */
const text = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({
      unit: fc.constantFrom('"', '\\', ',', '{', '}', ' ', '\t', '\n', '\u0001', '\u001f', 'NULL', 'é', '😀', 'a'),
      maxLength: 8,
    }),
    fc.constantFrom('', 'NULL', 'null', ' ', '"', '\\'),
  )
  .map((s) => s.replaceAll('\u0000', ''));

const person = fc.record(
  {
    name: fc.option(text),
    count: fc.option(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 })),
    score: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
    active: fc.option(fc.boolean()),
    born: fc.option(
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    ),
    extra: fc.option(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown)),
  },
  { requiredKeys: [] },
);

test('a page of records is the bytes of its records written one by one, with and without relations', {
  skip,
}, async () => {
  const model = compile(CONFIG);
  const { tables } = await (store as Store).prepare(model, () => {});
  const people = tables.get('Person') as TableStore;
  const pets = tables.get('Pet') as TableStore;
  let checked = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(person, { minLength: 1, maxLength: 12 }),
      fc.array(text, { maxLength: 4 }),
      async (records, labels) => {
        await (store as Store).reset(model);
        const ids: string[] = [];
        for (const record of records) {
          const { json } = await people.create(record, [], 'id');
          ids.push(String((JSON.parse(json) as { id: number }).id));
        }
        for (const [i, label] of labels.entries())
          await pets.create({ label, personId: Number(ids[i % ids.length]) }, []);
        for (const [table, query] of [
          [people, ''],
          [people, '_embed=pets'],
          [people, '_limit=3&_page=2'],
          [pets, '_expand=person'],
        ] as const) {
          const params = new URLSearchParams(query);
          const { body } = await table.list(parseListQuery(table.schema, params, []));
          const listed = JSON.parse(body) as { id: number | string }[];
          const one = await Promise.all(
            listed.map((r) => table.get(['id'], [String(r.id)], parseRelations(table.schema, params))),
          );
          assert.equal(body, `[${one.join(',')}]`, `${table.schema.name}?${query}`);
          checked++;
        }
      },
    ),
    { numRuns: fuzzRuns(40), seed: 21 },
  );
  assert.ok(checked >= 160);
});
