/**
 * Merging an OpenAPI import into the config being edited (shared/src/config-merge.ts): the imported
 * description is the real importer's output for a fixture, and the merged text must be a valid
 * config that keeps every byte of the current one.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseDocument } from 'yaml';
import { mergeConfigs } from '../../shared/src/config-merge.js';
import { validateConfig } from '../src/config/validate.js';
import { importOpenApi } from '../src/openapi/import.js';

const FIXTURES = join(import.meta.dirname, '../../../engine/tests/fixtures/openapi');

// Pet here has other fields than the description's Pet; GET /pets/:id is served here already.
const CURRENT = `# the team's mock: every comment stays
server:
  port: 4010 # our port
schemas:
  Pet: # ours
    properties:
      id: integer
      nickname: string
endpoints:
  - path: /pets/:id # ours
    method: GET
    response: { schema: Pet }
  - path: /health
    method: GET
    response: { inline: { status: ok } }
seed:
  Pet:
    - { id: 1, nickname: Rex }
`;

const errorsOf = (text: string) => validateConfig(text).problems.filter((p) => p.severity === 'error');

test('a merge adds the imported schemas and endpoints beside the current ones, keeping every line of the config', async () => {
  const imported = await importOpenApi(join(FIXTURES, 'petstore-simple.json'), 'petstore-simple.json');
  const merged = mergeConfigs(CURRENT, imported.text);
  // Every line of the current text is still there, in order (only additions).
  const lines = merged.text.split('\n');
  let at = 0;
  for (const line of CURRENT.trimEnd().split('\n')) {
    const found = lines.indexOf(line, at);
    assert.ok(found >= 0, `kept: ${line}`);
    at = found + 1;
  }
  assert.deepEqual(errorsOf(merged.text), []);
  const config = parseDocument(merged.text).toJS() as {
    schemas: Record<string, { properties: Record<string, unknown> }>;
    endpoints: { path: string; method: string; response: { schema?: string } }[];
    seed: Record<string, unknown[]>;
    server: { port: number };
  };
  // Pet clashes (other fields): the imported one is PetImported, and its endpoints and seed follow it.
  assert.deepEqual(merged.renamed, [{ from: 'Pet', to: 'PetImported' }]);
  assert.deepEqual(merged.addedSchemas, ['PetImported', 'NewPet', 'ErrorModel']);
  assert.deepEqual(Object.keys(config.schemas.Pet?.properties ?? {}), ['id', 'nickname']);
  assert.deepEqual(Object.keys(config.schemas.PetImported?.properties ?? {}), ['id', 'name', 'tag']);
  // GET /pets/:id and GET /health are served here already: ours are kept, theirs left out.
  assert.deepEqual(merged.keptEndpoints.sort(), ['GET /health', 'GET /pets/:id']);
  assert.equal(merged.addedEndpoints, 3);
  const routes = config.endpoints.map((e) => `${e.method} ${e.path} ${e.response.schema ?? 'inline'}`);
  assert.deepEqual(routes, [
    'GET /pets/:id Pet',
    'GET /health inline',
    'GET /pets PetImported',
    'POST /pets PetImported',
    'DELETE /pets/:id PetImported',
  ]);
  assert.deepEqual(config.seed.Pet, [{ id: 1, nickname: 'Rex' }]);
  assert.equal(config.seed.PetImported?.length, 1);
  assert.equal(config.server.port, 4010);
});

test('a schema identical to the config’s own is used once, and a merge into an empty config adds everything', () => {
  const imported = `schemas:
  Tag:
    properties:
      id: integer
      label: string
endpoints:
  - path: /tags
    method: GET
    response: { schema: Tag, type: array }
`;
  const same = mergeConfigs(
    `schemas:\n  Tag:\n    properties:\n      id: integer\n      label: string\nendpoints: []\n`,
    imported,
  );
  assert.deepEqual([same.sameSchemas, same.addedSchemas, same.renamed, same.addedEndpoints], [['Tag'], [], [], 1]);
  assert.deepEqual(errorsOf(same.text), []);
  const empty = mergeConfigs('# nothing yet\n', imported);
  assert.deepEqual([empty.addedSchemas, empty.addedEndpoints], [['Tag'], 1]);
  assert.ok(empty.text.startsWith('# nothing yet\n'));
  assert.deepEqual(errorsOf(empty.text), []);
});

test('a config that does not parse is not merged into', () => {
  assert.throws(() => mergeConfigs('schemas: [\n', 'schemas: {}\n'), /YAML syntax error; fix it before merging/);
});
