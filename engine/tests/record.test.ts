import assert from 'node:assert/strict';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { validateConfig } from '../src/config/validate.js';
import { serve, tempDir, yaml } from './helpers.js';
import { fill, smallDisk, unmount } from './small-disk.js';
import { startUpstream } from './upstream.js';

const commented = (proxy: string): string => yaml`
  # The shop mock: recorded endpoints are appended below.
  endpoints:
    # Served by the mock itself
    - path: /health   # liveness
      method: GET
      response:
        inline: { status: ok }

  server:
    proxy: ${proxy}   # the real API
`;

/** Answers the recorder must leave alone: not JSON, a 5xx, or what would be read back differently. */
const NOT_RECORDED = ['/plain', '/broken', '/template', '/escaped', '/key', '/proto'];

const json = (status: number, value: unknown) => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

describe('record', () => {
  test('recorded answers are served after the upstream stops; comments kept; no duplicates; non-JSON not recorded', async () => {
    const upstream = await startUpstream();
    const answers: Record<string, { status: number; type: string; body: string | Buffer; encoding?: string }> = {
      'GET /things': json(200, { things: [1, 2, 3], nested: { a: 'b' } }),
      'GET /things/7': json(200, { id: 7, name: 'seven' }),
      'POST /orders': json(201, { id: 1, state: 'placed' }),
      'DELETE /orders/1': json(404, { error: 'no such order' }),
      'GET /zipped': { status: 200, type: 'application/json', body: gzipSync('{"zipped":true}'), encoding: 'gzip' },
      'GET /plain': { status: 200, type: 'text/plain', body: 'not json' },
      'GET /broken': json(503, { error: 'down for a moment' }),
      'GET /template': json(200, { text: 'hello {{name}}' }),
      // Templates spelled with JSON escapes, or in a key, and a key a config reader would drop.
      'GET /escaped': {
        status: 200,
        type: 'application/json',
        body: '{"echo":"\\u007b\\u007brequest.headers.authorization\\u007d\\u007d"}',
      },
      'GET /key': json(200, { '{{request.headers.authorization}}': 1 }),
      'GET /proto': { status: 200, type: 'application/json', body: '{"__proto__":{"admin":true},"b":2}' },
    };
    upstream.handle = (req, res) => {
      req.resume();
      const answer = answers[`${req.method} ${(req.url ?? '').split('?')[0]}`];
      if (!answer) return res.writeHead(404).end();
      res.writeHead(answer.status, {
        'content-type': answer.type,
        ...(answer.encoding ? { 'content-encoding': answer.encoding } : {}),
      });
      res.end(answer.body);
    };
    const original = commented(upstream.url);
    const mock = await serve(original, { record: 'endpoints' });
    const requests: [string, string][] = [
      ['GET', '/things?page=1'],
      ['GET', '/things/7'],
      ['POST', '/orders'],
      ['DELETE', '/orders/1'],
      ['GET', '/zipped'],
    ];
    try {
      const recorded: string[] = [];
      mock.engine.on('recorded', (e) => recorded.push(`${e.method} ${e.path} ${e.status}`));
      const first = new Map<string, { status: number; body: unknown }>();
      for (const [method, path] of requests) {
        const res = await mock.call(path, { method, headers: { 'accept-encoding': 'gzip' } });
        assert.equal(res.headers.get('x-mockyard-proxied'), 'true');
        first.set(`${method} ${path}`, { status: res.status, body: await res.json() });
      }
      for (const path of NOT_RECORDED) await (await mock.call(path)).text();
      // The same path twice (before the first is recorded, and after) makes one endpoint.
      await Promise.all([mock.call('/things'), mock.call('/things')].map(async (r) => (await r).text()));
      await mock.engine.recordingSettled();
      assert.deepEqual(recorded.sort(), [
        'DELETE /orders/1 404',
        'GET /things 200',
        'GET /things/7 200',
        'GET /zipped 200',
        'POST /orders 201',
      ]);

      await upstream.close();
      for (const [method, path] of requests) {
        const res = await mock.call(path, { method });
        assert.equal(res.headers.get('x-mockyard-proxied'), null, `${method} ${path} is served by the mock`);
        assert.deepEqual(
          { status: res.status, body: await res.json() },
          first.get(`${method} ${path}`),
          `${method} ${path}`,
        );
      }
      // Not recorded: these still go to the (now stopped) upstream.
      for (const path of NOT_RECORDED) assert.equal((await mock.call(path)).status, 502, path);

      const text = readFileSync(mock.configPath, 'utf8');
      const head = original.slice(0, original.indexOf('\n\nserver:'));
      assert.ok(text.startsWith(head), `the original text is kept:\n${text}`);
      assert.ok(text.endsWith(original.slice(original.indexOf('\n\nserver:'))), `the server section is kept:\n${text}`);
      for (const comment of ['# The shop mock', '# Served by the mock itself', '# liveness', '# the real API'])
        assert.ok(text.includes(comment), `kept ${comment}`);
      const endpoints = (parse(text) as { endpoints: { path: string; method: string }[] }).endpoints;
      assert.equal(endpoints.filter((e) => e.path === '/things' && e.method === 'GET').length, 1);
      assert.equal(endpoints.length, 6);
      const { problems } = await validateConfig(text, { configPath: mock.configPath });
      assert.deepEqual(
        problems.filter((p) => p.severity === 'error'),
        [],
      );
    } finally {
      await mock.close();
      await upstream.close();
    }
  });

  test('record-schemas: a JSON array on a collection path becomes a schema, a resource and seed rows', async () => {
    const upstream = await startUpstream();
    const users = [
      { id: 1, name: 'Ada', age: 36, score: 9.5, admin: true, joined: '2024-05-01T12:00:00Z', tags: ['x'] },
      { id: 2, name: 'Grace', age: 45, score: 8, admin: false, joined: '2024-06-01T08:30:00Z', tags: [] },
    ];
    upstream.handle = (req, res) => {
      req.resume();
      if (req.url === '/api/users')
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(users));
      else if (req.url === '/api/ping') res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2]');
      else res.writeHead(404).end();
    };
    const mock = await serve(commented(upstream.url), { record: 'schemas' });
    try {
      assert.deepEqual(await (await mock.call('/api/users')).json(), users);
      // An array of non-records is an inline endpoint.
      assert.deepEqual(await (await mock.call('/api/ping')).json(), [1, 2]);
      await mock.engine.recordingSettled();
      await upstream.close();

      const config = parse(readFileSync(mock.configPath, 'utf8')) as {
        schemas: Record<string, { properties: Record<string, string> }>;
        endpoints: Record<string, unknown>[];
        seed: Record<string, unknown[]>;
      };
      assert.deepEqual(config.schemas.User?.properties, {
        id: 'integer',
        name: 'string',
        age: 'integer',
        score: 'number',
        admin: 'boolean',
        joined: 'datetime',
        tags: 'json',
      });
      assert.ok(config.endpoints.some((e) => e.resource === 'User' && e.path === '/api/users'));
      assert.deepEqual(config.seed.User, users);
      assert.ok(config.endpoints.some((e) => e.path === '/api/ping'));
      assert.ok(readFileSync(mock.configPath, 'utf8').includes('# the real API'));

      const list = (await (await mock.call('/api/users')).json()) as { id: number; name: string }[];
      assert.deepEqual(
        list.map((u) => [u.id, u.name]),
        [
          [1, 'Ada'],
          [2, 'Grace'],
        ],
      );
      const one = await mock.call('/api/users/2');
      assert.equal(one.status, 200);
      assert.equal(((await one.json()) as { name: string }).name, 'Grace');
      // It is a live resource now: a create works.
      assert.equal((await mock.send('POST', '/api/users', { name: 'Linus', age: 20 })).status, 201);
      const { problems } = await validateConfig(readFileSync(mock.configPath, 'utf8'), { configPath: mock.configPath });
      assert.deepEqual(
        problems.filter((p) => p.severity === 'error'),
        [],
      );
    } finally {
      await mock.close();
      await upstream.close();
    }
  });

  test('setRecording turns recording on and off', async () => {
    const upstream = await startUpstream();
    upstream.handle = (req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url }));
    };
    const mock = await serve(commented(upstream.url));
    try {
      assert.equal(mock.engine.recording, undefined);
      await (await mock.call('/before')).text();
      mock.engine.setRecording('endpoints');
      assert.equal(mock.engine.recording, 'endpoints');
      await (await mock.call('/during')).text();
      await mock.engine.recordingSettled();
      mock.engine.setRecording(undefined);
      await (await mock.call('/after')).text();
      await mock.engine.recordingSettled();
      const paths = (parse(readFileSync(mock.configPath, 'utf8')) as { endpoints: { path: string }[] }).endpoints.map(
        (e) => e.path,
      );
      assert.deepEqual(paths, ['/health', '/during']);
    } finally {
      await mock.close();
      await upstream.close();
    }
  });

  test('recording on a full disk leaves the config as it was, byte for byte, and records once space returns', {
    timeout: 30_000,
  }, async (t) => {
    const { dir, cleanup } = tempDir();
    const mnt = smallDisk(t, dir, '1m');
    if (!mnt) return cleanup();
    const upstream = await startUpstream();
    upstream.handle = (req, res) => {
      req.resume();
      const items = Array.from({ length: 400 }, (_, i) => ({ id: i, text: `item ${i} ${'z'.repeat(40)}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url, items }));
    };
    const configPath = join(mnt, 'mock.yaml');
    const original = commented(upstream.url);
    writeFileSync(configPath, original);
    const mock = await serve(original, { record: 'endpoints', configPath });
    try {
      fill(mnt, 8 * 1024);
      await (await mock.call('/big')).text();
      await mock.engine.recordingSettled();
      assert.equal(readFileSync(configPath, 'utf8'), original, 'the config keeps every byte');
      assert.deepEqual(
        readdirSync(mnt).filter((name) => name.endsWith('.tmp')),
        [],
        'no temporary file is left',
      );
      unlinkSync(join(mnt, 'filler'));
      await (await mock.call('/later')).text();
      await mock.engine.recordingSettled();
      const text = readFileSync(configPath, 'utf8');
      assert.ok(text.startsWith('# The shop mock'), 'the comments are kept');
      assert.ok((await validateConfig(text)).model, 'the config still validates');
      const paths = (parse(text) as { endpoints: { path: string }[] }).endpoints.map((e) => e.path);
      assert.deepEqual(paths, ['/health', '/later']);
    } finally {
      await mock.close();
      await upstream.close();
      unmount(mnt);
      cleanup();
    }
  });
});
