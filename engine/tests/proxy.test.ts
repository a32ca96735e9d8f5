import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { serve, type Served, yaml } from './helpers.js';
import { startUpstream, type Upstream } from './upstream.js';

/** A raw request (fetch refuses Connection, Keep-Alive, Upgrade…): status, headers and body. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

const config = (proxy: string, extra = ''): string => yaml`
  endpoints:
    - path: /health
      method: GET
      response:
        inline: { status: ok }
  server:
    proxy: ${proxy}${extra}
`;

describe('proxy', () => {
  let upstream: Upstream;
  let mock: Served;
  before(async () => {
    upstream = await startUpstream();
    mock = await serve(config(upstream.url));
  });
  after(async () => {
    await mock.close();
    await upstream.close();
  });

  test('a request matching no endpoint is forwarded (method, path, query, headers, body) and marked X-Mockyard-Proxied', async () => {
    upstream.handle = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
        res.end(JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() }));
      });
    };
    upstream.seen.length = 0;
    const res = await mock.call('/orders/9?expand=items&x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': 'abc' },
      body: '{"qty":2}',
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('x-mockyard-proxied'), 'true');
    assert.equal(res.headers.get('x-upstream'), 'yes');
    assert.deepEqual(await res.json(), { method: 'POST', url: '/orders/9?expand=items&x=1', body: '{"qty":2}' });
    const seen = upstream.seen.at(-1);
    assert.equal(seen?.headers['x-client'], 'abc');
    assert.equal(seen?.headers.host, new URL(upstream.url).host, 'the upstream gets its own Host');
    assert.match(String(seen?.headers['x-forwarded-host']), /^127\.0\.0\.1:\d+$/);
    // The mock's own endpoints are still its own.
    const health = await mock.call('/health');
    assert.equal(health.status, 200);
    assert.equal(health.headers.get('x-mockyard-proxied'), null);
    assert.deepEqual(await health.json(), { status: 'ok' });
    assert.equal(upstream.seen.length, 1);
  });

  test('a method the mock does not have on a known path is forwarded too (instead of 405)', async () => {
    upstream.handle = (_req, res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"up":true}');
    const res = await mock.call('/health', { method: 'DELETE' });
    assert.equal(res.status, 202);
    assert.deepEqual(await res.json(), { up: true });
  });

  test('proxied exchanges are in the request log, marked', async () => {
    upstream.handle = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"logged":1}');
    await (await mock.call('/logged?a=b', { method: 'PUT', body: 'request text' })).text();
    const entry = mock.engine.log.entries().at(-1);
    assert.ok(entry);
    assert.equal(entry.method, 'PUT');
    assert.equal(entry.path, '/logged');
    assert.equal(entry.query, 'a=b');
    assert.equal(entry.status, 200);
    assert.equal(entry.endpoint, null);
    assert.equal(entry.requestBody, 'request text');
    assert.equal(entry.responseBody, '{"logged":1}');
    assert.ok(entry.notes.includes(`proxied to ${upstream.url}/logged?a=b`), entry.notes.join('; '));
    assert.equal(entry.responseHeaders['x-mockyard-proxied'], 'true');
  });

  test('a 5 MB body goes through both ways, byte for byte', async () => {
    upstream.handle = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      req.pipe(res);
    };
    const body = randomBytes(5 * 1024 * 1024);
    const res = await raw(`${mock.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.length, body.length);
    assert.equal(sha(res.body), sha(body));
    // The log keeps the start of each body only.
    const entry = mock.engine.log.entries().at(-1);
    assert.ok(entry && entry.responseBody.length < 200 * 1024);
  });

  test('bodies are streamed: each side sees the first bytes before the other side has sent the last', async () => {
    let releaseUpstream: () => void = () => undefined;
    const upstreamGotFirst = new Promise<void>((resolveFirst) => {
      upstream.handle = (req, res) => {
        req.once('data', () => resolveFirst());
        req.resume();
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first;');
        // The upstream's answer ends only when the test says so.
        releaseUpstream = () => res.end('last');
        req.on('end', () => undefined);
      };
    });
    const answer = new Promise<{ first: string; rest: Promise<string> }>((resolve, reject) => {
      const req = request(`${mock.url}/stream`, { method: 'POST', agent: false }, (res) => {
        let text = '';
        res.once('data', (c: Buffer) => {
          text += c.toString();
          resolve({
            first: text,
            rest: new Promise((done) => {
              res.on('data', (more: Buffer) => (text += more.toString()));
              res.on('end', () => done(text));
            }),
          });
        });
      });
      req.on('error', reject);
      req.write('part one;');
      // The request stays open until the upstream has seen its first part.
      void upstreamGotFirst.then(() => req.end('part two'));
    });
    await upstreamGotFirst;
    const { first, rest } = await answer;
    assert.equal(first, 'first;');
    releaseUpstream();
    assert.equal(await rest, 'first;last');
  });

  test('hop-by-hop headers are dropped both ways, including those named in Connection', async () => {
    upstream.handle = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        connection: 'keep-alive, X-Up-Hop',
        'x-up-hop': 'secret',
        'keep-alive': 'timeout=99',
        'proxy-authenticate': 'Basic realm="up"',
        upgrade: 'h2c',
        trailer: 'X-Checksum',
        'x-end-to-end': 'kept',
      });
      res.end('{"ok":true}');
    };
    upstream.seen.length = 0;
    const res = await raw(`${mock.url}/hops`, {
      method: 'POST',
      headers: {
        connection: 'keep-alive, X-Client-Hop',
        'x-client-hop': 'secret',
        'keep-alive': 'timeout=42',
        'proxy-authorization': 'Basic Zm9vOmJhcg==',
        'proxy-connection': 'keep-alive',
        upgrade: 'websocket',
        te: 'trailers',
        trailer: 'X-Checksum',
        'transfer-encoding': 'chunked',
        'x-end-to-end': 'kept',
      },
      body: 'chunked body',
    });
    assert.equal(res.status, 200);
    const sent = upstream.seen.at(-1)?.headers ?? {};
    for (const name of ['x-client-hop', 'proxy-authorization', 'proxy-connection', 'upgrade', 'te', 'trailer'])
      assert.equal(sent[name], undefined, `${name} reached the upstream`);
    assert.notEqual(sent['keep-alive'], 'timeout=42');
    assert.doesNotMatch(String(sent.connection ?? ''), /x-client-hop/i);
    assert.equal(sent['x-end-to-end'], 'kept');
    const got = res.headers;
    for (const name of ['x-up-hop', 'proxy-authenticate', 'upgrade', 'trailer'])
      assert.equal(got[name], undefined, `${name} reached the client`);
    assert.notEqual(got['keep-alive'], 'timeout=99');
    assert.doesNotMatch(String(got.connection ?? ''), /x-up-hop/i);
    assert.equal(got['x-end-to-end'], 'kept');
    assert.equal(got['x-mockyard-proxied'], 'true');
    assert.deepEqual(JSON.parse(res.body.toString()), { ok: true });
  });

  test('/__mockyard/ paths are never forwarded', async () => {
    upstream.seen.length = 0;
    for (const path of ['/__mockyard/log', '/__mockyard', '/__mockyard/anything/else']) {
      const res = await mock.call(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get('x-mockyard-proxied'), null);
      await res.text();
    }
    assert.equal(upstream.seen.length, 0);
  });
});

describe('proxy failures', () => {
  test('upstream unreachable: 502 with a JSON error, logged', async () => {
    const upstream = await startUpstream();
    const url = upstream.url;
    await upstream.close();
    const mock = await serve(config(url));
    try {
      const res = await mock.call('/anything');
      assert.equal(res.status, 502);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      const body = (await res.json()) as { error: string };
      assert.match(body.error, /could not be reached/);
      assert.match(body.error, /ECONNREFUSED/);
      const entry = mock.engine.log.entries().at(-1);
      assert.equal(entry?.status, 502);
      assert.ok(entry?.notes.some((n) => n.startsWith('proxied to ')));
    } finally {
      await mock.close();
    }
  });

  test('an upstream slower than server.proxyTimeout: 504 with a JSON error', async () => {
    const upstream = await startUpstream();
    upstream.handle = () => undefined; // never answers
    const mock = await serve(config(upstream.url, '\n    proxyTimeout: 300'));
    try {
      const started = Date.now();
      const res = await mock.call('/slow');
      const took = Date.now() - started;
      assert.equal(res.status, 504);
      const body = (await res.json()) as { error: string };
      assert.match(body.error, /did not answer within 300 ms/);
      assert.ok(took >= 250, `answered after ${took} ms`);
      assert.equal(mock.engine.log.entries().at(-1)?.status, 504);
      // A POST whose body is sent, then silence, is the same.
      const post = await mock.call('/slow', { method: 'POST', body: 'x' });
      assert.equal(post.status, 504);
      await post.text();
    } finally {
      await mock.close();
      await upstream.close();
    }
  });

  test('the target path prefixes the request path; --proxy (the engine option) overrides server.proxy', async () => {
    const upstream = await startUpstream();
    upstream.handle = (req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.url));
    const mock = await serve(config('http://127.0.0.1:1'), { proxy: `${upstream.url}/v1/` });
    try {
      const res = await mock.call('/pets?limit=2');
      assert.equal(res.status, 200);
      assert.equal(await res.json(), '/v1/pets?limit=2');
    } finally {
      await mock.close();
      await upstream.close();
    }
  });

  test('server.proxy must be an http(s) URL; server.proxyTimeout a positive integer', async () => {
    const mock = await serve(config('http://127.0.0.1:1'));
    try {
      for (const bad of ['proxy: ftp://example.com', 'proxy: example.com', 'proxyTimeout: 0', 'proxyTimeout: fast']) {
        const { problems, model } = await mock.engine.validate(`endpoints: []\nserver:\n  ${bad}\n`);
        assert.equal(model, undefined, bad);
        assert.ok(
          problems.some((p) => p.severity === 'error'),
          bad,
        );
      }
      const ok = await mock.engine.validate('endpoints: []\nserver:\n  proxy: https://api.example.com/v2\n');
      assert.equal(ok.model?.server.proxy, 'https://api.example.com/v2');
      assert.equal(ok.model?.server.proxyTimeout, undefined, 'the proxy waits DEFAULT_PROXY_TIMEOUT (30 s)');
    } finally {
      await mock.close();
    }
  });
});
