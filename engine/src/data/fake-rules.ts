/**
 * Which fake value fits a field, read from the field's name AND its schema's name: `name` means a
 * product name in Product, a company name in Company, a person's name in User. One table, first
 * match wins, so the schema-specific rules come before the general ones. A rule whose value does
 * not fit the field's declared type is skipped by the generator (e.g. `title: integer`).
 */
import type { Faker } from '@faker-js/faker';

export type Maker = (faker: Faker, index: number) => unknown;

export interface FakeRule {
  /** The field's name (case-insensitive patterns). */
  field: RegExp;
  /** The schema's name; absent: any schema. */
  schema?: RegExp;
  make: Maker;
}

const PEOPLE =
  /user|person|people|author|customer|client|employee|member|contact|student|teacher|owner|admin|profile|patient|driver|staff|player|artist|writer|reviewer|guest|subscriber|speaker|candidate/i;
const PRODUCTS = /product|item|article|merch|good|sku|listing|offer|catalog|inventory|dish|menu/i;
const COMPANIES =
  /company|companies|organi[sz]ation|vendor|supplier|brand|manufacturer|business|firm|partner|shop|store/i;
const PLACES = /city|cities|town|location|place|venue|office|branch|warehouse/i;
const ORDERS = /order|purchase|payment|invoice|shipment|delivery|transaction|cart/i;
const POSTS = /post|blog|news|story|stories|entry|entries|page|note/i;
const BOOKS = /book|novel|movie|film|album|song|track|show|episode|game/i;
const JOBS = /job|position|role|vacanc|opening/i;
const TASKS = /task|todo|issue|ticket|bug/i;
const EVENTS = /event|meeting|conference|appointment|booking|reservation/i;
const CATEGORIES = /categor|department|section|genre|tag|label/i;
const COUNTRIES = /country|countries|nation/i;

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const headline = (f: Faker): string => f.lorem.sentence({ min: 3, max: 7 }).replace(/\.$/, '');
const price = (f: Faker): number => Number(f.commerce.price({ min: 1, max: 500 }));
const past = (f: Faker): string => f.date.past({ years: 2 }).toISOString();
const future = (f: Faker): string => f.date.soon({ days: 90 }).toISOString();

export const FAKE_RULES: readonly FakeRule[] = [
  // The name of a thing depends on what the thing is.
  { schema: PRODUCTS, field: /^(product_?)?name$|^title$|^label$/i, make: (f) => f.commerce.productName() },
  { schema: COMPANIES, field: /^(company_?)?name$|^title$/i, make: (f) => f.company.name() },
  { schema: PLACES, field: /^(city_?)?name$/i, make: (f) => f.location.city() },
  { schema: COUNTRIES, field: /^(country_?)?name$/i, make: (f) => f.location.country() },
  { schema: CATEGORIES, field: /^name$|^title$|^label$/i, make: (f) => f.commerce.department() },
  { schema: BOOKS, field: /^name$|^title$/i, make: (f) => f.book.title() },
  { schema: JOBS, field: /^name$|^title$/i, make: (f) => f.person.jobTitle() },
  {
    schema: EVENTS,
    field: /^name$|^title$/i,
    make: (f) => `${capital(f.word.adjective())} ${f.company.buzzNoun()} Summit`,
  },
  { schema: TASKS, field: /^name$|^title$|^summary$/i, make: (f) => capital(f.hacker.phrase()).replace(/[.!]$/, '') },
  { schema: PEOPLE, field: /^(full_?|display_?)?name$/i, make: (f) => f.person.fullName() },
  { schema: POSTS, field: /^title$|^headline$|^subject$/i, make: headline },
  { schema: PRODUCTS, field: /description|details|summary/i, make: (f) => f.commerce.productDescription() },
  {
    schema: ORDERS,
    field: /^status$|^state$/i,
    make: (f) => f.helpers.arrayElement(['pending', 'paid', 'shipped', 'delivered', 'cancelled']),
  },
  { schema: TASKS, field: /^status$|^state$/i, make: (f) => f.helpers.arrayElement(['todo', 'in progress', 'done']) },
  {
    schema: POSTS,
    field: /^status$|^state$/i,
    make: (f) => f.helpers.arrayElement(['draft', 'published', 'archived']),
  },
  { schema: ORDERS, field: /^(order_?)?number$|^reference$|^ref$/i, make: (_f, i) => `ORD-${String(10000 + i)}` },

  // Fields whose name says what they hold, whatever the schema.
  { field: /e-?mail/i, make: (f, i) => `${f.internet.username().toLowerCase()}.${i}@${f.internet.domainName()}` },
  { field: /^first_?name$|^given_?name$/i, make: (f) => f.person.firstName() },
  { field: /^last_?name$|^surname$|^family_?name$/i, make: (f) => f.person.lastName() },
  { field: /^full_?name$|^author$|^owner$|^assignee$|^customer$|^contact$/i, make: (f) => f.person.fullName() },
  // The name of a thing no rule above knows (a Project, a Team): a name, not a person's.
  { field: /^(display_?)?name$/i, make: (f) => `${capital(f.word.adjective())} ${capital(f.word.noun())}` },
  { field: /user_?name|login|handle|nickname/i, make: (f, i) => `${f.internet.username()}${i}` },
  { field: /^product_?name$|^product$/i, make: (f) => f.commerce.productName() },
  {
    field: /^sku$|_sku$|^sku_/i, // The row number in it keeps a unique SKU unique without a suffix tacked on.
    make: (f, i) => `SKU-${f.string.alphanumeric({ length: 4, casing: 'upper' })}-${String(i).padStart(4, '0')}`,
  },
  { field: /barcode|^ean$|^upc$|gtin/i, make: (f) => f.commerce.isbn({ variant: 13, separator: '' }) },
  { field: /isbn/i, make: (f) => f.commerce.isbn() },
  { field: /slug/i, make: (f, i) => `${f.lorem.slug(3)}-${i}` },
  { field: /job_?title|^position$|^role$/i, make: (f) => f.person.jobTitle() },
  { field: /title|subject|headline/i, make: headline },
  { field: /description|summary|bio|about/i, make: (f) => f.lorem.sentences({ min: 1, max: 2 }) },
  { field: /body|content|text|comment|message|notes?$/i, make: (f) => f.lorem.paragraph() },
  { field: /phone|mobile|fax|^tel$/i, make: (f) => f.phone.number({ style: 'national' }) },
  { field: /city|town/i, make: (f) => f.location.city() },
  { field: /country_?code/i, make: (f) => f.location.countryCode() },
  { field: /country/i, make: (f) => f.location.country() },
  { field: /^state$|province|region|county/i, make: (f) => f.location.state() },
  { field: /street|address/i, make: (f) => f.location.streetAddress() },
  { field: /zip|postcode|postal/i, make: (f) => f.location.zipCode() },
  { field: /^lat(itude)?$/i, make: (f) => f.location.latitude() },
  { field: /^(lng|lon|long|longitude)$/i, make: (f) => f.location.longitude() },
  { field: /avatar|image|photo|picture|thumbnail|logo/i, make: (f) => f.image.url() },
  { field: /url|website|link|homepage/i, make: (f) => f.internet.url() },
  { field: /company|organi[sz]ation|employer|vendor|supplier|brand/i, make: (f) => f.company.name() },
  { field: /categor|department/i, make: (f) => f.commerce.department() },
  { field: /currency/i, make: (f) => f.finance.currencyCode() },
  { field: /colou?r/i, make: (f) => f.color.human() },
  { field: /price|amount|cost|total|subtotal|balance|salary|fee/i, make: price },
  { field: /discount|percent|ratio/i, make: (f) => f.number.int({ min: 0, max: 50 }) },
  { field: /quantity|^qty$|stock|inventory|in_?stock|count$/i, make: (f) => f.number.int({ min: 0, max: 500 }) },
  { field: /rating|stars|score/i, make: (f) => f.number.float({ min: 1, max: 5, fractionDigits: 1 }) },
  { field: /weight/i, make: (f) => f.number.float({ min: 0.1, max: 25, fractionDigits: 2 }) },
  { field: /^status$/i, make: (f) => f.helpers.arrayElement(['active', 'inactive', 'pending']) },
  { field: /^age$/i, make: (f) => f.number.int({ min: 18, max: 90 }) },
  { field: /gender|sex/i, make: (f) => f.person.sex() },
  { field: /^(iban|account_?number)$/i, make: (f) => f.finance.iban() },
  { field: /ip_?(address)?$/i, make: (f) => f.internet.ipv4() },
  { field: /uuid|guid|token/i, make: (f) => f.string.uuid() },
  { field: /birth|dob/i, make: (f) => f.date.birthdate({ mode: 'age', min: 18, max: 90 }).toISOString() },
  { field: /^(due|starts?|ends?|expires?|scheduled)(_?(at|on|date))?$/i, make: future },
  { field: /(^|_)(at|on|date)$|At$|On$|date|time/i, make: past },
];

/** The first rule that fits the field's name in this schema. */
export function ruleFor(schema: string, field: string): Maker | undefined {
  return FAKE_RULES.find((r) => r.field.test(field) && (r.schema === undefined || r.schema.test(schema)))?.make;
}
