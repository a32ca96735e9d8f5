import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { FIXTURES, runToEnd, serveConfig } from './openapi-helpers.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

const dir = mkdtempSync(join(tmpdir(), 'mockyard-import-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A value for a schema, as a client would send it: its example, else one made from its type. */
function sample(schema: unknown, depth = 0): unknown {
  if (!isObj(schema) || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.allOf)) {
    const out: Obj = {};
    for (const part of schema.allOf) Object.assign(out, sample(part, depth + 1));
    return out;
  }
  if (Array.isArray(schema.oneOf)) return sample(schema.oneOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || isObj(schema.properties)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries((schema.properties as Obj) ?? {})) out[k] = sample(v, depth + 1);
    return out;
  }
  if (type === 'array') return [sample(schema.items, depth + 1)];
  if (type === 'integer') return 1;
  if (type === 'number') return 2.5;
  if (type === 'boolean') return true;
  if (type === 'string') return schema.format === 'date-time' ? '2024-05-01T12:00:00Z' : 'text';
  return null;
}

interface Operation {
  method: string;
  path: string;
  declared: string[];
  body: unknown;
}

/** Every operation a description declares, with a request a client would send (deletes last). */
async function operationsOf(file: string): Promise<Operation[]> {
  const api = (await SwaggerParser.dereference(file)) as unknown as Obj;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(api.paths as Obj)) {
    if (!isObj(item)) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!isObj(op)) continue;
      const parameters = [...((item.parameters as Obj[]) ?? []), ...((op.parameters as Obj[]) ?? [])];
      const concrete = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const p = parameters.find((x) => x.name === name && x.in === 'path');
        const example = p && isObj(p.schema) ? p.schema.example : undefined;
        return String(example ?? 1);
      });
      let bodySchema: unknown;
      if (isObj(op.requestBody))
        bodySchema = (op.requestBody.content as Record<string, Obj>)['application/json']?.schema;
      const bodyParam = parameters.find((p) => p.in === 'body');
      if (bodyParam) bodySchema = bodyParam.schema;
      const body = bodySchema === undefined ? undefined : sample(bodySchema);
      // A client creating a record leaves its key to the server (the sample row holds id 1).
      if (method === 'post' && isObj(body)) delete body.id;
      ops.push({ method: method.toUpperCase(), path: concrete, declared: Object.keys(op.responses as Obj), body });
    }
  }
  return ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

const FIXTURE_SUMMARIES: Record<string, RegExp> = {
  'petstore.yaml': /2 schemas, 3 schema-backed endpoints, 0 static endpoints/,
  'petstore-expanded.yaml': /3 schemas, 4 schema-backed endpoints, 0 static endpoints/,
  'petstore-simple.json': /3 schemas, 4 schema-backed endpoints, 1 static endpoint\n/,
  'store.yaml': /4 schemas, 10 schema-backed endpoints, 2 static endpoints/,
};

for (const [fixture, summary] of Object.entries(FIXTURE_SUMMARIES)) {
  test(`import ${fixture}: imports, validates, serves and answers every declared operation with a declared status`, async () => {
    const out = join(dir, `${fixture}.mockyard.yaml`);
    const imported = await runToEnd(['import', join(FIXTURES, fixture), '-o', out]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, summary);
    const validated = await runToEnd(['validate', out]);
    assert.equal(validated.code, 0, validated.stderr + validated.stdout);
    assert.equal(validated.stderr, '', 'no warnings either');
    const { url, run } = await serveConfig(out);
    try {
      for (const op of await operationsOf(join(FIXTURES, fixture))) {
        const res = await fetch(url + op.path, {
          method: op.method,
          headers: op.body === undefined ? {} : { 'content-type': 'application/json' },
          body: op.body === undefined ? undefined : JSON.stringify(op.body),
        });
        const text = await res.text();
        const numeric = op.declared.filter((c) => /^\d{3}$/.test(c));
        const success = numeric.filter((c) => c.startsWith('2'));
        assert.ok(
          success.includes(String(res.status)) || (success.length === 0 && op.declared.includes('default')),
          `${op.method} ${op.path} answered ${res.status} (declared ${op.declared.join(', ')}): ${text}`,
        );
      }
    } finally {
      await run.stop();
    }
  });
}

test('import reports renames and what it did not carry over, by JSON pointer', async () => {
  const out = join(dir, 'store-report.yaml');
  const { code, stdout } = await runToEnd(['import', join(FIXTURES, 'store.yaml'), '-o', out]);
  assert.equal(code, 0);
  assert.match(stdout, /#\/components\/schemas\/order_details: order_details → OrderDetail/);
  assert.match(stdout, /#\/components\/securitySchemes\/apiKey: security scheme/);
  assert.match(stdout, /#\/paths\/~1stores~1\{storeId\}~1orders\/post\/callbacks\/orderShipped: callback/);
  assert.match(stdout, /#\/components\/schemas\/Payment\/properties\/method\/oneOf: oneOf/);
  assert.match(stdout, /#\/paths\/~1reports~1\{year\}\/get\/responses\/200\/content\/text~1csv: non-JSON media type/);
  const text = readFileSync(out, 'utf8');
  // Cross-file $refs were followed, allOf merged, {orderId} became :orderId keyed on id.
  assert.match(text, /OrderDetail:\n {4}properties:\n {6}createdAt: datetime/);
  assert.match(
    text,
    /path: \/stores\/:storeId\/orders\/:orderId\n {4}method: GET\n {4}response:\n {6}schema: OrderDetail\n {4}key: id/,
  );
  const swagger = await runToEnd(['import', join(FIXTURES, 'petstore-simple.json'), '-o', join(dir, 'simple.yaml')]);
  assert.match(swagger.stdout, /#\/definitions\/newPet: newPet → NewPet/);
});

test('import never overwrites a file without --force', async () => {
  const out = join(dir, 'kept.yaml');
  writeFileSync(out, 'mine\n');
  const refused = await runToEnd(['import', join(FIXTURES, 'petstore.yaml'), '-o', out]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /kept\.yaml exists; use --force/);
  assert.equal(readFileSync(out, 'utf8'), 'mine\n');
  const forced = await runToEnd(['import', join(FIXTURES, 'petstore.yaml'), '-o', out, '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(readFileSync(out, 'utf8'), /schema: Pet/);
});

test('import of bad input: one clear error line, exit 1, nothing written', async (t) => {
  const work = mkdtempSync(join(dir, 'bad-'));
  writeFileSync(join(work, 'not-openapi.yaml'), 'hello: world\nitems: [1, 2]\n');
  writeFileSync(
    join(work, 'broken-ref.yaml'),
    `openapi: 3.0.3
info: { title: Broken, version: '1' }
paths:
  /things:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: './missing.yaml#/Thing'
`,
  );
  // One static answer whose example alone is past the 5 MiB config limit.
  const example = Array.from({ length: 60_000 }, (_, i) => `${i} ${'x'.repeat(90)}`);
  writeFileSync(
    join(work, 'huge-example.json'),
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Huge', version: '1' },
      paths: {
        '/all': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { example } } } } } },
      },
    }),
  );
  // A port that was open a moment ago and is closed now: the URL does not answer.
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  const cases: [string, RegExp][] = [
    ['not-openapi.yaml', /not an OpenAPI or Swagger description|not a valid OpenAPI/],
    ['broken-ref.yaml', /missing\.yaml/],
    ['huge-example.json', /would be \d+\.\d MiB even without descriptions and seed records, over the 5\.0 MiB limit/],
    ['absent.yaml', /cannot read|ENOENT|no such file/i],
    [`http://127.0.0.1:${port}/openapi.yaml`, /cannot read|ECONNREFUSED|Error downloading/i],
  ];
  for (const [input, expected] of cases) {
    await t.test(input, async () => {
      const before = readdirSync(work).sort();
      const { code, stdout, stderr } = await runToEnd(['import', input, '-o', join(work, 'out.yaml')], work);
      assert.equal(code, 1, stderr);
      assert.equal(stderr.trimEnd().split('\n').length, 1, `one line: ${stderr}`);
      assert.match(stderr, /^mockyard: cannot import /);
      assert.match(stderr, expected);
      assert.equal(stdout, '');
      assert.deepEqual(readdirSync(work).sort(), before);
      assert.equal(existsSync(join(work, 'out.yaml')), false);
    });
  }
});

test('import from a URL follows $refs across files on the same server', async () => {
  const server = createServer((req, res) => {
    const file = join(FIXTURES, decodeURIComponent((req.url ?? '/').split('?')[0] as string));
    if (!file.startsWith(FIXTURES) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/yaml' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as { port: number };
    const out = join(dir, 'from-url.yaml');
    const { code, stdout, stderr } = await runToEnd(['import', `http://127.0.0.1:${port}/store.yaml`, '-o', out]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /4 schemas, 10 schema-backed endpoints, 2 static endpoints/);
    const missing = await runToEnd(['import', `http://127.0.0.1:${port}/nothing.yaml`, '-o', join(dir, 'x.yaml')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /HTTP 404/);
  } finally {
    server.close();
  }
});
