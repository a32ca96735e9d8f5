// GraphQL and the config (issue 42): names GraphQL cannot spell are problems at their position,
// the schema follows a hot reload, and a request in flight finishes on the version it began on.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { serve, yaml } from './helpers.js';

const V1 = yaml`
  server:
    graphql: /gql
  schemas:
    Note:
      properties:
        id: integer
        text: string
  endpoints:
    - resource: Note
  seed:
    Note:
      - { text: hello }
`;
const V2 = V1.replace(/^( +)text: string\n/m, '$1text: string\n$1stars: integer\n');

test('with server.graphql on, a name GraphQL cannot take is a problem at the name', () => {
  const text = [
    'server:',
    '  graphql: true',
    'schemas:',
    '  User:',
    '    properties:',
    '      id: integer',
    '      __secret: string',
    '  Post:',
    '    properties:',
    '      id: integer',
    '  PostFilter:',
    '    properties:',
    '      id: integer',
    '  Query:',
    '    properties:',
    '      id: integer',
    'endpoints:',
    '  - resource: User',
    '',
  ].join('\n');
  const { problems } = validateConfig(text);
  const named = problems
    .filter((p) => p.code === 'graphqlName')
    .map((p) => `${p.range.start.line}:${p.range.start.column} ${p.message}`);
  assert.deepEqual(named, [
    "7:7 Field name '__secret' cannot be a GraphQL field (server.graphql is on): GraphQL names are letters, digits and _, not starting with a digit or __.",
    "11:3 Schema name 'PostFilter' is the name of one of Post's generated GraphQL types (server.graphql is on); rename it.",
    "14:3 Schema name 'Query' is a type the GraphQL API declares itself (server.graphql is on); rename it.",
  ]);
  const off = validateConfig(text.replace('  graphql: true\n', '  port: 3000\n'));
  assert.equal(off.problems.filter((p) => p.code === 'graphqlName').length, 0, 'only when GraphQL is on');
  const path = validateConfig(text.replace('graphql: true', 'graphql: no-slash'));
  assert.ok(
    path.problems.some((p) => p.range.start.line === 2),
    JSON.stringify(path.problems.map((p) => p.message)),
  );
});

test('server.graphql: /gql serves there; a reload rebuilds the schema with the new fields', async () => {
  const s = await serve(V1);
  try {
    assert.equal((await s.call('/graphql', { method: 'POST' })).status, 404);
    const answer = await s.call('/gql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ allNotes { text } }' }),
    });
    assert.deepEqual(await answer.json(), { data: { allNotes: [{ text: 'hello' }] } });
    assert.ok((await s.engine.apply(V2)).ok);
    const gqlAt = (query: string) =>
      s.call('/gql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    await gqlAt('mutation { updateNote(id: 1, stars: 5) { id } }');
    assert.deepEqual(await (await gqlAt('{ allNotes { text stars } }')).json(), {
      data: { allNotes: [{ text: 'hello', stars: 5 }] },
    });
    const schema = await s.engine.graphql?.schema();
    assert.ok(schema?.getType('Note'), 'the engine hands out the live version’s schema');
  } finally {
    await s.close();
  }
});

test('a GraphQL request in flight during a reload finishes on the version it began on', async () => {
  const s = await serve(V1);
  try {
    const body = JSON.stringify({ query: '{ allNotes { text stars } }' });
    const { port } = new URL(s.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/gql',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now: once the request has begun on V1 (which then waits for the rest), V2 is applied.
      const v1 = s.engine.graphql;
      assert.ok(v1);
      const run = v1.run.bind(v1);
      v1.run = (exchange) => {
        void s.engine.apply(V2).then((result) => {
          assert.ok(result.ok);
          assert.notEqual(s.engine.graphql, v1, 'V2 is live');
          req.end(body.slice(10));
        });
        return run(exchange);
      };
      req.write(body.slice(0, 10));
    });
    const { status, text } = await answer;
    assert.equal(status, 400, text);
    assert.match(text, /Cannot query field \\"stars\\" on type \\"Note\\"/);
    // The next request runs on V2, which has the field.
    const now = await fetch(`${s.url}/gql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    assert.equal(now.status, 200);
  } finally {
    await s.close();
  }
});

test('GraphQL off: /graphql is an ordinary path (404)', async () => {
  const s = await serve(V1.replace(/graphql: \/gql/, 'cors: true'));
  try {
    assert.equal((await s.call('/gql', { method: 'POST' })).status, 404);
  } finally {
    await s.close();
  }
});

test('a browser on another origin may POST GraphQL: the preflight is answered with CORS headers (server.cors)', async () => {
  const s = await serve(V1.replace(/graphql: \/gql/, 'graphql: /gql\n  cors: true'));
  try {
    const preflight = await s.call('/gql', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'content-type');
    const answer = await s.call('/gql', {
      method: 'POST',
      headers: { origin: 'http://app.test', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ allNotes { text } }' }),
    });
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await answer.json(), { data: { allNotes: [{ text: 'hello' }] } });
  } finally {
    await s.close();
  }
});

test('an endpoint at the GraphQL path is warned about: GraphQL answers there', () => {
  const text = [
    'server:',
    '  graphql: true',
    'endpoints:',
    '  - path: /graphql',
    '    method: POST',
    '    response:',
    '      inline: { ok: true }',
    '',
  ].join('\n');
  const warned = validateConfig(text).problems.filter((p) => p.code === 'graphqlPathTaken');
  assert.deepEqual(
    warned.map((p) => [p.range.start.line, p.severity, p.message]),
    [[4, 'warning', 'POST /graphql is never reached: server.graphql answers every request to /graphql.']],
  );
});

test("a GET under the GraphQL path's GraphiQL folder is warned about: the page's files are served there", () => {
  const text = [
    'server:',
    '  graphql: /gql',
    'endpoints:',
    '  - path: /gql/__graphiql/x',
    '    method: GET',
    '    response:',
    '      inline: { ok: true }',
    '  - path: /gql/__graphiql/x',
    '    method: POST',
    '    response:',
    '      inline: { ok: true }',
    '',
  ].join('\n');
  const warned = validateConfig(text).problems.filter((p) => p.code === 'graphqlPathTaken');
  assert.deepEqual(
    warned.map((p) => [p.range.start.line, p.severity, p.message]),
    [
      [
        4,
        'warning',
        "GET /gql/__graphiql/x is never reached: server.graphql serves its GraphiQL page's files under /gql/__graphiql/.",
      ],
    ],
  );
});
