/**
 * Hostile request values against every template helper that sizes its output: each answer stays
 * small and prompt (a capped count, or a 500 naming the limit), the server keeps serving, and
 * clients that never read what they asked for cannot pile answers up in memory.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { FakerSource } from '../src/templates/faker-source.js';
import { FAKER_MODULES } from '../src/templates/faker-modules.js';
import { MAX_FAKER_COUNT, MAX_OUTPUT_CHARS } from '../src/templates/limits.js';
import { serve, yaml } from './helpers.js';

const HOSTILE = yaml`
  endpoints:
    - path: /health
      method: GET
      response:
        inline: { ok: true }
    - path: /alpha
      method: POST
      response:
        inline: { text: "{{faker 'string.alpha' request.body.n}}" }
    - path: /alpha-hash
      method: POST
      response:
        inline: { text: "{{faker 'string.alpha' length=request.body.n}}" }
    - path: /alpha-options
      method: POST
      response:
        inline: { text: "{{faker 'string.alpha' request.body.options}}" }
    - path: /paragraphs
      method: POST
      response:
        inline: { text: "{{faker 'lorem.paragraphs' request.body.n request.body.sep}}" }
    - path: /words
      method: POST
      response:
        inline: { text: "{{faker 'lorem.words' request.body.options}}" }
    - path: /isbn
      method: POST
      response:
        inline: { text: "{{faker 'commerce.isbn' request.body.n}}" }
    - path: /password
      method: POST
      response:
        inline: { text: "{{faker 'internet.password' length=request.body.n}}" }
    - path: /separator
      method: POST
      response:
        inline: { text: "{{#repeat request.body.n separator=request.body.sep}}x{{/repeat}}" }
    - path: /json-loop
      method: POST
      response:
        inline: { text: "{{#repeat 1000}}{{json request.body}}{{/repeat}}" }
    - path: /faker-loop
      method: POST
      response:
        inline: { text: "{{#repeat 1000}}{{faker 'lorem.paragraphs' 1000}}{{/repeat}}" }
`;

const N = 100_000_000;

test('every sizing helper given a hostile request value answers small and fast, and the server keeps serving', {
  timeout: 60_000,
}, async () => {
  const s = await serve(HOSTILE);
  try {
    const cases: [string, unknown][] = [
      ['/alpha', { n: N }],
      ['/alpha', { n: '100000000' }],
      ['/alpha-hash', { n: N }],
      ['/alpha-options', { options: { length: {} } }],
      ['/alpha-options', { options: { length: { min: N, max: N } } }],
      ['/paragraphs', { n: 1_000_000 }],
      ['/paragraphs', { n: 1000, sep: 'x'.repeat(100_000) }],
      ['/words', { options: {} }],
      ['/words', { options: { min: N, max: N } }],
      ['/isbn', { n: N }],
      ['/password', { n: N }],
      ['/separator', { n: 1000, sep: 'x'.repeat(100_000) }],
      ['/json-loop', { pad: 'x'.repeat(100_000) }],
      ['/faker-loop', {}],
    ];
    for (const [path, body] of cases) {
      const start = performance.now();
      const res = await s.call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      const ms = performance.now() - start;
      const label = `${path} ${JSON.stringify(body).slice(0, 60)}`;
      assert.ok(ms < 5000, `${label} took ${Math.round(ms)} ms`);
      assert.ok(res.status === 200 || res.status === 500, `${label}: ${res.status}`);
      if (res.status === 500) assert.match(JSON.parse(text).error, /limit|more than|at most|characters/, label);
      else assert.ok(text.length <= 2 * MAX_OUTPUT_CHARS, `${label}: ${text.length} characters`);
      const health = await s.call('/health', { signal: AbortSignal.timeout(5000) });
      assert.equal(health.status, 200);
    }
    // A count past the cap is lowered to it, not refused.
    const alpha = await s.send('POST', '/alpha', { n: N });
    assert.equal(((await alpha.json()) as { text: string }).text.length, MAX_FAKER_COUNT);
  } finally {
    await s.close();
  }
});

/** Sends a request on a raw socket and reads nothing until told to. */
function unreadRequest(port: number, path: string, body: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

test('eight clients that never read a separator-heavy answer cannot grow the heap; each gets a short 500', {
  timeout: 60_000,
}, async () => {
  const s = await serve(HOSTILE);
  const port = Number(new URL(s.url).port);
  const sockets: Socket[] = [];
  try {
    const body = JSON.stringify({ n: 1000, sep: 'y'.repeat(40_000) });
    const before = process.memoryUsage();
    for (let i = 0; i < 8; i++) sockets.push(await unreadRequest(port, '/separator', body));
    // The server answers others while those answers wait.
    const health = await s.call('/health', { signal: AbortSignal.timeout(5000) });
    assert.equal(health.status, 200);
    const after = process.memoryUsage();
    const grown = after.rss + after.external - before.rss - before.external;
    assert.ok(grown < 150 * 1024 * 1024, `memory grew by ${Math.round(grown / 2 ** 20)} MiB`);
    // Now read: each answer is the short limit error, not 40 MB of separators.
    for (const socket of sockets) {
      const text = await new Promise<string>((resolve) => {
        let received = '';
        socket.setEncoding('latin1');
        socket.on('data', (d: string) => {
          received += d;
          if (received.includes('}')) resolve(received);
        });
        socket.on('end', () => resolve(received));
        socket.resume();
      });
      assert.match(text, /^HTTP\/1\.1 500/);
      assert.ok(text.length < 4096, `${text.length} bytes`);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    await s.close();
  }
});

test('every faker method, given hostile sizes in every form, returns within a bound of time and size', {
  timeout: 120_000,
}, async () => {
  const faker = new FakerSource(7);
  await faker.ready();
  const { faker: shared } = await import('@faker-js/faker/locale/en');
  const big = 400_000_000;
  const hostile: unknown[][] = [
    [big],
    [{ length: big, count: big, variant: big }],
    [{}],
    [{ length: {} }],
    [{ min: big, max: big }],
    [big, big],
  ];
  let calls = 0;
  for (const module of FAKER_MODULES) {
    const methods = Object.getOwnPropertyNames(
      Object.getPrototypeOf((shared as unknown as Record<string, object>)[module]),
    );
    for (const method of methods) {
      if (method === 'constructor' || method.startsWith('_') || /deprecated|urlLoremFlickr/i.test(method)) continue;
      for (const args of hostile) {
        const start = performance.now();
        let size = 0;
        try {
          const value = faker.call(`${module}.${method}`, args);
          size = typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
        } catch {
          // Refusing a hostile argument is fine; only time and size matter here.
        }
        const ms = performance.now() - start;
        const label = `${module}.${method}(${JSON.stringify(args)})`;
        assert.ok(ms < 2000, `${label} took ${Math.round(ms)} ms`);
        assert.ok(size <= 1024 * 1024, `${label} made ${size} characters`);
        calls++;
      }
    }
  }
  assert.ok(calls > 500, `${calls} calls`);
});
