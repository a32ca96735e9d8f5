import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIELD_TYPES, type FieldType, type JsonValue } from '../../shared/src/config-schema.js';
import { fromText, TEXT_FORM, toText } from '../../shared/src/field-text.js';
import { fitsType, isFieldType } from '../../shared/src/field-types.js';
import { planImport } from '../src/data/import.js';
import { Engine } from '../src/engine.js';
import type { SchemaModel } from '../src/model/service-model.js';
import { parseListQuery } from '../src/list/list-query.js';
import { toSqlValue } from '../src/store/sqlite/sql-value.js';
import type { SqliteTableStore as TableStore } from '../src/store/sqlite/table-store.js';
import { listSql } from '../src/store/sqlite/list-sql.js';
import { tempDir, yaml } from './helpers.js';

const REFUSED = Symbol('refused');
type Expected = JsonValue | typeof REFUSED;

const value = (type: FieldType, text: string): Expected => {
  const converted = fromText(type, text);
  return converted.ok ? converted.value : REFUSED;
};

/** What each type accepts, and what it refuses (the rules in shared/src/field-text.ts). */
const CASES: [FieldType, string, Expected][] = [
  ['integer', '30', 30],
  ['integer', ' 30 ', 30],
  ['integer', '+30', 30],
  ['integer', '-7', -7],
  ['integer', '30.0', 30],
  ['integer', '1e3', 1000],
  ['integer', '30.5', REFUSED],
  ['integer', '0x10', REFUSED],
  ['integer', '9007199254740993', REFUSED],
  ['integer', 'thirty', REFUSED],
  ['integer', '3 0', REFUSED],
  ['integer', '\u00a030', REFUSED],
  ['number', '-1.5', -1.5],
  ['number', '.5', 0.5],
  ['number', '5.', 5],
  ['number', '2.5e-3', 0.0025],
  ['number', '1e400', REFUSED],
  ['number', 'Infinity', REFUSED],
  ['number', 'NaN', REFUSED],
  ['number', '0b1', REFUSED],
  ['number', '1,5', REFUSED],
  ['boolean', 'true', true],
  ['boolean', 'TRUE', true],
  ['boolean', ' True ', true],
  ['boolean', '1', true],
  ['boolean', 'false', false],
  ['boolean', 'False', false],
  ['boolean', '0', false],
  ['boolean', 'yes', REFUSED],
  ['boolean', 'no', REFUSED],
  ['boolean', '2', REFUSED],
  ['boolean', 't', REFUSED],
  // Stored in UTC to the millisecond (README, "Datetimes"); a date alone names no instant.
  ['datetime', '2024-05-01T12:00:00Z', '2024-05-01T12:00:00.000Z'],
  ['datetime', '2024-05-01T12:00:00.123+02:00', '2024-05-01T10:00:00.123Z'],
  ['datetime', '2024-05-01', REFUSED],
  ['datetime', ' 2024-02-29 10:00 ', '2024-02-29T10:00:00.000Z'],
  ['datetime', '2023-02-29', REFUSED],
  ['datetime', '2024-13-01', REFUSED],
  ['datetime', '01/05/2024', REFUSED],
  ['datetime', 'yesterday', REFUSED],
  ['json', '[1, 2]', [1, 2]],
  ['json', '{"a": {"b": null}}', { a: { b: null } }],
  ['json', '"text"', 'text'],
  ['json', '42', 42],
  ['json', 'true', true],
  ['json', 'text', REFUSED],
  ['json', '{a: 1}', REFUSED],
  ['json', `${'['.repeat(1001)}${']'.repeat(1001)}`, REFUSED],
  ['string', 'Ada', 'Ada'],
  ['string', ' spaced ', ' spaced '],
  ['string', '30', '30'],
  ['string', 'true', 'true'],
];

test('text converts by the rules of its field type, or is refused', () => {
  for (const [type, text, expected] of CASES) {
    assert.deepEqual(value(type, text), expected, `${type} ${JSON.stringify(text)}`);
  }
});

test('empty or blank text is null for every type but string, which keeps it', () => {
  for (const type of FIELD_TYPES) {
    for (const text of ['', '  ', '\t\r\n']) {
      assert.deepEqual(value(type, text), type === 'string' ? text : null, `${type} ${JSON.stringify(text)}`);
    }
  }
});

test('a refusal names the form the type expects', () => {
  assert.deepEqual(fromText('integer', 'thirty'), { ok: false, expected: 'an integer', message: 'must be an integer' });
  assert.deepEqual(fromText('boolean', 'yes'), {
    ok: false,
    expected: 'true or false',
    message: 'must be true or false',
  });
  assert.match((fromText('datetime', 'yesterday') as { message: string }).message, /^must be an ISO-8601 date-time/);
  const json = fromText('json', '{a: 1}');
  assert.equal(json.ok, false);
  assert.match((json as { message: string }).message, /^must be valid JSON \(.+\)$/);
  const deep = fromText('json', `${'['.repeat(1001)}${']'.repeat(1001)}`);
  assert.equal((deep as { message: string }).message, 'must be valid JSON (nested more than 1000 levels)');
});

test('every converted value fits its type, so the record check never refuses it', () => {
  for (const [type, text, expected] of CASES) {
    const converted = fromText(type, text);
    if (expected !== REFUSED && converted.ok) assert.ok(fitsType(type, converted.value), `${type} ${text}`);
  }
});

test('a value written as text reads back as the same value', () => {
  const values: [FieldType, JsonValue][] = [
    ['integer', 0],
    ['integer', -42],
    ['integer', Number.MAX_SAFE_INTEGER],
    ['number', 0.1],
    ['number', -1.5e-7],
    ['number', 1e21],
    ['number', 1.7976931348623157e308],
    ['boolean', true],
    ['boolean', false],
    ['datetime', '2024-05-01T12:00:00.000Z'],
    ['json', { tags: ['a', 'b'], n: 1 }],
    ['json', 'just text'],
    ['json', [null, true, 2]],
    ['string', 'Ada Lovelace'],
    ['string', ' 30 '],
  ];
  for (const [type, v] of values) {
    assert.deepEqual(fromText(type, toText(type, v)), { ok: true, value: v }, `${type} ${JSON.stringify(v)}`);
  }
  for (const type of FIELD_TYPES) assert.equal(toText(type, null), '');
  assert.equal(toText('json', 'a'), '"a"');
  assert.equal(toText('boolean', true), 'true');
});

test('field type names are recognised, SQLite column types are not', () => {
  for (const type of FIELD_TYPES) assert.ok(isFieldType(type));
  for (const type of ['text', 'real', 'toString', 'constructor', '']) assert.ok(!isFieldType(type), type);
});

// --- the four uses -------------------------------------------------------------------------------

const CONFIG = yaml`
  schemas:
    Thing:
      properties:
        id: integer
        n: number
        i: integer
        s: string
        b: boolean
        d: datetime
        j: json
  endpoints:
    - resource: Thing
`;
const COLUMN: Record<FieldType, string> = {
  number: 'n',
  integer: 'i',
  string: 's',
  boolean: 'b',
  datetime: 'd',
  json: 'j',
};
/** Types a path parameter may name (the config refuses booleans and json in paths). */
const PATH_TYPES = new Set<FieldType>(['number', 'integer', 'string', 'datetime']);

type Outcome = { value: JsonValue } | { refused: string };

const csvCell = (text: string): string => `"${text.replaceAll('"', '""')}"`;

function throwsMessage(run: () => JsonValue): Outcome {
  try {
    return { value: run() };
  } catch (err) {
    return { refused: (err as Error).message };
  }
}

/** The same text through a cell edit, a CSV import, a list filter and a path parameter on a create. */
function fourUses(schema: SchemaModel, store: TableStore, type: FieldType, text: string): Record<string, Outcome> {
  const column = COLUMN[type];
  const field = schema.fieldMap.get(column);
  assert.ok(field);
  const cell = fromText(type, text);
  const plan = planImport(schema, `other,${column}\nx,${csvCell(text)}\n`, 'csv');
  const uses: Record<string, Outcome> = {
    cell: cell.ok ? { value: cell.value } : { refused: cell.message },
    csv: plan.rows[0] ? { value: plan.rows[0].record[column] as JsonValue } : { refused: plan.bad[0]?.reason ?? '' },
    // A filter binds the value as SQLite stores it; turned back here so the four can be compared.
    filter: throwsMessage(() => {
      const bound = listSql(parseListQuery(schema, new URLSearchParams([[column, text]]), [])).values[0];
      return type === 'boolean' ? bound === 1 : type === 'json' ? JSON.parse(String(bound)) : (bound as JsonValue);
    }),
  };
  if (PATH_TYPES.has(type)) {
    uses.path = throwsMessage(() => JSON.parse(store.create({}, [{ column, value: text }]).json)[column]);
  }
  // The bound filter value is what the store would write for the cell's value.
  if (cell.ok && 'value' in (uses.filter as Outcome)) {
    const bound = listSql(parseListQuery(schema, new URLSearchParams([[column, text]]), [])).values[0];
    assert.deepEqual(bound, toSqlValue(field, cell.value));
  }
  return uses;
}

/** Runs with the Thing schema applied to a fresh engine (not listening). */
async function withThings(run: (schema: SchemaModel, store: TableStore) => void): Promise<void> {
  const { dir, cleanup } = tempDir();
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, CONFIG);
  const engine = new Engine({ configPath, port: 0, host: '127.0.0.1' });
  try {
    assert.ok((await engine.apply(CONFIG)).ok);
    const schema = engine.model?.schemas.get('Thing');
    const store = engine.tableStore('Thing');
    assert.ok(schema && store);
    run(schema, store as TableStore);
  } finally {
    await engine.stop();
    cleanup();
  }
}

test('the same text gives the same value in a cell edit, a CSV import, a list filter and a path', () =>
  withThings((schema, store) => {
    for (const [type, text, expected] of CASES) {
      const uses = fourUses(schema, store, type, text);
      for (const [use, outcome] of Object.entries(uses)) {
        const at = `${type} ${JSON.stringify(text)} as a ${use}`;
        if (expected === REFUSED) {
          assert.ok('refused' in outcome, `${at} was accepted`);
          assert.ok(outcome.refused.includes(`must be ${TEXT_FORM[type]}`), `${at}: ${outcome.refused}`);
        } else {
          assert.deepEqual(outcome, { value: expected }, at);
        }
      }
    }
  }));

test('refusals in each use name the field or parameter, the expected form and the text', () =>
  withThings((schema, store) => {
    assert.deepEqual(fourUses(schema, store, 'integer', 'thirty'), {
      cell: { refused: 'must be an integer' },
      csv: { refused: 'Field \'i\' must be an integer, not the text "thirty".' },
      filter: { refused: "Query parameter 'i' must be an integer, not 'thirty'." },
      path: { refused: "Path parameter 'i' must be an integer, not 'thirty'." },
    });
    assert.deepEqual(fourUses(schema, store, 'boolean', 'yes'), {
      cell: { refused: 'must be true or false' },
      csv: { refused: 'Field \'b\' must be true or false, not the text "yes".' },
      filter: { refused: "Query parameter 'b' must be true or false, not 'yes'." },
    });
  }));

test('empty text: null in a cell edit and an import (text fields too, in CSV), refused as a filter', () =>
  withThings((schema, store) => {
    for (const type of FIELD_TYPES) {
      const uses = fourUses(schema, store, type, '');
      assert.deepEqual(uses.cell, { value: type === 'string' ? '' : null }, type);
      // CSV cannot tell null from empty text, and an export writes null as an empty cell.
      assert.deepEqual(uses.csv, { value: null }, type);
      // `= NULL` matches nothing: an empty filter on a non-text field is an error, not an empty list.
      assert.deepEqual(
        uses.filter,
        type === 'string'
          ? { value: '' }
          : { refused: `Query parameter '${COLUMN[type]}' must be ${TEXT_FORM[type]}, not ''.` },
        type,
      );
    }
  }));
