import type { Faker } from '@faker-js/faker';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import { runSliced, type Steps, TimeSlicer } from '../time-slice.js';
import { type Maker, ruleFor } from './fake-rules.js';

const REFERENCE_DATE = new Date('2025-01-01T00:00:00Z');

function byType(field: FieldModel): Maker {
  switch (field.type) {
    case 'integer':
      return (f) => f.number.int({ min: 1, max: 1000 });
    case 'number':
      return (f) => f.number.float({ min: 0, max: 1000, fractionDigits: 2 });
    case 'boolean':
      return (f) => f.datatype.boolean();
    case 'datetime':
      return (f) => f.date.past({ years: 2 }).toISOString();
    case 'json':
      return (f) => ({ tags: [f.word.noun(), f.word.adjective()], score: f.number.int({ min: 0, max: 100 }) });
    case 'string':
      return (f) => f.lorem.words({ min: 1, max: 3 });
  }
}

/** A rule's value as the declared type takes it, or undefined when it does not fit (`title: integer`). */
function fitted(field: FieldModel, value: unknown): unknown {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
    case 'number':
      return typeof value === 'number' ? value : undefined;
    case 'integer':
      // A rating of 4.5 in an integer field is a rating of 5, not a random number up to 1000.
      return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'json':
      return value;
  }
}

/** Realistic values by the field's name in its schema (fake-rules.ts), else by type. */
function makerFor(schema: SchemaModel, field: FieldModel): Maker {
  const named = ruleFor(schema.name, field.name);
  const typed = byType(field);
  if (!named) return typed;
  return (f, i) => fitted(field, named(f, i)) ?? typed(f, i);
}

/** A reference picks one of the existing values (a unique one takes them in turn); none: left empty. */
function pickerFor(field: FieldModel, pool: readonly unknown[]): Maker {
  if (pool.length === 0) return () => null;
  if (field.unique) return (_f, i) => pool[(i - 1) % pool.length];
  return (f) => f.helpers.arrayElement(pool);
}

/**
 * `count` rows of fake but plausible data for a schema; the same `seed` gives the same rows.
 * Auto ids are left for the database; unique text fields get the row number appended; unique
 * integers count on from the row number or from `floors` (the largest value the table holds,
 * unique-floors.ts), whichever is larger; reference fields pick among `pools` (the referenced
 * records that exist, reference-pools.ts).
 * Made in slices of the slicer's time, so a big generate does not hold up the event loop.
 */
export async function generateRows(
  schema: SchemaModel,
  count: number,
  seed: number,
  startIndex = 0,
  slicer = new TimeSlicer(),
  pools?: ReadonlyMap<string, readonly unknown[]>,
  floors?: ReadonlyMap<string, number>,
): Promise<Record<string, unknown>[]> {
  // English only, loaded on first use: the full package (every locale) costs ~40 MB and 100 ms.
  const { faker: shared } = await import('@faker-js/faker/locale/en');
  // A Faker of its own per call (the module's one instance with the same definitions): the rows
  // are made in slices, and another generate or preview in between must not reseed this one.
  // The class is reached through the instance because importing it by name loads every locale.
  const FakerClass = shared.constructor as typeof Faker;
  const faker = new FakerClass({ locale: shared.rawDefinitions });
  faker.seed(seed);
  // Dates count from a fixed day, so the same seed gives the same rows on any day.
  faker.setDefaultRefDate(REFERENCE_DATE);
  return runSliced(fakeRows(schema, faker, count, startIndex, pools, floors), slicer);
}

function* fakeRows(
  schema: SchemaModel,
  faker: Faker,
  count: number,
  startIndex: number,
  pools: ReadonlyMap<string, readonly unknown[]> | undefined,
  floors: ReadonlyMap<string, number> | undefined,
): Steps<Record<string, unknown>[]> {
  const fields = schema.fields.filter((f) => f.autoId === undefined);
  const makers = fields.map((field) => {
    const pool = pools?.get(field.name);
    return pool ? pickerFor(field, pool) : makerFor(schema, field);
  });
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    yield;
    const index = startIndex + i + 1;
    const row: Record<string, unknown> = {};
    fields.forEach((field, j) => {
      let value = (makers[j] as Maker)(faker, index);
      if (pools?.has(field.name)) {
        row[field.name] = value;
        return;
      }
      if (field.unique && typeof value === 'string' && !value.includes(String(index))) value = `${value} ${index}`;
      if (field.unique && typeof value === 'number' && field.type === 'integer')
        value = Math.max(startIndex, floors?.get(field.name) ?? 0) + i + 1;
      row[field.name] = value;
    });
    rows.push(row);
  }
  return rows;
}
