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

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../engine/tests/fixtures/openapi');

// biome-ignore lint/suspicious/noExplicitAny: a config read back as plain YAML
type Config = Record<string, any>;

test('a create does not require fields the server makes: readOnly ones, and those its request body leaves out', async () => {
  const result = await importOpenApi(resolve(FIXTURES, 'stripe-like.yaml'), 'stripe-like.yaml');
  assert.deepEqual(result.summary, { schemas: 2, schemaEndpoints: 3, staticEndpoints: 0 });
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
  assert.equal(org.key, 'id');
  assert.ok(
    result.skipped.some((s) => s.pointer.includes('orgs') && /'\{org\}' names no field of .*a guess/.test(s.reason)),
    'the id guess for {org} is listed',
  );
});
