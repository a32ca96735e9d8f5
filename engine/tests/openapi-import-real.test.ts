/**
 * Imports shaped like real public descriptions (fixtures in fixtures/openapi/): what is carried
 * over is counted, and what the server makes is not demanded from clients.
 */
import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { importOpenApi } from '../src/openapi/import.js';
import { serve } from './helpers.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../engine/tests/fixtures/openapi');

// biome-ignore lint/suspicious/noExplicitAny: a config read back as plain YAML
type Config = Record<string, any>;

test('a create does not require fields the server makes: readOnly ones, and those its request body leaves out', async () => {
  const result = await importOpenApi(resolve(FIXTURES, 'stripe-like.yaml'), 'stripe-like.yaml');
  // customer, key, credit_note; creates of customers, keys and credit notes, a customer and a credit
  // note by id, the credit note list; static: the void action and the discount DELETE.
  assert.deepEqual(result.summary, { schemas: 3, schemaEndpoints: 6, staticEndpoints: 2 });
  const config = parse(result.text) as Config;
  const customer = config.schemas.Customer.properties;
  // Sent on create (the form body has it): still required.
  assert.equal(customer.email.required, true);
  // In every answer, never sent: the form body leaves them out, or they are readOnly.
  for (const field of ['object', 'created', 'livemode']) assert.notEqual(customer[field]?.required, true, field);
  const key = config.schemas.Key.properties;
  assert.equal(key.url, 'string', 'readOnly url is not required');
  assert.equal(key.title.required, true, 'the JSON request body is the schema itself, title included');
  assert.ok(
    result.skipped.some((s) => /'created' of Customer is required in answers but not sent on create/.test(s.reason)),
    'the change is reported',
  );
});

test('an action under an item path is a static answer, not a create, and a static DELETE says it deletes nothing', async () => {
  const result = await importOpenApi(resolve(FIXTURES, 'stripe-like.yaml'), 'stripe-like.yaml');
  const config = parse(result.text) as Config;
  const endpoint = (method: string, path: string): Config =>
    config.endpoints.find((e: Config) => e.method === method && e.path === path);
  const voided = endpoint('POST', '/v1/credit_notes/:id/void');
  assert.equal(voided.response.schema, undefined, 'not a create of CreditNote');
  assert.equal(typeof voided.response.inline, 'object', 'a static answer: a credit note sample');
  assert.equal(endpoint('POST', '/v1/credit_notes').response.schema, 'CreditNote', 'the collection POST is a create');
  const discount = endpoint('DELETE', '/v1/customers/:customer/discount');
  assert.deepEqual(discount.response.inline, { object: 'discount', deleted: true });
  const reasons = result.skipped.map((s) => `${s.pointer} ${s.reason}`);
  assert.ok(
    reasons.includes(
      '#/paths/~1v1~1credit_notes~1{id}~1void/post POST /v1/credit_notes/:id/void is an action on an item (no GET lists this path): a static answer, not a create',
    ),
    reasons.join('\n'),
  );
  assert.ok(
    reasons.includes(
      '#/paths/~1v1~1customers~1{customer}~1discount/delete DELETE /v1/customers/:customer/discount answers statically: no record is deleted',
    ),
    reasons.join('\n'),
  );
});

test('$ref keys inside example data are kept as data, never downloaded (GitHub-like SCIM examples)', async () => {
  const result = await importOpenApi(resolve(FIXTURES, 'github-like.yaml'), 'github-like.yaml');
  assert.deepEqual(result.summary, { schemas: 3, schemaEndpoints: 5, staticEndpoints: 1 });
  const config = parse(result.text) as Config;
  assert.deepEqual(config.seed.Group[0].members, [
    { value: '1', $ref: 'http://127.0.0.1:9/scim/v2/Users/1', display: 'Ada' },
  ]);
  const meta = config.endpoints.find((e: Config) => e.path === '/meta');
  assert.deepEqual(meta.response.inline, { links: [{ $ref: 'http://127.0.0.1:9/meta.json' }] });
  // Response headers are not carried over, and each one is listed.
  assert.deepEqual(
    result.skipped.filter((s) => s.reason.startsWith('response header')).map((s) => s.pointer),
    ['#/paths/~1meta/get/responses/200/headers/X-RateLimit-Limit', '#/paths/~1meta/get/responses/200/headers/Link'],
  );
});

test("an item path's parameter names its key field where it can, and a guess is said", async () => {
  const result = await importOpenApi(resolve(FIXTURES, 'github-like.yaml'), 'github-like.yaml');
  const config = parse(result.text) as Config;
  const app = config.endpoints.find((e: Config) => e.path === '/apps/:app_slug');
  assert.equal(app.key, 'slug', '`app_slug` → the `slug` field');
  const org = config.endpoints.find((e: Config) => e.path === '/orgs/:org');
  assert.equal(org.key, 'login', '`org` names no field; the schema has `login` and no `org`');
  assert.ok(
    result.skipped.some(
      (s) =>
        s.pointer.includes('orgs') && /'\{org\}' names no field of .*: looked up by 'login' \(a guess/.test(s.reason),
    ),
    'the id guess for {org} is listed',
  );
});

test('Twilio-like `{Sid}.json` segments are carried as static answers whose path keeps the suffix, and each is said', async () => {
  const result = await importOpenApi(resolve(FIXTURES, 'twilio-like.yaml'), 'twilio-like.yaml');
  // Seven operations: the account list and create are schema-backed; the four under `{Sid}.json`
  // are static; the one whose segment holds two parameters is not carried.
  assert.deepEqual(result.summary, { schemas: 2, schemaEndpoints: 2, staticEndpoints: 4 });
  const suffixed = result.skipped.filter((s) =>
    s.reason.startsWith("path segment '{Sid}.json': a parameter with a literal suffix, a static answer"),
  );
  assert.equal(suffixed.length, 4);
  const mixed = result.skipped.filter((s) => s.reason.endsWith('mixes text and a parameter'));
  assert.deepEqual(
    mixed.map((s) => s.pointer),
    ['#/paths/~12010-04-01~1Accounts~1{AccountSid}~1Calls~1{CallSid}-{Sid}.json/get'],
  );
  const s = await serve(result.text);
  try {
    const account = await s.call('/2010-04-01/Accounts/AC123.json');
    assert.equal(account.status, 200);
    assert.equal(((await account.json()) as Config).status, 'active');
    assert.equal((await s.call('/2010-04-01/Accounts/AC123/Calls/CA9.json')).status, 200);
    // The suffix is part of the route: another one is no such path.
    assert.equal((await s.call('/2010-04-01/Accounts/AC123.xml')).status, 404);
    assert.match(result.text, /path: \/2010-04-01\/Accounts\/:Sid\.json/);
    assert.equal((await s.call('/2010-04-01/Accounts.json')).status, 200);
  } finally {
    await s.close();
  }
});
