import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { FIXTURES, runToEnd, serveConfig } from './openapi-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document read back in a test.
type Doc = any;

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples');
const dir = mkdtempSync(join(tmpdir(), 'mockyard-export-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Config {
  schemas: unknown;
  endpoints: { method: string; path: string }[];
}

const sorted = (endpoints: Config['endpoints']) =>
  [...endpoints].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));

for (const fixture of ['petstore.yaml', 'petstore-expanded.yaml', 'petstore-simple.json', 'store.yaml']) {
  test(`round trip of ${fixture}: import → export (valid OpenAPI 3.1) → import gives the same schemas and endpoints`, async () => {
    const first = join(dir, `${fixture}.1.yaml`);
    const exported = join(dir, `${fixture}.openapi.yaml`);
    const second = join(dir, `${fixture}.2.yaml`);
    assert.equal((await runToEnd(['import', join(FIXTURES, fixture), '-o', first])).code, 0);
    const out = await runToEnd(['export', first, '-o', exported]);
    assert.equal(out.code, 0, out.stderr);
    const api = (await SwaggerParser.validate(exported)) as unknown as { openapi: string };
    assert.equal(api.openapi, '3.1.0');
    const again = await runToEnd(['import', exported, '-o', second]);
    assert.equal(again.code, 0, again.stderr);
    const a = parse(readFileSync(first, 'utf8')) as Config;
    const b = parse(readFileSync(second, 'utf8')) as Config;
    assert.deepEqual(b.schemas, a.schemas);
    assert.deepEqual(sorted(b.endpoints), sorted(a.endpoints));
  });
}

test('the export of every example config passes the parser’s validation, and says what the mock answers', async () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml'));
  assert.ok(files.length > 0);
  for (const file of files) {
    const { code, stdout, stderr } = await runToEnd(['export', join(EXAMPLES, file)]);
    if (code === 1 && /is not valid/.test(stderr)) continue; // an example that needs something else (a PostgreSQL URL…)
    assert.equal(code, 0, `${file}: ${stderr}`);
    const doc = parse(stdout) as Doc;
    await SwaggerParser.validate(structuredClone(doc) as never);
    assert.equal(doc.openapi, '3.1.0');
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Doc>>))
      for (const [method, op] of Object.entries(item)) {
        assert.ok(
          Object.keys(op.responses).some((s) => /^[1-5]\d\d$/.test(s)),
          `${file} ${method} ${path}`,
        );
        if (op['x-mockyard']?.operation === 'list') {
          const names = (op.parameters as { name: string }[]).map((p) => p.name);
          for (const n of ['_page', '_limit', '_sort', '_order', 'q'])
            assert.ok(names.includes(n), `${path} lists ${n}`);
          assert.ok(op.responses['400']);
        }
        if (op['x-mockyard']?.operation === 'create') {
          for (const s of ['400', '409', '413', '415']) assert.ok(op.responses[s], `${method} ${path} answers ${s}`);
        }
      }
    assert.deepEqual(doc.components.schemas.Error ?? doc.components.schemas.MockyardError, {
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'string' } },
      description: 'Every error answer of the mock.',
      'x-mockyard-error': true,
    });
  }
});

test('export notes required and unique fields, writes JSON for -o *.json, and refuses an invalid config', async () => {
  const config = join(dir, 'users.yaml');
  writeFileSync(
    config,
    `schemas:
  User:
    description: People
    properties:
      id: integer
      name: { type: string, required: true, description: Full name }
      email: { type: string, unique: true }
      born: datetime
      extra: json
endpoints:
  - resource: User
  - path: /users/:userId/avatar
    method: GET
    response: { inline: { url: /a.png } }
`,
  );
  const out = join(dir, 'users.json');
  assert.equal((await runToEnd(['export', config, '-o', out])).code, 0);
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  const user = doc.components.schemas.User;
  assert.deepEqual(user.required, ['name']);
  assert.equal(user.description, 'People');
  assert.equal(user.properties.email['x-mockyard-unique'], true);
  // Optional fields may be null (they have no value); a required one may not (README, "Optional fields").
  assert.deepEqual(user.properties.born, { type: ['string', 'null'], format: 'date-time' });
  assert.deepEqual(user.properties.extra, {});
  assert.deepEqual(user.properties.name.type, 'string');
  assert.equal(user.additionalProperties, false);
  assert.equal(user.properties.id.readOnly, undefined, 'a create may give its own id');
  assert.equal(user.properties.name.description, 'Full name');
  const item = doc.paths['/users/{id}'];
  assert.deepEqual(Object.keys(item).sort(), ['delete', 'get', 'head', 'options', 'patch', 'post', 'put']);
  // POST on an item path is the server's 405, and OPTIONS its 204: declared, marked as not endpoints.
  assert.deepEqual(Object.keys(item.post.responses), ['405']);
  assert.equal(item.post['x-mockyard-not-allowed'], true);
  assert.equal(
    doc.paths['/users/{userId}/avatar'].get.responses['200'].content['application/json'].example.url,
    '/a.png',
  );
  await SwaggerParser.validate(doc);

  writeFileSync(join(dir, 'bad.yaml'), 'endpoints:\n  - path: /x\n    method: GET\n    response: { schema: Nope }\n');
  const bad = await runToEnd(['export', join(dir, 'bad.yaml')]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /Nope/);
  assert.equal(bad.stdout, '');
});

test('GET /__mockyard/openapi.json serves the description with server.openapi: true, without a token', async () => {
  const config = join(dir, 'served.yaml');
  writeFileSync(
    config,
    'schemas:\n  Pet:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: Pet\nserver:\n  openapi: true\n',
  );
  const { url, run } = await serveConfig(config);
  try {
    const res = await fetch(`${url}/__mockyard/openapi.json`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /json/);
    const doc = (await res.json()) as Doc;
    assert.equal(doc.info.title, 'served');
    await SwaggerParser.validate(doc);
    assert.ok(doc.paths['/pets'].get);
    assert.equal((await fetch(`${url}/__mockyard/openapi.json`, { method: 'POST' })).status, 405);
  } finally {
    await run.stop();
  }
  writeFileSync(config, 'endpoints:\n  - path: /a\n    method: GET\n    response: { inline: 1 }\n');
  const off = await serveConfig(config);
  try {
    assert.equal((await fetch(`${off.url}/__mockyard/openapi.json`)).status, 404);
  } finally {
    await off.run.stop();
  }
  const admin = await serveConfig(config, ['--admin']);
  try {
    const res = await fetch(`${admin.url}/__mockyard/openapi.json`);
    assert.equal(res.status, 200, 'the admin API offers it too, without a token');
    assert.ok(((await res.json()) as Doc).paths['/a'].get);
  } finally {
    await admin.run.stop();
  }
});
