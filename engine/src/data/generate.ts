import type { Faker } from '@faker-js/faker';
import type { FieldModel, SchemaModel } from '../model/service-model.js';

type Maker = (faker: Faker, index: number) => unknown;

const REFERENCE_DATE = new Date('2025-01-01T00:00:00Z');

/** Realistic values by field name first (`email`, `name`, `createdAt`…), then by type. */
const BY_NAME: [RegExp, Maker][] = [
  [/e-?mail/i, (f, i) => `${f.internet.username().toLowerCase()}.${i}@${f.internet.domainName()}`],
  [/^(full_?)?name$|^author$|^owner$/i, (f) => f.person.fullName()],
  [/^first_?name$/i, (f) => f.person.firstName()],
  [/^last_?name$|^surname$/i, (f) => f.person.lastName()],
  [/user_?name|login|handle/i, (f, i) => `${f.internet.username()}${i}`],
  [/slug/i, (f, i) => `${f.lorem.slug(3)}-${i}`],
  [/title|subject|headline/i, (f) => f.lorem.sentence({ min: 3, max: 7 }).replace(/\.$/, '')],
  [/body|content|description|text|bio|summary|comment/i, (f) => f.lorem.paragraph()],
  [/phone|mobile/i, (f) => f.phone.number()],
  [/city/i, (f) => f.location.city()],
  [/country/i, (f) => f.location.country()],
  [/street|address/i, (f) => f.location.streetAddress()],
  [/zip|postcode|postal/i, (f) => f.location.zipCode()],
  [/url|website|link/i, (f) => f.internet.url()],
  [/avatar|image|photo|picture/i, (f) => f.image.url()],
  [/company|organi[sz]ation/i, (f) => f.company.name()],
  [/colou?r/i, (f) => f.color.human()],
  [/price|amount|cost|total/i, (f) => Number(f.commerce.price({ min: 1, max: 500 }))],
  [/^age$/i, (f) => f.number.int({ min: 18, max: 90 })],
  [/(^|_)(at|on|date)$|At$|On$|date|time/i, (f) => f.date.past({ years: 2 }).toISOString()],
];

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

function makerFor(field: FieldModel): Maker {
  const named = BY_NAME.find(([pattern]) => pattern.test(field.name))?.[1];
  if (!named) return byType(field);
  // A name-based maker must still give the declared type (e.g. `title: integer`).
  return (f, i) => {
    const value = named(f, i);
    const fits =
      field.type === 'string'
        ? typeof value === 'string'
        : field.type === 'datetime'
          ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
          : field.type === 'number'
            ? typeof value === 'number'
            : field.type === 'integer'
              ? Number.isInteger(value)
              : field.type === 'json';
    return fits ? value : byType(field)(f, i);
  };
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
  // Dates count back from a fixed day, so the same seed gives the same rows on any day.
  faker.setDefaultRefDate(REFERENCE_DATE);
  const fields = schema.fields.filter((f) => f.autoId === undefined);
  const makers = fields.map(makerFor);
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
