import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { Engine } from '../src/engine.js';
import { serve, tempDir, yaml } from './helpers.js';

const v1 = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: string
  endpoints:
    - resource: User
    - path: /health
      method: GET
      response: { inline: { version: 1 } }
  seed:
    User:
      - { name: Ada }
`;

const v2 = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: string
        email: string
  endpoints:
    - resource: User
    - path: /health
      method: GET
      response: { inline: { version: 2 } }
    - path: /extra
      method: GET
      response: { inline: { extra: true } }
`;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

test('reloading every 20 ms under concurrent load fails no request and loses no write', async () => {
  const s = await serve(v1);
  try {
    let stop = false;
    let reloads = 0;
    const failures: string[] = [];
    let ok = 0;
    let created = 0;
    const reloader = (async () => {
      while (!stop) {
        const result = await s.engine.apply(reloads % 2 === 0 ? v2 : v1);
        assert.ok(result.ok);
        reloads++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const worker = async (n: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const res =
          i % 3 === 0
            ? await s.send('POST', '/users', { name: `w${n}-${i}` })
            : await s.call(i % 3 === 1 ? '/users' : '/health');
        await res.arrayBuffer();
        if (res.status >= 400) failures.push(`${res.status} on request ${i} of worker ${n}`);
        else {
          ok++;
          if (res.status === 201) created++;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    // At least 1.5 s, and until enough reloads and requests overlapped (counts, not time: a busy
    // machine serves fewer requests per second), for 20 s at most.
    const started = Date.now();
    while (Date.now() - started < 20_000 && (Date.now() - started < 1500 || reloads < 10 || ok <= 200))
      await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await Promise.all([...workers, reloader]);
    assert.ok(reloads >= 10, `only ${reloads} reloads happened`);
    assert.ok(ok > 200, `only ${ok} requests succeeded`);
    assert.deepEqual(failures, []);
    const rows = sqliteOf(s.engine.store)?.prepare('SELECT count(*) FROM users').pluck().get();
    assert.equal(rows, created + 1);
  } finally {
    await s.close();
  }
});

test('an invalid config is refused with its problems and the last good config keeps serving', async () => {
  const s = await serve(v1);
  try {
    const result = await s.engine.apply(
      v1
        .replace('schema: User', 'schema: Usr')
        .replace('- resource: User', '- path: /u\n    method: GET\n    response: { schema: Usr }'),
    );
    assert.equal(result.ok, false);
    assert.match(result.problems.map((p) => p.message).join('\n'), /unknown schema 'Usr'/);
    const res = await s.call('/health');
    assert.deepEqual(await res.json(), { version: 1 });
    assert.equal((await s.call('/users/1')).status, 200);
  } finally {
    await s.close();
  }
});

test('a reload makes new endpoints answer at once and removed ones 404', async () => {
  const s = await serve(v1);
  try {
    assert.equal((await s.call('/extra')).status, 404);
    assert.ok((await s.engine.apply(v2)).ok);
    assert.deepEqual(await (await s.call('/extra')).json(), { extra: true });
    assert.deepEqual(await (await s.call('/health')).json(), { version: 2 });
    assert.ok((await s.engine.apply(v1)).ok);
    assert.equal((await s.call('/extra')).status, 404);
  } finally {
    await s.close();
  }
});

test('a changed port rebinds: the new port answers, the old one finishes its in-flight request and then refuses', async () => {
  const { dir, cleanup } = tempDir();
  const [portA, portB] = [await freePort(), await freePort()];
  const withPort = (port: number): string => `server:\n  port: ${port}\n  latency: 300\n${v1}`;
  const engine = new Engine({ configPath: join(dir, 'mockyard.yaml') });
  try {
    assert.ok((await engine.apply(withPort(portA))).ok);
    await engine.start();
    const inFlight = fetch(`http://127.0.0.1:${portA}/health`);
    await new Promise((r) => setTimeout(r, 50));
    const result = await engine.apply(withPort(portB));
    assert.ok(result.ok, JSON.stringify(result.problems));
    assert.equal(engine.address?.port, portB);
    const old = await inFlight;
    assert.equal(old.status, 200);
    assert.deepEqual(await old.json(), { version: 1 });
    assert.equal((await fetch(`http://127.0.0.1:${portB}/health`)).status, 200);
    await new Promise((r) => setTimeout(r, 50));
    await assert.rejects(fetch(`http://127.0.0.1:${portA}/health`, { headers: { connection: 'close' } }));
  } finally {
    await engine.stop();
    cleanup();
  }
});

test('a reload to a port that is in use keeps serving on the old port and reports the problem', async () => {
  const { dir, cleanup } = tempDir();
  const portA = await freePort();
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  const busy = (blocker.address() as { port: number }).port;
  const engine = new Engine({ configPath: join(dir, 'mockyard.yaml') });
  try {
    assert.ok((await engine.apply(`server:\n  port: ${portA}\n${v1}`)).ok);
    await engine.start();
    const result = await engine.apply(`server:\n  port: ${busy}\n${v2}`);
    assert.ok(result.ok);
    assert.match(result.problems.map((p) => p.message).join('\n'), new RegExp(`Port ${busy} is in use`));
    assert.equal(engine.address?.port, portA);
    assert.deepEqual(await (await fetch(`http://127.0.0.1:${portA}/health`)).json(), { version: 2 });
  } finally {
    blocker.close();
    await engine.stop();
    cleanup();
  }
});
