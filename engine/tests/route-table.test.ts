/**
 * Route tables of successive config versions share one router (route-table.ts): each version must
 * find exactly its own routes, as a router of its routes alone would.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Router from 'find-my-way';
import type { CompiledEndpoint } from '../src/http/endpoint-run.js';
import { type RouteEntry, RouteTable } from '../src/http/route-table.js';

type Method = RouteEntry['method'];
const endpoint = (name: string): CompiledEndpoint => ({
  name,
  run: () => ({ status: 200, json: '{}' }),
  xmlRoot: 'response',
  xmlItem: 'item',
  negotiates: true,
});
const entries = (routes: string[], tag = ''): RouteEntry[] =>
  routes.map((route) => {
    const [method, path] = route.split(' ') as [Method, string];
    return { method, path, compiled: endpoint(`${route}${tag}`) };
  });

/** What the table finds for each request: the endpoint's name and the parameters. */
const answers = (table: RouteTable, requests: string[]): string[] =>
  requests.map((request) => {
    const [method, path] = request.split(' ') as [Method, string];
    const found = table.find(method, path);
    return found ? `${(found.store as CompiledEndpoint).name} ${JSON.stringify({ ...found.params })}` : 'none';
  });

/** The same, from a router of the routes alone (what the table must agree with). */
const alone = (routes: RouteEntry[], requests: string[]): string[] => {
  const router = Router({ ignoreTrailingSlash: true, maxParamLength: 2048 });
  for (const r of routes) router.on(r.method, r.path, () => undefined, r.compiled);
  return requests.map((request) => {
    const [method, path] = request.split(' ') as [Method, string];
    const found = router.find(method, path);
    return found ? `${(found.store as CompiledEndpoint).name} ${JSON.stringify({ ...found.params })}` : 'none';
  });
};

const requests = [
  'GET /items',
  'GET /items/',
  'GET /items/special',
  'GET /items/42',
  'POST /items',
  'DELETE /items/42',
  'GET /items/42/parts/7',
  'GET /users/ada',
  'GET /variant1',
  'GET /variant2',
  'GET /nothing',
  'GET /items/%41',
];

test('each version finds its own routes, with its own parameter names and endpoints, as a router of its routes alone', () => {
  const versions = [
    ['GET /items', 'GET /items/special', 'GET /items/:id', 'POST /items', 'GET /variant1', 'GET /users/:id'],
    // /items/special removed (/items/:id answers it now), routes added.
    ['GET /items', 'GET /items/:id', 'POST /items', 'GET /variant2', 'GET /users/:id', 'DELETE /items/:id'],
    // A parameter renamed.
    ['GET /items', 'GET /items/:id', 'POST /items', 'GET /variant2', 'GET /users/:name', 'DELETE /items/:id'],
    // Nested parameters, and /items/special back.
    ['GET /items/:id/parts/:part', 'GET /items/special', 'GET /items/:id', 'GET /variant1'],
    // Nothing held in common.
    ['GET /users/:id'],
    [],
  ];
  let previous: RouteTable | undefined;
  versions.forEach((routes, v) => {
    const made = entries(routes, ` v${v}`);
    const table = RouteTable.build(made, (r) => r.compiled, previous);
    assert.deepEqual(answers(table, requests), alone(made, requests), `version ${v}`);
    // The version before keeps its own answers too (requests still running on it).
    previous = table;
  });
});

test('a version whose build failed part-way leaves the live version answering as before', () => {
  const live = RouteTable.build(entries(['GET /a/:x', 'GET /b']), (r) => r.compiled);
  // A route twice is refused: the build throws after adding /c to the router the live version uses.
  assert.throws(
    () => RouteTable.build(entries(['GET /c', 'GET /a/:x', 'GET /a/:x']), (r) => r.compiled, live),
    /already declared/,
  );
  assert.deepEqual(answers(live, ['GET /c', 'GET /a/1', 'GET /b']), ['none', 'GET /a/:x {"x":"1"}', 'GET /b {}']);
});

test('hundreds of versions each adding a route and dropping one keep answering right (the router starts afresh now and then)', () => {
  const base = ['GET /things/:id', 'POST /things', 'GET /things'];
  let previous: RouteTable | undefined;
  for (let v = 0; v < 400; v++) {
    const made = entries([...base, `GET /variant${v}`, `GET /things/special${v % 3}`], ` v${v}`);
    const table = RouteTable.build(made, (r) => r.compiled, previous);
    const asked = [
      `GET /variant${v}`,
      `GET /variant${v - 1}`,
      'GET /things/special1',
      'GET /things/special5',
      'GET /things',
    ];
    assert.deepEqual(answers(table, asked), alone(made, asked), `version ${v}`);
    previous = table;
  }
});

test('a route without parameters is found by its exact path without the router, as the router would find it', () => {
  const made = entries([
    'GET /',
    'GET /health',
    'GET /items',
    'GET /items/special',
    'GET /items/:id',
    'POST /items',
    'GET /Mixed/Case',
    'GET /a.b-c_d~e',
    'GET /trailing/',
    'GET /caf%C3%A9',
    'GET /files/*',
  ]);
  const table = RouteTable.build(made, (r) => r.compiled);
  const asked = [
    'GET /',
    'GET /health',
    'GET /health/',
    'GET /Health',
    'GET /he%6Clth',
    'GET //health',
    'GET /items',
    'GET /items/special',
    'GET /items/special/',
    'GET /items/spe%63ial',
    'GET /items/42',
    'POST /items',
    'PUT /items',
    'HEAD /health',
    'GET /Mixed/Case',
    'GET /mixed/case',
    'GET /a.b-c_d~e',
    'GET /trailing',
    'GET /trailing/',
    'GET /café',
    'GET /caf%C3%A9',
    'GET /files/x',
    'GET /files/*',
  ];
  assert.deepEqual(answers(table, asked), alone(made, asked));
  // Answered from the table's own map: the same result each time, where the router makes a new one.
  assert.equal(table.find('GET', '/health'), table.find('GET', '/health'));
  assert.equal(table.find('POST', '/items'), table.find('POST', '/items'));
  assert.notEqual(table.find('GET', '/items/42'), table.find('GET', '/items/42'));
});
