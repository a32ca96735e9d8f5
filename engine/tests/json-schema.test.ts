import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { configJsonSchema } from '../../shared/src/json-schema.js';
import { validateConfig } from '../src/config/validate.js';

/** The repository root: this file runs from dist/engine/tests/. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const EXAMPLES = join(ROOT, 'examples');

type JsonObject = Record<string, unknown>;
const object = (value: unknown, what: string): JsonObject => {
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), `${what} is an object`);
  return value as JsonObject;
};

test('the config JSON Schema is draft-07 with an id and a title', () => {
  const schema = configJsonSchema();
  assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
  assert.equal(schema.$id, 'https://mockyard.dev/schema/mockyard.schema.json');
  assert.equal(schema.title, 'Mockyard config');
  assert.equal(schema.type, 'object');
});

test('the top level allows no other keys and requires endpoints', () => {
  const schema = configJsonSchema();
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(schema.required, ['endpoints']);
  assert.deepEqual(Object.keys(object(schema.properties, 'properties')).sort(), [
    'endpoints',
    'scenarios',
    'schemas',
    'seed',
    'server',
  ]);
});

test('endpoints are described as a list of endpoint, resource, WebSocket or SSE entries', () => {
  const properties = object(configJsonSchema().properties, 'properties');
  const endpoints = object(properties.endpoints, 'endpoints');
  assert.equal(endpoints.type, 'array');
  assert.match(String(endpoints.description), /endpoints/i);
  const items = object(endpoints.items, 'endpoints.items');
  const branches = (items.anyOf ?? items.oneOf) as unknown[];
  assert.ok(Array.isArray(branches));
  assert.equal(branches.length, 4);
  const [endpoint, resource, websocket, sse] = branches.map((b, i) => object(b, `branch ${i}`));
  assert.ok(endpoint && resource && websocket && sse);
  assert.deepEqual([...(websocket.required as string[])].sort(), ['path', 'websocket']);
  assert.deepEqual([...(sse.required as string[])].sort(), ['path', 'sse']);
  assert.equal(endpoint.additionalProperties, false);
  assert.deepEqual([...(endpoint.required as string[])].sort(), ['method', 'path', 'response']);
  const endpointProps = object(endpoint.properties, 'endpoint.properties');
  assert.deepEqual(object(endpointProps.method, 'method').enum, ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
  const status = object(endpointProps.status, 'status');
  assert.equal(status.type, 'integer');
  assert.equal(status.minimum, 100);
  assert.equal(status.maximum, 599);
  assert.deepEqual(object(endpointProps.operation, 'operation').enum, ['list', 'get', 'create', 'update', 'delete']);
  const response = object(endpointProps.response, 'response');
  assert.equal(response.additionalProperties, false);
  assert.deepEqual(Object.keys(object(response.properties, 'response.properties')).sort(), [
    'body',
    'contentType',
    'headers',
    'inline',
    'schema',
    'type',
  ]);
  assert.deepEqual(Object.keys(endpointProps).sort(), [
    'callbacks',
    'description',
    'fault',
    'key',
    'latency',
    'method',
    'operation',
    'path',
    'response',
    'rules',
    'setScenario',
    'status',
  ]);
  assert.deepEqual(resource.required, ['resource']);
  assert.equal(resource.additionalProperties, false);
});

test('field types are listed in the schema so editors can complete them', () => {
  const text = JSON.stringify(configJsonSchema());
  assert.ok(text.includes('["number","integer","string","boolean","datetime","json"]'));
});

test('every example config in the repository validates with no problems', () => {
  const files = readdirSync(EXAMPLES).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.length > 0, 'there are examples');
  for (const file of files) {
    const configPath = join(EXAMPLES, file);
    const result = validateConfig(readFileSync(configPath, 'utf8'), { configPath });
    const problems = result.problems.map(
      (p) => `${file}:${p.range.start.line}:${p.range.start.column} ${p.severity} ${p.message}`,
    );
    assert.deepEqual(problems, [], `${file} has problems`);
    assert.ok(result.model, `${file} compiles`);
  }
});

test('the blog example compiles to the endpoints it documents', () => {
  const configPath = join(EXAMPLES, 'blog.yaml');
  const model = validateConfig(readFileSync(configPath, 'utf8'), { configPath }).model;
  assert.ok(model);
  assert.deepEqual([...model.schemas.keys()], ['User', 'Post']);
  assert.equal(model.endpoints.length, 13);
  assert.deepEqual(
    model.endpoints
      .filter((e) => e.path.startsWith('/posts') || e.path.includes('/posts'))
      .map((e) => `${e.method} ${e.path} ${e.status}`),
    [
      'GET /posts 200',
      'GET /posts/:slug 200',
      'POST /posts 201',
      'PATCH /posts/:slug 200',
      'DELETE /posts/:slug 204',
      'GET /users/:authorId/posts 200',
    ],
  );
  assert.equal(model.server.database, join(EXAMPLES, 'blog.sqlite'));
  assert.equal(model.seed.get('User')?.length, 2);
  assert.equal(model.seed.get('Post')?.length, 1);
});

test('every endpoint snippet the editor offers, inserted with its defaults, validates (one per endpoint kind)', async () => {
  const schema = configJsonSchema();
  const endpoints = object(object(schema.properties, 'properties').endpoints, 'endpoints');
  const items = object(endpoints.items, 'endpoints.items');
  const snippets = items.defaultSnippets as { label: string; body: unknown }[];
  const labels = snippets.map((s) => s.label);
  assert.equal(new Set(labels).size, labels.length, JSON.stringify(labels));
  const branches = (items.anyOf as JsonObject[]).map((b) => b.title);
  assert.deepEqual(branches, ['Endpoint', 'Resource', 'WebSocket', 'Server-Sent Events']);
  // A tab stop `${n:text}` inserts `text`.
  const filled = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(/\$\{\d+:([^}]*)\}/g, '$1'));
  for (const snippet of snippets) {
    const config = {
      schemas: { Product: { properties: { id: 'integer', name: 'string' } } },
      endpoints: [filled(snippet.body)],
    };
    const result = await validateConfig(JSON.stringify(config));
    assert.deepEqual(
      result.problems.filter((p) => p.severity === 'error'),
      [],
      `${snippet.label}: ${JSON.stringify(config.endpoints[0])}`,
    );
  }
});
