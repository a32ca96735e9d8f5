// Several `mockyard serve` processes on one PostgreSQL database act as one service. Every test runs
// real replicas (the CLI spawned as processes) against a real, throwaway PostgreSQL server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from '../../engine/tests/postgres-server.js';
import { eventually, type Running, runCli } from './process.js';

const TOKEN = 'replica-admin-token';
const CONFIG = (schema: string, extra = '') => `server:
  schema: ${schema}
  admin: { token: ${TOKEN} }
schemas:
  Customer:
    properties:
      id: integer
      name: string
      email: { type: string, unique: true }${extra}
endpoints:
  - resource: Customer
seed:
  Customer:
    - { name: Ada, email: ada@example.com }
    - { name: Grace, email: grace@example.com }
`;

let postgres: TestPostgres | undefined;
const dir = mkdtempSync(join(tmpdir(), 'mockyard-replicas-'));
before(async () => {
  postgres = await startPostgres({ faults: true });
});
after(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});
const skip = POSTGRES_SKIP_REASON ?? false;

interface Replicas {
  urls: string[];
  running: Running[];
  configPath: string;
  stop(): Promise<void>;
}

let configs = 0;
/** `n` replicas of one config on the test database, started at once; each prints its URL. */
async function startReplicas(n: number, schema: string, args: string[] = []): Promise<Replicas> {
  const configPath = join(dir, `mock-${++configs}.yaml`);
  writeFileSync(configPath, CONFIG(schema));
  const running = Array.from({ length: n }, () =>
    runCli(['serve', configPath, '--port', '0', '--db', postgres?.url ?? '', ...args], dir),
  );
  const stop = async () => {
    await Promise.all(running.map((r) => r.stop()));
  };
  try {
    const urls = await Promise.all(running.map(async (r) => (await r.waitFor(/http:\/\/127\.0\.0\.1:\d+/, 20_000))[0]));
    return { urls, running, configPath, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * One request on a connection of its own (no keep-alive): a request that fails here failed at the
 * server, never in a client's race to reuse a connection the server was closing as idle.
 */
function plainRequest(url: string, method: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      { method, agent: false, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const post = (url: string, body: unknown) =>
  fetch(`${url}/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('three replicas started at once seed once; a record created on one is read on the others', {
  skip,
  timeout: 60_000,
}, async () => {
  const r = await startReplicas(3, 'seeded_once');
  try {
    for (const url of r.urls) {
      const rows = (await (await fetch(`${url}/customers`)).json()) as { name: string }[];
      assert.deepEqual(
        rows.map((c) => c.name),
        ['Ada', 'Grace'],
        `seeded exactly once, seen from ${url}`,
      );
    }
    const created = await post(r.urls[0] as string, { name: 'Linus', email: 'linus@example.com' });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    for (const url of r.urls.slice(1))
      assert.deepEqual(await (await fetch(`${url}/customers/${id}`)).json(), {
        id,
        name: 'Linus',
        email: 'linus@example.com',
      });
  } finally {
    await r.stop();
  }
});

test('the admin reset through one replica resets the shared tables once, for all', {
  skip,
  timeout: 60_000,
}, async () => {
  const r = await startReplicas(2, 'admin_reset');
  try {
    const [a, b] = r.urls as [string, string];
    assert.equal((await post(a, { name: 'Temp', email: 'temp@example.com' })).status, 201);
    assert.equal((await fetch(`${b}/customers`)).headers.get('x-total-count'), '3');
    const reset = await fetch(`${a}/__mockyard/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(reset.status, 200);
    assert.deepEqual(await reset.json(), { reset: { customers: 2 } });
    const rows = (await (await fetch(`${b}/customers`)).json()) as { name: string }[];
    assert.deepEqual(
      rows.map((c) => c.name),
      ['Ada', 'Grace'],
    );
  } finally {
    await r.stop();
  }
});

// 60 at once: 20 per replica, two for each of a replica's 10 pooled connections. With 200, requests
// queued behind the pool past its 5 s connection timeout on a loaded CI machine here (503 "timeout
// exceeded when trying to connect" for 13 of them in one run), which is not what this test is about.
test('60 concurrent POSTs of one unique value over three replicas: exactly one 201 and 59 × 409', {
  skip,
  timeout: 60_000,
}, async (t) => {
  const r = await startReplicas(3, 'one_unique');
  const others: string[] = [];
  try {
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(r.urls[i % 3] as string, { name: `n${i}`, email: 'same@example.com' }).then(async (res) => {
          const body = await res.text();
          if (res.status !== 201 && res.status !== 409) others.push(`${res.status} ${body.slice(0, 200)}`);
          return res.status;
        }),
      ),
    );
    const count = (s: number) => statuses.filter((x) => x === s).length;
    // The answers that are neither, so that a failure says what they were.
    t.diagnostic(`201: ${count(201)}, 409: ${count(409)}, other: ${[...new Set(others)].join(' | ') || 'none'}`);
    assert.deepEqual([count(201), count(409)], [1, 59]);
  } finally {
    await r.stop();
  }
});

test('a reload of all three replicas under load fails no request, and the new field is served by all', {
  skip,
  timeout: 90_000,
}, async (t) => {
  const r = await startReplicas(3, 'reload_load', ['--watch']);
  // Set in \`finally\` too: the load's loop survives failed requests, so a failed wait must end it.
  let stop = false;
  try {
    const failures: string[] = [];
    let sent = 0;
    const load = Promise.all(
      r.urls.map(async (url, i) => {
        while (!stop) {
          const n = sent++;
          const res = await (n % 2
            ? plainRequest(`${url}/customers?_limit=5`, 'GET')
            : plainRequest(`${url}/customers`, 'POST', { name: `l${i}`, email: `l${n}@example.com` })
          ).catch((err: NodeJS.ErrnoException) => {
            failures.push(`no answer from ${url}: ${err.code ?? ''} ${err.message}`);
            return undefined;
          });
          if (!res) continue;
          const { text } = res;
          if (res.status >= 400) failures.push(`${res.status} from ${url}: ${text}`);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(r.configPath, CONFIG('reload_load', '\n      vip: boolean'));
    // Each replica once: its vip record, once created, would answer 409 to the same email again.
    const serving = new Set<string>();
    await eventually(
      async () => {
        for (const url of r.urls) {
          if (serving.has(url)) continue;
          const res = await post(url, { name: 'V', email: `vip-${url}@example.com`, vip: true });
          await res.arrayBuffer();
          if (res.status !== 201) return false;
          serving.add(url);
        }
        return true;
      },
      20_000,
      'every replica to serve the new field',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await load;
    t.diagnostic(`${sent} requests during the reload, ${failures.length} failed`);
    assert.deepEqual(
      failures,
      [],
      r.running.map((p) => `exit ${p.child.exitCode}: ${p.stderr().slice(-500)}`).join('\n'),
    );
  } finally {
    stop = true;
    await r.stop();
  }
});

test('SIGKILL of one replica mid-write loses no write it acknowledged', { skip, timeout: 60_000 }, async (t) => {
  const r = await startReplicas(2, 'sigkill');
  try {
    const acknowledged: number[] = [];
    const victim = r.running[0] as Running;
    const writes = (async () => {
      for (let i = 0; ; i++) {
        const res = await post(r.urls[0] as string, { name: `k${i}`, email: `k${i}@example.com` }).catch(
          () => undefined,
        );
        if (!res) return;
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        else await res.arrayBuffer();
      }
    })();
    await eventually(() => acknowledged.length >= 50, 20_000, '50 acknowledged writes');
    victim.child.kill('SIGKILL');
    await writes;
    const total = Number((await fetch(`${r.urls[1]}/customers`)).headers.get('x-total-count'));
    t.diagnostic(`${acknowledged.length} writes acknowledged before the kill; ${total} rows in the table`);
    const missing: number[] = [];
    for (const id of acknowledged) {
      const res = await fetch(`${r.urls[1]}/customers/${id}`);
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(id);
    }
    assert.deepEqual(missing, [], 'every acknowledged write is read from the surviving replica');
  } finally {
    await r.stop();
  }
});

test('PostgreSQL stopped: 503 {"error":"Database unavailable: …"} without a crash; started again: served again, no restart', {
  skip,
  timeout: 60_000,
}, async (t) => {
  if (!postgres?.faults) return t.skip('an external PostgreSQL cannot be stopped here');
  const r = await startReplicas(1, 'outage');
  try {
    const url = r.urls[0] as string;
    assert.equal((await fetch(`${url}/customers`)).status, 200);
    await postgres.faults.stopServer('fast');
    const down = await fetch(`${url}/customers`);
    assert.equal(down.status, 503);
    assert.match(((await down.json()) as { error: string }).error, /^Database unavailable: /);
    const write = await post(url, { name: 'X', email: 'x@example.com' });
    assert.equal(write.status, 503);
    await write.arrayBuffer();
    assert.equal(r.running[0]?.child.exitCode, null, 'still running');
    await postgres.faults.startServer();
    await eventually(async () => (await fetch(`${url}/customers`)).status === 200, 20_000, 'service back');
    assert.equal((await post(url, { name: 'Y', email: 'y@example.com' })).status, 201);
  } finally {
    await r.stop();
  }
});

test('PostgreSQL unreachable at start: exit code 3 and one line naming host and port', {
  timeout: 30_000,
}, async () => {
  const configPath = join(dir, 'unreachable.yaml');
  writeFileSync(configPath, CONFIG('nowhere'));
  const serving = runCli(['serve', configPath, '--db', 'postgres://mock@127.0.0.1:1/mocks'], dir);
  const code = await new Promise<number | null>((resolve) => serving.child.once('exit', resolve));
  assert.equal(code, 3);
  assert.match(serving.stderr(), /127\.0\.0\.1:1\b/);
});
