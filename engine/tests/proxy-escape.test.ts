import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { upstreamUrl } from '../src/http/proxy.js';
import { serve, type Served, yaml } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/** A request sent with its target exactly as written (no URL parsing on the way): status and body. */
function rawTarget(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; proxied: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: target, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, proxied: res.headers['x-mockyard-proxied'] === 'true' }),
        );
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error(`no answer for ${target}`)));
    req.on('error', reject);
    req.end();
  });
}

const portOf = (served: Served): number => Number(new URL(served.url).port);

const config = (proxy: string): string => yaml`
  endpoints:
    - path: /health
      method: GET
      response:
        inline: { status: ok }
  server:
    proxy: ${proxy}
`;

/** Every request-target form that URL parsers read as another host, or as a way out of the prefix. */
const hostForms = (other: string): string[] => [
  `//${other}/secret`,
  `///${other}/secret`,
  `/\\${other}/secret`,
  `/\\\\${other}/secret`,
  `\\\\${other}/secret`,
  `//user@${other}/secret`,
  `//user:pw@${other}/secret`,
  `http://${other}/secret`,
  `http:${other}/secret`,
  `//${other}?x=/secret`,
  `//${other}#/secret`,
  `/.//${other}/secret`,
  `/a/..//${other}/secret`,
];
const prefixForms = [
  '/../secret',
  '/%2e%2e/secret',
  '/%2E%2e/secret',
  '/a/../../secret',
  '/.%2e/secret',
  '/../../../secret?q=1',
];

describe('the proxy cannot be sent elsewhere', () => {
  let upstream: Upstream;
  let other: Upstream;
  let mock: Served;
  let prefixed: Served;
  before(async () => {
    upstream = await startUpstream();
    other = await startUpstream();
    upstream.handle = (req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.url));
    other.handle = (_req, res) => res.writeHead(200).end('the secret');
    mock = await serve(config(upstream.url));
    prefixed = await serve(config(`${upstream.url}/api`));
  });
  after(async () => {
    await mock.close();
    await prefixed.close();
    await upstream.close();
    await other.close();
  });

  test('no request target reaches another host: each is refused (400) or forwarded to the configured origin', async () => {
    const otherHost = new URL(other.url).host;
    for (const target of hostForms(otherHost)) {
      for (const served of [mock, prefixed]) {
        upstream.seen.length = 0;
        const res = await rawTarget(portOf(served), target);
        assert.ok(!res.body.includes('the secret'), `${target} reached the other server`);
        assert.ok(res.status === 400 || (res.status === 200 && res.proxied), `${target}: ${res.status} ${res.body}`);
        // Node's own parser refuses some forms before the mock sees them; both answer JSON.
        if (res.status === 400) assert.equal(typeof JSON.parse(res.body).error, 'string');
      }
    }
    assert.equal(other.seen.length, 0, `the other server was reached: ${JSON.stringify(other.seen.map((s) => s.url))}`);
  });

  test('dot segments (plain or percent-encoded) never leave the configured path prefix', async () => {
    for (const target of prefixForms) {
      upstream.seen.length = 0;
      const res = await rawTarget(portOf(prefixed), target);
      assert.equal(res.status, 200, target);
      const seen = upstream.seen.at(-1)?.url ?? '';
      assert.ok(seen.startsWith('/api/'), `${target} went to ${seen}`);
    }
  });

  test('through loopback, the proxy refuses (403) a Host that is not this server, as the admin API does', async () => {
    upstream.seen.length = 0;
    for (const host of [
      `evil.example:${portOf(mock)}`,
      `evil.localhost:${portOf(mock)}`,
      `127.0.0.1:${portOf(mock) + 1}`,
      `localhost:0${portOf(mock)}`,
    ]) {
      const res = await rawTarget(portOf(mock), '/pets', { host });
      assert.equal(res.status, 403, host);
      assert.equal(res.proxied, false);
    }
    assert.equal(upstream.seen.length, 0);
    const ok = await rawTarget(portOf(mock), '/pets', { host: `localhost:${portOf(mock)}` });
    assert.equal(ok.status, 200);
    assert.equal(ok.body, '"/pets"');
  });
});

test('fuzz: every request target built from separators, dots, escapes and host-like parts keeps the origin and the prefix', () => {
  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E%2e',
    '%2f',
    '%5c',
    '@',
    ':',
    'evil.example',
    '127.0.0.1:9',
    'a',
    '?',
    '#',
    '%00',
    ';',
    'user:pw@',
  );
  const target = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
  for (const base of ['http://up.example:8080', 'http://up.example:8080/api', 'https://up.example/v1/']) {
    const origin = new URL(base).origin;
    const prefix = new URL(base).pathname.replace(/\/+$/, '');
    fc.assert(
      fc.property(target, (raw) => {
        const url = upstreamUrl(base, raw);
        if (!url) return true;
        return url.origin === origin && url.pathname.startsWith(`${prefix}/`) && !url.username && !url.password;
      }),
      { numRuns: 3000 },
    );
  }
});
