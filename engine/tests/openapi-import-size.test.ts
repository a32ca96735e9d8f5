/**
 * A description whose config would pass the 5 MiB config limit: what it only documents (field and
 * schema descriptions, then seed records made from examples) is left out, and said so, until the
 * config fits; when even that is not enough the import is refused with an error saying why.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parse } from 'yaml';
import { MAX_CONFIG_BYTES } from '../src/config/source.js';
import { validateConfig } from '../src/config/validate.js';
import { importOpenApi } from '../src/openapi/import.js';

const dir = mkdtempSync(join(tmpdir(), 'mockyard-import-size-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** 60 schemas of 30 properties, each with a 4 KB description: about 7 MB of words, and a list and a create per schema. */
function wordyDescription(): object {
  const words = 'Described at length, as large public descriptions do. '.repeat(75);
  const schemas: Record<string, object> = {};
  const paths: Record<string, object> = {};
  for (let s = 0; s < 60; s++) {
    const properties: Record<string, object> = { id: { type: 'integer' } };
    for (let p = 0; p < 30; p++) properties[`field${p}`] = { type: 'string', description: `${p}: ${words}` };
    const name = `Thing${s}`;
    schemas[name] = { type: 'object', description: words, properties };
    const ref = { $ref: `#/components/schemas/${name}` };
    paths[`/things${s}`] = {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: ref } } } },
        },
      },
      post: {
        requestBody: { content: { 'application/json': { schema: ref } } },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: ref } } } },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Wordy', version: '1' }, paths, components: { schemas } };
}

test('a description whose words would make a config past 5 MiB imports without them, and says so', async () => {
  const file = join(dir, 'wordy.json');
  const text = JSON.stringify(wordyDescription());
  writeFileSync(file, text);
  assert.ok(Buffer.byteLength(text) > MAX_CONFIG_BYTES, 'the description alone is past the limit');
  const result = await importOpenApi(file, 'wordy.json');
  assert.ok(Buffer.byteLength(result.text) <= MAX_CONFIG_BYTES, 'the config fits');
  assert.equal(result.summary.schemas, 60);
  assert.equal(result.summary.schemaEndpoints, 120);
  const reasons = result.skipped.map((s) => s.reason);
  assert.ok(
    reasons.some((r) =>
      /^field descriptions: not carried over, the config would be \d+\.\d MiB, over the 5\.0 MiB limit$/.test(r),
    ),
    reasons.join('\n'),
  );
  const config = parse(result.text) as { schemas: Record<string, { description?: string; properties: object }> };
  assert.equal(config.schemas.Thing0?.description?.startsWith('Described'), true, 'schema descriptions fit, so kept');
  const { problems } = validateConfig(result.text);
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error'),
    [],
  );
});

test('a description whose config cannot fit 5 MiB even without words and seed is refused, saying why', async () => {
  const file = join(dir, 'huge-example.json');
  // One static answer whose example alone is past the limit.
  const example = Array.from({ length: 60_000 }, (_, i) => `${i} ${'x'.repeat(90)}`);
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Huge', version: '1' },
      paths: {
        '/everything': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' }, example } } },
            },
          },
        },
      },
    }),
  );
  await assert.rejects(
    importOpenApi(file, 'huge-example.json'),
    /^Error: the config made from huge-example\.json would be \d+\.\d MiB even without descriptions and seed records, over the 5\.0 MiB limit of a config; import a part of the description$/,
  );
});
