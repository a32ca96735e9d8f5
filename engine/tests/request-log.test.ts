import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { shellQuote, toCurl } from '../../shared/src/curl.js';
import { toHar, toJsonLines } from '../../shared/src/har.js';
import type { LogEntry } from '../../shared/src/log-entry.js';
import { RequestLog, type ServedRequest } from '../src/log/request-log.js';
import { LogBatcher } from '../src/studio/log-batcher.js';
import { StudioSession } from '../src/studio/session.js';
import { serve, tempDir, USERS_CONFIG } from './helpers.js';

function entry(id: number, extra: Partial<LogEntry> = {}): LogEntry {
  return {
    id,
    time: Date.UTC(2026, 0, 1, 12, 0, id),
    method: 'GET',
    path: `/users/${id}`,
    query: '',
    requestHeaders: { host: '127.0.0.1:3000', accept: '*/*' },
    requestBody: '',
    endpoint: 'GET /users/:id',
    params: { id: String(id) },
    status: 200,
    responseHeaders: { 'Content-Type': 'application/json; charset=utf-8' },
    responseBody: `{"id":${id}}`,
    duration: 1.5,
    notes: [],
    ...extra,
  };
}

/** What the runtime hands the log: the response body as the Buffer that was sent. */
const served = (id: number, extra: Partial<LogEntry> = {}): ServedRequest => entry(id, extra);

test('the ring buffer keeps the newest entries up to its limit, oldest first', () => {
  const log = new RequestLog({ limit: 3 });
  for (let i = 1; i <= 5; i++) log.add(served(i));
  assert.deepEqual(
    log.entries().map((e) => e.id),
    [3, 4, 5],
  );
  assert.equal(log.count, 3);
  log.configure({ limit: 2 });
  assert.deepEqual(
    log.entries().map((e) => e.id),
    [4, 5],
  );
  log.configure({ limit: 4 });
  log.add(served(6));
  assert.deepEqual(
    log.entries().map((e) => e.id),
    [4, 5, 6],
  );
});

test('bodies longer than the body limit are cut and say how much was cut, without splitting a character', () => {
  const log = new RequestLog({ bodyLimit: 10 });
  log.add(served(1, { requestBody: 'short', responseBody: 'x'.repeat(25) }));
  log.add(served(2, { responseBody: 'ééééééé' }));
  const [first, second] = log.entries();
  assert.equal(first?.requestBody, 'short');
  assert.equal(first?.responseBody, `${'x'.repeat(10)}… [truncated, 15 more bytes]`);
  assert.equal(second?.responseBody, 'ééééé… [truncated, 4 more bytes]');
});

test('bodies live in a fixed arena: the oldest are reported as gone when newer ones need the room', () => {
  const log = new RequestLog({ limit: 100, bodyLimit: 300 * 1024 });
  const big = 'y'.repeat(256 * 1024);
  for (let i = 1; i <= 8; i++) log.add(served(i, { responseBody: `${i}${big}` }));
  const entries = log.entries();
  assert.equal(entries.length, 8);
  assert.match(entries[0]?.responseBody ?? '', /^\[body of 262145 bytes no longer kept/);
  assert.equal(entries[7]?.responseBody, `8${big}`);
});

test('served requests are logged with truncated bodies and bounded in count', async () => {
  const s = await serve(USERS_CONFIG, { log: { limit: 5, bodyLimit: 16 } });
  try {
    for (let i = 0; i < 8; i++) await (await s.send('POST', '/users', { name: `user number ${i}` })).arrayBuffer();
    const entries = s.engine.log.entries();
    assert.equal(entries.length, 5);
    assert.deepEqual(
      entries.map((e) => e.id),
      [4, 5, 6, 7, 8],
    );
    const last = entries[4] as LogEntry;
    assert.equal(last.status, 201);
    assert.equal(last.requestBody, '{"name":"user nu… [truncated, 8 more bytes]');
    assert.match(last.responseBody, /^\{"id":8,"name":"… \[truncated, \d+ more bytes\]$/);
  } finally {
    await s.close();
  }
});

test("the same response body again shares the last one's bytes; other bodies are kept as before", () => {
  // Limit 10: a 1 MiB arena. Ten different 200 KB bodies do not all fit; the same body ten times does.
  const big = (c: string): string => `[${'"x",'.repeat(50_000)}"${c}"]`;
  const log = new RequestLog({ limit: 10, bodyLimit: 256 * 1024 });
  const polled = big('a');
  for (let i = 1; i <= 10; i++) log.add(entry(i, { responseBody: polled }) as ServedRequest);
  assert.deepEqual(
    log.entries().map((e) => e.responseBody === polled),
    Array(10).fill(true),
    'every entry of the polled body reads back whole',
  );
  // An equal text that is another string object shares too; a different one is written.
  log.add(entry(11, { responseBody: big('a').slice(0) }) as ServedRequest);
  log.add(entry(12, { responseBody: big('b') }) as ServedRequest);
  const kept = log.entries();
  assert.equal(kept.at(-2)?.responseBody, polled);
  assert.equal(kept.at(-1)?.responseBody, big('b'));
  assert.equal(kept.at(0)?.responseBody, polled, 'the shared bytes are still there');
  // Different bodies use the arena as before: the oldest are reported gone.
  for (let i = 13; i <= 22; i++) log.add(entry(i, { responseBody: big(String(i)) }) as ServedRequest);
  const bodies = log.entries().map((e) => e.responseBody);
  assert.match(bodies[0] as string, /no longer kept/);
  assert.equal(bodies.at(-1), big('22'));
});

test('batches come at most every interval and carry every entry in order', async () => {
  const batches: LogEntry[][] = [];
  const batcher = new LogBatcher((b) => batches.push(b), 50, 10_000);
  const start = Date.now();
  for (let i = 1; i <= 1000; i++) {
    batcher.add(entry(i));
    if (i % 100 === 0) await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 80));
  const elapsed = Date.now() - start;
  assert.ok(batches.length <= Math.ceil(elapsed / 50) + 1, `${batches.length} batches in ${elapsed} ms`);
  assert.deepEqual(
    batches.flat().map((e) => e.id),
    Array.from({ length: 1000 }, (_, i) => i + 1),
  );
  batcher.close();
});

test('a lone entry goes out at once; during a burst, one batch per interval', async () => {
  const batches: [number, number[]][] = [];
  const start = performance.now();
  const batcher = new LogBatcher((b) => batches.push([performance.now() - start, b.map((e) => e.id)]), 300, 10_000);
  batcher.add(entry(1));
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(
    batches.map(([, ids]) => ids),
    [[1]],
    'the first entry did not wait for the interval',
  );
  // Entries every 10 ms for 700 ms: the next batches come about 300 ms apart, not every 10 ms. (A timer
  // counts from the event loop's clock, read at the start of its turn, so on a busy machine one can
  // fire a few ms before 300 ms by performance.now(): a CI run here saw 290.)
  for (let i = 2; i <= 71; i++) {
    batcher.add(entry(i));
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 350));
  const times = batches.map(([t]) => t);
  for (let i = 1; i < times.length; i++)
    assert.ok(
      (times[i] as number) - (times[i - 1] as number) >= 240,
      `batches at ${times.map(Math.round).join(', ')} ms`,
    );
  // At least 700 ms of entries: the first batch and two or more after it (more when the machine is slow).
  assert.ok(batches.length >= 3, `${batches.length} batches`);
  assert.deepEqual(
    batches.flatMap(([, ids]) => ids),
    Array.from({ length: 71 }, (_, i) => i + 1),
  );
  batcher.close();
});

test('a batch keeps only its newest entries when a burst overflows it', async () => {
  const batches: LogEntry[][] = [];
  const batcher = new LogBatcher((b) => batches.push(b), 20, 100);
  for (let i = 1; i <= 250; i++) batcher.add(entry(i));
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual(
    batches[0]?.map((e) => e.id),
    Array.from({ length: 100 }, (_, i) => i + 151),
  );
  batcher.close();
});

function checkHar(har: unknown): void {
  const h = har as { log: Record<string, unknown> };
  assert.equal(h.log.version, '1.2');
  assert.deepEqual(Object.keys(h.log.creator as object).sort(), ['name', 'version']);
  for (const e of h.log.entries as Record<string, unknown>[]) {
    assert.ok(!Number.isNaN(Date.parse(e.startedDateTime as string)), 'startedDateTime is ISO 8601');
    assert.equal(typeof e.time, 'number');
    const req = e.request as Record<string, unknown>;
    for (const k of ['method', 'url', 'httpVersion']) assert.equal(typeof req[k], 'string', `request.${k}`);
    for (const k of ['cookies', 'headers', 'queryString']) assert.ok(Array.isArray(req[k]), `request.${k}`);
    for (const k of ['headersSize', 'bodySize']) assert.equal(typeof req[k], 'number', `request.${k}`);
    assert.doesNotThrow(() => new URL(req.url as string));
    for (const h2 of req.headers as { name: unknown; value: unknown }[])
      assert.deepEqual([typeof h2.name, typeof h2.value], ['string', 'string']);
    const res = e.response as Record<string, unknown>;
    for (const k of ['status', 'headersSize', 'bodySize']) assert.equal(typeof res[k], 'number', `response.${k}`);
    for (const k of ['statusText', 'httpVersion', 'redirectURL'])
      assert.equal(typeof res[k], 'string', `response.${k}`);
    const content = res.content as Record<string, unknown>;
    assert.equal(typeof content.size, 'number');
    assert.equal(typeof content.mimeType, 'string');
    assert.deepEqual(e.cache, {});
    const timings = e.timings as Record<string, number>;
    for (const k of ['send', 'wait', 'receive']) assert.ok(timings[k] !== undefined && timings[k] >= 0, `timings.${k}`);
  }
}

test('the log exports as HAR 1.2 with every required field, and as JSON lines', () => {
  const entries = [
    entry(1),
    entry(2, {
      method: 'POST',
      path: '/users',
      query: 'a=1&b=x+y&c=%C3%A9',
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: '{"name":"Ada é"}',
      status: 201,
      responseHeaders: { Location: '/users/2', 'Content-Type': 'application/json' },
      notes: ['ignored query parameter'],
    }),
  ];
  const har = toHar(entries, 'http://127.0.0.1:3000', '1.0.0');
  checkHar(JSON.parse(JSON.stringify(har)));
  const post = har.log.entries[1];
  assert.equal(post?.request.url, 'http://127.0.0.1:3000/users?a=1&b=x+y&c=%C3%A9');
  assert.deepEqual(post?.request.queryString, [
    { name: 'a', value: '1' },
    { name: 'b', value: 'x y' },
    { name: 'c', value: 'é' },
  ]);
  assert.deepEqual(post?.request.postData, { mimeType: 'application/json', text: '{"name":"Ada é"}' });
  assert.equal(post?.request.bodySize, 17);
  assert.equal(post?.response.statusText, 'Created');
  assert.equal(post?.response.redirectURL, '/users/2');
  assert.equal(post?.comment, 'ignored query parameter');
  const lines = toJsonLines(entries).trimEnd().split('\n');
  assert.deepEqual(
    lines.map((l) => (JSON.parse(l) as LogEntry).id),
    [1, 2],
  );
});

test('curl commands survive quotes, newlines, and control bytes, and run in a real shell', () => {
  assert.equal(shellQuote('plain-word'), 'plain-word');
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
  assert.equal(shellQuote('a\nb'), "$'a\\nb'");
  assert.equal(shellQuote('nul\u0000 and \u001b esc'), "$'nul\\x00 and \\x1b esc'");
  const body = `{"text":"it's a \\"quote\\"\\nline two","emoji":"✓"}`;
  const command = toCurl(
    entry(3, {
      method: 'POST',
      path: '/users',
      query: 'q=a b',
      requestHeaders: { host: 'x', 'content-type': 'application/json', 'x-odd': "va'l\nue" },
      requestBody: body,
    }),
    'http://127.0.0.1:3000/',
  );
  assert.match(command, /^curl -X POST 'http:\/\/127\.0\.0\.1:3000\/users\?q=a b' /);
  assert.doesNotMatch(command, /host: x/);
  // bash parses the command back into the same words curl would get.
  const { dir, cleanup } = tempDir();
  try {
    const script = join(dir, 'args.sh');
    writeFileSync(script, `printf '%s\\0' "$@"`);
    const words = execFileSync('bash', ['-c', `set -- ${command.replace(/^curl /, '')}; bash ${script} "$@"`])
      .toString()
      .split('\0')
      .slice(0, -1);
    assert.deepEqual(words, [
      '-X',
      'POST',
      'http://127.0.0.1:3000/users?q=a b',
      '-H',
      'content-type: application/json',
      '-H',
      "x-odd: va'l\nue",
      '--data-binary',
      body,
    ]);
  } finally {
    cleanup();
  }
});

test('the persisted log survives a restart and replay sends a request again', async () => {
  const { dir, cleanup } = tempDir();
  const configPath = join(dir, 'api.yaml');
  writeFileSync(configPath, USERS_CONFIG);
  try {
    const first = new StudioSession({ configPath, port: 0, watch: false, log: { persist: true, limit: 50 } });
    await first.open();
    const url = first.status().url as string;
    await (
      await fetch(`${url}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Ada"}',
      })
    ).arrayBuffer();
    await (await fetch(`${url}/users/1`)).arrayBuffer();
    const [post] = first.engine.log.entries();
    assert.ok(post);
    assert.deepEqual(await first.log.replay(post.id), { status: 201 });
    assert.equal(first.engine.log.count, 3);
    assert.equal(
      ((await (await fetch(`${url}/users`)).json()) as unknown[]).length,
      2,
      'the replayed POST created a second user',
    );
    await first.close();

    const second = new StudioSession({ configPath, port: 0, watch: false, log: { persist: true, limit: 50 } });
    await second.open();
    try {
      const restored = second.engine.log.entries();
      assert.deepEqual(
        restored.map((e) => `${e.method} ${e.path} ${e.status}`),
        ['POST /users 201', 'GET /users/1 200', 'POST /users 201', 'GET /users 200'],
      );
      await (await fetch(`${second.status().url as string}/health`)).arrayBuffer();
      const ids = second.engine.log.entries().map((e) => e.id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'new ids continue after the restored ones',
      );
      assert.equal(new Set(ids).size, ids.length);
    } finally {
      await second.close();
    }
  } finally {
    cleanup();
  }
});

test('an entry reads back every field it was given, and later changes to the served object do not reach it', () => {
  const log = new RequestLog({ limit: 4 });
  const params = Object.assign(Object.create(null) as Record<string, string>, { id: '7' });
  const first = served(0, { params, notes: ['rule 1 matched (line 9)'], status: 0, query: 'a=1' });
  const second = served(0, { params: Object.create(null) as Record<string, string>, method: 'POST' });
  log.add(first);
  log.add(second);
  const [a, b] = log.entries();
  const given = { notes: ['rule 1 matched (line 9)'], status: 0, query: 'a=1' };
  assert.deepEqual(a, { ...entry(0, given), id: 1, params: { id: '7' } });
  assert.deepEqual(b, { ...entry(0, { method: 'POST' }), id: 2, params: {} });
  assert.equal(Object.getPrototypeOf(a?.params), Object.prototype, 'params read back as a plain object');
  first.status = 500;
  first.path = '/changed';
  first.duration = 99;
  const again = log.entries()[0];
  assert.equal(again?.status, 0);
  assert.equal(again?.path, '/users/0');
  assert.equal(again?.duration, 1.5);
  assert.deepEqual(log.last(), log.entries()[1]);
});
