// `server.admin.hosts`: the admin API through a proxy on the same machine (nginx on 127.0.0.1 sends
// its own Host), which the loopback Host check refuses otherwise. Real server on port 0, real HTTP.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { serve, yaml } from './helpers.js';

const TOKEN = 'proxy-admin-token';

/** GET /__mockyard/log with the given Host (and Origin, token); node:http lets a test set Host, fetch does not. */
function adminLog(url: string, host: string, extra: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/__mockyard/log`, {
      agent: false,
      headers: { host, authorization: `Bearer ${TOKEN}`, ...extra },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const config = (admin: string) => yaml`
  server:
    admin: ${admin}
  endpoints:
    - path: /health
      method: GET
      response: { inline: { status: ok } }
`;

test('server.admin.hosts lets the admin API answer a proxy on this machine that sends its own Host; other hosts stay refused', async () => {
  const s = await serve(config(`{ token: ${TOKEN}, hosts: [api.test, 'LocalHost:8080'] }`));
  try {
    const port = new URL(s.url).port;
    assert.equal(await adminLog(s.url, `127.0.0.1:${port}`), 200, 'the server’s own address, as before');
    assert.equal(await adminLog(s.url, 'api.test'), 200, 'a listed name');
    assert.equal(await adminLog(s.url, 'API.test:9000'), 200, 'a listed name without a port matches any port');
    assert.equal(await adminLog(s.url, 'localhost:8080'), 200, 'a listed name and port');
    assert.equal(await adminLog(s.url, 'localhost:8081'), 403, 'a listed name with another port');
    assert.equal(await adminLog(s.url, 'evil.test'), 403, 'a name not listed (DNS rebinding)');
    assert.equal(await adminLog(s.url, 'api.test.evil.test'), 403);
    assert.equal(
      await adminLog(s.url, 'api.test', { origin: 'http://api.test' }),
      200,
      'a page of the proxy’s own origin',
    );
    assert.equal(await adminLog(s.url, 'api.test', { origin: 'http://evil.test' }), 403, 'another origin');
    assert.equal(
      await adminLog(s.url, 'api.test', { authorization: 'Bearer wrong-token' }),
      401,
      'the token still counts',
    );
  } finally {
    await s.close();
  }
});

test('without server.admin.hosts a loopback server refuses a proxy’s Host (403)', async () => {
  const s = await serve(config(`{ token: ${TOKEN} }`));
  try {
    assert.equal(await adminLog(s.url, 'api.test'), 403);
  } finally {
    await s.close();
  }
});

test('server.admin.hosts: a malformed entry or an empty list is an error at its line and column', () => {
  const text = config(`{ token: ${TOKEN}, hosts: [ok.test, "bad host/"] }`);
  const bad = validateConfig(text);
  assert.equal(bad.model, undefined);
  const entry = bad.problems.find((p) => p.severity === 'error');
  assert.ok(entry, JSON.stringify(bad.problems));
  assert.match(entry.message, /server\.admin\.hosts\.1.*host name with an optional port/);
  const line = text.split('\n')[1] ?? '';
  assert.deepEqual([entry.range.start.line, entry.range.start.column], [2, line.indexOf('"bad host/"') + 1]);
  const empty = validateConfig(config(`{ token: ${TOKEN}, hosts: [] }`));
  assert.equal(empty.model, undefined);
  assert.ok(empty.problems.some((p) => p.severity === 'error' && /server\.admin\.hosts/.test(p.message)));
});
