/**
 * Faults: the server process killed mid-write, a full disk, and config reloads racing with writes
 * and port changes. Every check is on the real SQLite file.
 */
import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Engine } from '../src/engine.js';
import { eventually } from './eventually.js';
import { serve, tempDir, yaml } from './helpers.js';
import { assertIntact, dbOf, errorOf, rowCount } from './http-fixtures.js';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../../../bin/mockyard.cjs');

/** A small seeded PRNG (mulberry32): kill points are random but the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ITEMS = yaml`
  schemas:
    Item:
      properties:
        id: integer
        n: { type: integer, required: true, unique: true }
        text: string
  endpoints:
    - resource: Item
`;

interface Acked {
  id: number;
  text: string;
}

/** Rows of the items table, read from the file by a separate connection. */
function readItems(file: string): { integrity: unknown; rows: Map<number, Acked> } {
  const db = new Database(file);
  try {
    const integrity = db.prepare('PRAGMA integrity_check').pluck().get();
    const rows = new Map<number, Acked>();
    for (const r of db.prepare('SELECT id, n, text FROM items').all() as { id: number; n: number; text: string }[])
      rows.set(r.n, { id: r.id, text: r.text });
    return { integrity, rows };
  } finally {
    db.close();
  }
}

function startCli(config: string, db: string): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', config, '--port', '0', '--db', db, '--quiet', '--no-log', '--no-color'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const url = new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 15_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise(m[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${out}`));
    });
  });
  url.catch(() => undefined);
  return { child, url };
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

test('SIGKILL of `mockyard serve` at random points during concurrent POSTs, 50 times: every 2xx write survives and the file stays intact', {
  // 50 process starts: ~20 s on a quiet machine, several times that when npm test shares it.
  timeout: 240_000,
}, async (t) => {
  // The guarantee under test: with WAL and synchronous=NORMAL a transaction is in the WAL (the OS's
  // page cache) before the 2xx is sent, so it survives the *process* dying at any instant. It does
  // not promise survival of an OS crash or power loss (that needs synchronous=FULL); this test
  // cannot and does not simulate one.
  const { dir, cleanup } = tempDir();
  const config = join(dir, 'mockyard.yaml');
  const file = join(dir, 'kill.sqlite');
  writeFileSync(config, ITEMS);
  const random = prng(0x5eed);
  const acked = new Map<number, Acked>();
  const attempted = new Set<number>();
  let next = 0;
  let kills = 0;
  let child: ChildProcess | undefined;
  const ROUNDS = 50;
  const MIN_ACKED_PER_ROUND = 5;
  const started = performance.now();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const server = startCli(config, file);
      child = server.child;
      const url = await server.url;
      const writers = 4 + Math.floor(random() * 5);
      // Writers run without pause, so a kill lands mid-write wherever it falls. The kill comes a
      // random time after this round's first acknowledged writes, not after a fixed time from the
      // start: on a busy machine a fixed window could pass before the first write was answered.
      const writeMs = Math.floor(random() * 150);
      const ackedBefore = acked.size;
      let dead = false;
      const writer = async (): Promise<void> => {
        while (!dead) {
          const n = next++;
          attempted.add(n);
          const text = `round ${round} write ${n} ✓`;
          try {
            const res = await fetch(`${url}/items`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ n, text }),
            });
            const body = (await res.json()) as { id: number; n: number; text: string };
            assert.equal(res.status, 201, `write ${n}: ${JSON.stringify(body)}`);
            acked.set(n, { id: body.id, text: body.text });
          } catch (err) {
            if (err instanceof assert.AssertionError) throw err;
            return; // the process is gone: this write may or may not have been committed
          }
        }
      };
      const running = Array.from({ length: writers }, () => writer());
      await eventually(
        () => acked.size >= ackedBefore + MIN_ACKED_PER_ROUND,
        30_000,
        `${MIN_ACKED_PER_ROUND} writes answered in round ${round}`,
      );
      await sleep(writeMs);
      child.kill('SIGKILL');
      await exited(child);
      dead = true;
      await Promise.all(running);
      kills++;

      const { integrity, rows } = readItems(file);
      assert.equal(integrity, 'ok', `integrity_check after kill ${round}`);
      for (const [n, write] of acked) {
        assert.deepEqual(rows.get(n), write, `acknowledged write ${n} is in the database after kill ${round}`);
      }
      for (const n of rows.keys()) assert.ok(attempted.has(n), `row ${n} was written by a request`);
    }
    const { integrity, rows } = readItems(file);
    assert.equal(integrity, 'ok');
    const committedUnacked = rows.size - acked.size;
    const lostInFlight = attempted.size - rows.size;
    t.diagnostic(`kills survived: ${kills}/${ROUNDS} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    t.diagnostic(
      `writes: ${attempted.size} sent, ${acked.size} acknowledged (all present), ${committedUnacked} committed but cut off before their answer, ${lostInFlight} never committed`,
    );
    assert.equal(kills, ROUNDS);
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    cleanup();
  }
});

test('SIGKILL of `mockyard serve` while its WAL is checkpointed in the worker thread, twice: every 2xx write survives and the file stays intact', {
  timeout: 240_000,
}, async () => {
  // Each round writes past the point where the store hands its checkpoints to a worker thread
  // (engine/src/store/sqlite/checkpointer.ts) and waits for a checkpoint to have grown the file, so
  // that the kill lands while checkpoints run beside the writes.
  const { dir, cleanup } = tempDir();
  const config = join(dir, 'mockyard.yaml');
  const file = join(dir, 'kill.sqlite');
  writeFileSync(config, ITEMS);
  const random = prng(0xc4ec);
  const acked = new Map<number, Acked>();
  let next = 0;
  let child: ChildProcess | undefined;
  try {
    // Two rounds (the first on a new file, the second on one with a WAL left by a kill): each costs
    // ~10 s of concurrent writes on a busy machine.
    for (let round = 1; round <= 2; round++) {
      const server = startCli(config, file);
      child = server.child;
      const url = await server.url;
      const sizeBefore = statSync(file).size;
      let dead = false;
      const writer = async (): Promise<void> => {
        while (!dead) {
          const n = next++;
          const text = `checkpoint round ${round} write ${n}`;
          try {
            const res = await fetch(`${url}/items`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ n, text }),
            });
            const body = (await res.json()) as { id: number };
            assert.equal(res.status, 201, `write ${n}: ${JSON.stringify(body)}`);
            acked.set(n, { id: body.id, text });
          } catch (err) {
            if (err instanceof assert.AssertionError) throw err;
            return;
          }
        }
      };
      const ackedBefore = acked.size;
      const running = Array.from({ length: 8 }, () => writer());
      await eventually(() => acked.size >= ackedBefore + 1500, 60_000, `1500 writes answered in round ${round}`);
      await eventually(() => statSync(file).size > sizeBefore, 30_000, `a checkpoint into the file in round ${round}`);
      await sleep(Math.floor(random() * 100));
      child.kill('SIGKILL');
      await exited(child);
      dead = true;
      await Promise.all(running);

      const { integrity, rows } = readItems(file);
      assert.equal(integrity, 'ok', `integrity_check after kill ${round}`);
      for (const [n, write] of acked)
        assert.deepEqual(rows.get(n), write, `acknowledged write ${n} after kill ${round}`);
    }
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    cleanup();
  }
});

// --- disk full ---------------------------------------------------------------------------------

const USERS = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        bio: string
  endpoints:
    - resource: User
`;

/** Fills the store with big POSTs until one fails, then checks the failure left nothing behind. */
async function fillUntilFull(
  t: TestContext,
  s: Awaited<ReturnType<typeof serve>>,
  label: string,
): Promise<{ status: number; error: string; written: number }> {
  const bio = 'x'.repeat(64 * 1024);
  let written = await rowCount(s, 'users');
  for (let i = 0; i < 500; i++) {
    const email = `${label}-${i}@example.com`;
    const res = await s.send('POST', '/users', { name: `${label} ${i}`, email, bio });
    if (res.status === 201) {
      await res.json();
      written++;
      continue;
    }
    const error = await errorOf(res);
    t.diagnostic(`${label}: write ${i} answered ${res.status} "${error}" after ${written} rows`);
    assert.equal(await rowCount(s, 'users'), written, 'the failed write added no row');
    assert.equal(
      dbOf(s).prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(email),
      0,
      'nothing of the failed write is stored',
    );
    return { status: res.status, error, written };
  }
  throw new Error('the disk never filled up');
}

/** While full: reads still work, a PATCH that needs space fails and leaves its record as it was. */
async function checkWhileFull(s: Awaited<ReturnType<typeof serve>>): Promise<void> {
  const list = await s.call('/users?_limit=1');
  assert.equal(list.status, 200);
  await list.text();
  const before = await (await s.call('/users/1')).json();
  const patch = await s.send('PATCH', '/users/1', { bio: 'y'.repeat(512 * 1024) });
  assert.ok(patch.status === 507 || patch.status === 500, `PATCH while full: ${patch.status}`);
  await errorOf(patch);
  assert.deepEqual(await (await s.call('/users/1')).json(), before, 'the failed PATCH changed nothing');
}

test('disk full on a real filesystem (a 2 MiB tmpfs): 507, nothing half-written, service continues once space returns', {
  timeout: 30_000,
}, async (t) => {
  const { dir, cleanup } = tempDir();
  const mnt = join(dir, 'small');
  mkdirSync(mnt);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mnt], { stdio: 'ignore' });
  } catch {
    cleanup();
    t.skip(
      'cannot mount a tmpfs here (not root, or refused by the sandbox); the max_page_count test covers SQLITE_FULL',
    );
    return;
  }
  let s: Awaited<ReturnType<typeof serve>> | undefined;
  const serverErrors: string[] = [];
  try {
    t.diagnostic(
      `disk-full approach: tmpfs of ${statfsSync(mnt).blocks * statfsSync(mnt).bsize} bytes mounted at ${mnt}`,
    );
    s = await serve(USERS, { database: join(mnt, 'full.sqlite') });
    s.engine.on('serverError', (e) => serverErrors.push(e.message));
    assert.equal((await s.send('POST', '/users', { name: 'first' })).status, 201);
    // Leave about 600 KiB free, then write until the disk is full.
    const free = statfsSync(mnt).bavail * statfsSync(mnt).bsize;
    const filler = join(mnt, 'filler');
    writeFileSync(filler, Buffer.alloc(Math.max(0, free - 600 * 1024)));
    const full = await fillUntilFull(t, s, 'tmpfs');
    assert.ok(full.status === 507 || full.status === 500, `disk full answers 507 (or 500), got ${full.status}`);
    if (full.status === 507) assert.equal(full.error, 'The database disk is full; nothing was written.');
    await checkWhileFull(s);
    assertIntact(s);
    // Space comes back: the same service writes again, with no restart.
    rmSync(filler);
    const again = await s.send('POST', '/users', {
      name: 'after',
      email: 'after@example.com',
      bio: 'z'.repeat(64 * 1024),
    });
    assert.equal(again.status, 201, 'writes work again once there is space');
    assert.equal(await rowCount(s, 'users'), full.written + 1);
    assertIntact(s);
    if (full.status === 507)
      assert.deepEqual(serverErrors, [], 'a full disk is reported to the client, not as a crash');
  } finally {
    await s?.close();
    try {
      execFileSync('umount', [mnt], { stdio: 'ignore' });
    } catch {
      execFileSync('umount', ['-l', mnt], { stdio: 'ignore' });
    }
    cleanup();
  }
});

test('disk full injected with PRAGMA max_page_count (SQLITE_FULL): 507, nothing half-written, service continues once the limit is raised', {
  timeout: 30_000,
}, async (t) => {
  const s = await serve(USERS);
  const serverErrors: string[] = [];
  s.engine.on('serverError', (e) => serverErrors.push(e.message));
  try {
    const db = dbOf(s);
    assert.equal((await s.send('POST', '/users', { name: 'first' })).status, 201);
    const pages = db.pragma('page_count', { simple: true }) as number;
    // The same connection the stores write through: SQLite answers SQLITE_FULL past this many pages.
    db.pragma(`max_page_count = ${pages + 40}`);
    t.diagnostic(`disk-full approach: PRAGMA max_page_count = ${pages + 40} (${pages} pages in use)`);
    const full = await fillUntilFull(t, s, 'pages');
    assert.equal(full.status, 507);
    assert.equal(full.error, 'The database disk is full; nothing was written.');
    await checkWhileFull(s);
    assertIntact(s);
    db.pragma('max_page_count = 1073741823');
    const again = await s.send('POST', '/users', {
      name: 'after',
      email: 'after@example.com',
      bio: 'z'.repeat(64 * 1024),
    });
    assert.equal(again.status, 201);
    assert.equal(await rowCount(s, 'users'), full.written + 1);
    assertIntact(s);
    assert.deepEqual(serverErrors, []);
  } finally {
    await s.close();
  }
});

// --- reloads racing with writes -------------------------------------------------------------------

/** A port that is free now (bound to 0, then released). */
function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePromise(port));
    });
  });
}

test('config reloads racing with concurrent writes and port changes: no failed request, no lost write', {
  timeout: 60_000,
}, async (t) => {
  const { dir, cleanup } = tempDir();
  const configPath = join(dir, 'mockyard.yaml');
  const ports = [await freePort(), await freePort()];
  // Two configs: B adds a field (a migration) and an endpoint; the port alternates too.
  const config = (port: number, variant: 'A' | 'B'): string => yaml`
    server: { port: ${port}, host: 127.0.0.1 }
    schemas:
      Item:
        properties:
          id: integer
          n: { type: integer, required: true, unique: true }
          text: string
          ${variant === 'B' ? 'note: string' : 'text2: string'}
    endpoints:
      - resource: Item
      - path: /variant
        method: GET
        response: { inline: { variant: ${variant} } }
  `;
  writeFileSync(configPath, config(ports[0] as number, 'A'));
  const engine = new Engine({ configPath, database: join(dir, 'race.sqlite') });
  const serverErrors: string[] = [];
  engine.on('serverError', (e) => serverErrors.push(e.message));
  const first = await engine.apply(config(ports[0] as number, 'A'));
  assert.ok(first.ok);
  await engine.start();
  const acked = new Map<number, { id: number; text: string }>();
  const failures: string[] = [];
  let connectRetries = 0;
  let next = 0;
  let stop = false;
  let served = 0;
  /**
   * Sends a request to the current address. A connection refused, or reset while it was being
   * accepted, by a listener that was just retired never carried the request, so it goes again to
   * the new address. Any failure after the connection was made counts as a failed request.
   */
  const send = async (path: string, init?: RequestInit): Promise<Response | undefined> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(`${engine.address?.url as string}${path}`, init);
      } catch (err) {
        const cause = (err as Error).cause as NodeJS.ErrnoException | undefined;
        if (cause?.syscall === 'connect' && attempt < 5) {
          connectRetries++;
          continue;
        }
        failures.push(
          `${init?.method ?? 'GET'} ${path}: ${(err as Error).message} (${cause?.code ?? ''} ${cause?.message ?? ''})`,
        );
        return undefined;
      }
    }
  };
  try {
    const writer = async (): Promise<void> => {
      while (!stop) {
        const n = next++;
        const res = await send('/items', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ n, text: `write ${n}` }),
        });
        if (!res) continue;
        const body = (await res.json()) as { id: number; text: string };
        served++;
        // A write the server ran but whose answer was lost would, sent again, fail on the unique `n` (409).
        if (res.status !== 201) failures.push(`write ${n}: ${res.status} ${JSON.stringify(body)}`);
        else acked.set(n, { id: body.id, text: body.text });
      }
    };
    const writers = Array.from({ length: 8 }, () => writer());
    const reader = (async (): Promise<void> => {
      while (!stop) {
        const res = await send('/variant');
        if (res && res.status !== 200) failures.push(`GET /variant: ${res.status}`);
        await res?.text();
      }
    })();
    let reloads = 0;
    let portChanges = 0;
    for (let i = 1; i <= 60; i++) {
      // Every third reload moves to the other port; the rest change the schema on the same port.
      const port = ports[Math.floor(i / 3) % 2] as number;
      const before = engine.address?.port;
      const result = await engine.apply(config(port, i % 2 === 0 ? 'A' : 'B'));
      assert.ok(result.ok, JSON.stringify(result.problems));
      assert.deepEqual(
        result.problems.filter((p) => p.severity === 'error'),
        [],
      );
      reloads++;
      if (engine.address?.port !== before) portChanges++;
      // Mostly quick succession (a port changed back while the old listener is still in its grace),
      // sometimes long enough for the old listener to have closed.
      await sleep(i % 15 === 0 ? 700 : 25);
    }
    stop = true;
    await Promise.all([...writers, reader]);
    t.diagnostic(
      `${reloads} reloads (${portChanges} port changes) during ${served} answered writes; connections refused or reset by a retired listener before any request was sent (sent again): ${connectRetries}`,
    );
    assert.deepEqual(failures, [], 'no request failed');
    assert.ok(portChanges >= 15, 'the port changed many times');
    const db = sqliteOf(engine.store) as Database.Database;
    assert.equal(db.prepare('PRAGMA integrity_check').pluck().get(), 'ok');
    const rows = new Map(
      (db.prepare('SELECT n, id, text FROM items').all() as { n: number; id: number; text: string }[]).map((r) => [
        r.n,
        { id: r.id, text: r.text },
      ]),
    );
    for (const [n, write] of acked) assert.deepEqual(rows.get(n), write, `write ${n} is stored`);
    assert.equal(rows.size, acked.size, 'every stored row was acknowledged: no retried write ran twice');
    assert.deepEqual(serverErrors, []);
  } finally {
    stop = true;
    await engine.stop();
    cleanup();
  }
});
