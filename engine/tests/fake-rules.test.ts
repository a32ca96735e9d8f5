import assert from 'node:assert/strict';
import { test } from 'node:test';
import { faker } from '@faker-js/faker/locale/en';
import { ruleFor } from '../src/data/fake-rules.js';
import { generateRows } from '../src/data/generate.js';
import type { SchemaModel } from '../src/model/service-model.js';
import { serve, yaml } from './helpers.js';

const CONFIG = yaml`
  schemas:
    Product:
      properties:
        id: integer
        name: { type: string, required: true }
        sku: { type: string, unique: true }
        price: number
        stock: integer
        rating: integer
        description: string
    User:
      properties:
        id: integer
        name: string
        email: { type: string, unique: true }
        phone: string
        city: string
        country: string
        website: string
        company: string
        createdAt: datetime
    Order:
      properties:
        id: integer
        status: string
        quantity: integer
        total: number
    Project:
      properties:
        id: integer
        name: string
        status: string
        title: integer
  endpoints:
    - resource: Product
    - resource: User
    - resource: Order
    - resource: Project
`;

/** Words that make up a product name: `Ergonomic Steel Chair` ends in a product word. */
const PRODUCT_WORDS = new Set(faker.definitions.commerce?.product_name?.product ?? []);
const FIRST_NAMES = new Set(Object.values(faker.definitions.person?.first_name ?? {}).flat());

test('the rules read the schema as well as the field: name means a product in Product, a person in User', () => {
  const one = (schema: string, field: string) => ruleFor(schema, field)?.(faker, 1);
  faker.seed(3);
  assert.ok(PRODUCT_WORDS.has(String(one('Product', 'name')).split(' ').at(-1) ?? ''));
  assert.ok(FIRST_NAMES.has(String(one('User', 'name')).split(' ')[0] ?? ''));
  assert.ok(FIRST_NAMES.has(String(one('Customer', 'fullName')).split(' ')[0] ?? ''));
  assert.notEqual(ruleFor('Company', 'name'), ruleFor('User', 'name'));
  assert.notEqual(ruleFor('Project', 'name'), ruleFor('User', 'name'));
  assert.equal(ruleFor('Thing', 'nonsense_field'), undefined);
});

test('generated rows fit their schema: product names, prices, SKUs, cities, statuses, dates', async () => {
  const s = await serve(CONFIG);
  try {
    const schema = (name: string): SchemaModel => {
      const found = s.engine.model?.schemas.get(name);
      assert.ok(found, name);
      return found;
    };
    const products = await generateRows(schema('Product'), 50, 7);
    for (const p of products) {
      const words = String(p.name).split(' ');
      assert.ok(PRODUCT_WORDS.has(words.at(-1) ?? ''), `${p.name} is a product name`);
      assert.ok(!FIRST_NAMES.has(words[0] ?? ''), `${p.name} is not a person's name`);
      assert.match(String(p.sku), /^SKU-[A-Z0-9]{4}-\d{4}$/);
      assert.ok(typeof p.price === 'number' && p.price >= 1 && p.price <= 500, `price ${p.price}`);
      assert.ok(Number.isInteger(p.stock) && (p.stock as number) >= 0 && (p.stock as number) <= 500);
      assert.ok(Number.isInteger(p.rating) && (p.rating as number) >= 1 && (p.rating as number) <= 5);
      assert.ok(String(p.description).length > 20);
    }
    assert.equal(new Set(products.map((p) => p.sku)).size, 50, 'unique SKUs');

    for (const u of await generateRows(schema('User'), 20, 7)) {
      assert.ok(FIRST_NAMES.has(String(u.name).split(' ')[0] ?? '') || /\./.test(String(u.name)), String(u.name));
      assert.match(String(u.email), /^[^@\s]+@[^@\s]+\.[a-z]+$/);
      assert.match(String(u.phone), /\d{3}/);
      assert.match(String(u.website), /^https?:\/\//);
      for (const key of ['city', 'country', 'company']) assert.ok(String(u[key]).length > 1, key);
      assert.ok(!Number.isNaN(Date.parse(String(u.createdAt))));
    }

    for (const o of await generateRows(schema('Order'), 20, 7)) {
      assert.ok(['pending', 'paid', 'shipped', 'delivered', 'cancelled'].includes(String(o.status)), String(o.status));
      assert.ok(Number.isInteger(o.quantity));
      assert.equal(typeof o.total, 'number');
    }

    for (const p of await generateRows(schema('Project'), 10, 7)) {
      assert.match(String(p.name), /^[A-Z]\S* [A-Z]\S*$/, 'a name, not a person');
      assert.ok(['active', 'inactive', 'pending'].includes(String(p.status)));
      // `title: integer`: the headline rule does not fit the type, so the type decides.
      assert.ok(Number.isInteger(p.title));
    }
  } finally {
    await s.close();
  }
});
