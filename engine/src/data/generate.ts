import type { FieldModel, SchemaModel } from '../model/service-model.js';
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

/**
 * `count` rows of fake but plausible data for a schema; the same `seed` gives the same rows.
 * Auto ids are left for the database; unique text fields get the row number appended.
 */
export async function generateRows(
  schema: SchemaModel,
  count: number,
  seed: number,
  startIndex = 0,
): Promise<Record<string, unknown>[]> {
  // English only, loaded on first use: the full package (every locale) costs ~40 MB and 100 ms.
  // The module's one instance is seeded afresh each call; nothing awaits between here and the end.
  const { faker } = await import('@faker-js/faker/locale/en');
  faker.seed(seed);
  // Dates count from a fixed day, so the same seed gives the same rows on any day.
  faker.setDefaultRefDate(REFERENCE_DATE);
  const fields = schema.fields.filter((f) => f.autoId === undefined);
  const makers = fields.map((field) => makerFor(schema, field));
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const index = startIndex + i + 1;
    const row: Record<string, unknown> = {};
    fields.forEach((field, j) => {
      let value = (makers[j] as Maker)(faker, index);
      if (field.unique && typeof value === 'string' && !value.includes(String(index))) value = `${value} ${index}`;
      if (field.unique && typeof value === 'number' && field.type === 'integer') value = index;
      row[field.name] = value;
    });
    rows.push(row);
  }
  return rows;
}
