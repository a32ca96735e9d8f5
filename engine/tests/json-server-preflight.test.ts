// json-server mode: a browser's CORS preflight (OPTIONS) on the paths the mode answers itself, a
// singular resource and GET /db, is a 204 allowing the method, as json-server's cors middleware
// answers it; before, it was a 404, so a front end could not PUT or PATCH /profile with a JSON body.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { jsonServerSetup } from '../src/index.js';
import { type Served, serve } from './helpers.js';

const DB = { posts: [{ id: 1, title: 'one' }], profile: { name: 'typicode' } };
const ORIGIN = 'http://localhost:5173';

let server: Served;
before(async () => {
  const setup = jsonServerSetup(structuredClone(DB), {});
  server = await serve(setup.configText, { jsonServer: setup.mode });
});
after(() => server.close());

const preflight = (path: string, method: string) =>
  server.call(path, {
    method: 'OPTIONS',
    headers: {
      Origin: ORIGIN,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'content-type',
    },
  });

test('json-server mode: a preflight on a singular resource is 204 allowing GET, PUT, PATCH and POST', async () => {
  for (const method of ['PUT', 'PATCH', 'POST']) {
    const res = await preflight('/profile', method);
    assert.equal(res.status, 204, `${method} /profile preflight`);
    assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', new RegExp(`\\b${method}\\b`));
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /content-type/);
  }
  // The write the preflight was for then goes through, with the CORS headers a browser checks.
  const put = await server.call('/profile', {
    method: 'PUT',
    headers: { Origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'changed' }),
  });
  assert.equal(put.status, 200);
  assert.equal(put.headers.get('access-control-allow-origin'), ORIGIN);
  assert.deepEqual(await put.json(), { name: 'changed' });
});

test('json-server mode: a preflight on GET /db is 204; on a path nothing answers it stays 404', async () => {
  const db = await preflight('/db', 'GET');
  assert.equal(db.status, 204);
  assert.match(db.headers.get('access-control-allow-methods') ?? '', /\bGET\b/);
  assert.equal((await preflight('/nothing', 'PUT')).status, 404);
  // A collection's preflight was answered before, and still is.
  assert.equal((await preflight('/posts/1', 'PATCH')).status, 204);
});
