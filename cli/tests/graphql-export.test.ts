// `mockyard export --graphql` (issue 42): the SDL it prints is the schema the served endpoint introspects as.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildClientSchema, buildSchema, getIntrospectionQuery, type IntrospectionQuery, printSchema } from 'graphql';
import { runToEnd, serveConfig } from './openapi-helpers.js';

const BLOG = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/blog.yaml');
const dir = mkdtempSync(join(tmpdir(), 'mockyard-graphql-export-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('export --graphql prints the SDL of blog.yaml, the schema the served /graphql introspects as', async () => {
  const exported = await runToEnd(['export', '--graphql', BLOG]);
  assert.equal(exported.code, 0, exported.stderr);
  const sdl = buildSchema(exported.stdout);
  const query = sdl.getQueryType()?.getFields() ?? {};
  assert.deepEqual(Object.keys(query), ['User', 'allUsers', '_allUsersMeta', 'Post', 'allPosts', '_allPostsMeta']);
  const config = join(dir, 'blog.yaml');
  writeFileSync(
    config,
    readFileSync(BLOG, 'utf8').replace(
      'server:\n',
      `server:\n  graphql: true\n  database: ${join(dir, 'blog.sqlite')}\n`,
    ),
  );
  const served = await serveConfig(config);
  try {
    const res = await fetch(`${served.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const { data } = (await res.json()) as { data: IntrospectionQuery };
    assert.equal(printSchema(buildClientSchema(data)), printSchema(sdl));
  } finally {
    await served.run.stop();
  }
});

test('export --graphql refuses a name GraphQL cannot spell, with its line', async () => {
  const config = join(dir, 'bad.yaml');
  writeFileSync(
    config,
    'schemas:\n  User:\n    properties:\n      id: integer\n      __secret: string\nendpoints:\n  - resource: User\n',
  );
  const exported = await runToEnd(['export', '--graphql', config]);
  assert.equal(exported.code, 1);
  assert.match(exported.stderr + exported.stdout, /bad\.yaml:5:\d+.*Field name '__secret' cannot be a GraphQL field/);
});
