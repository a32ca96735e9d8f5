/**
 * `npm run soak`: a long run of `mockyard serve --watch --admin` under a steady mixed load (GET list,
 * GET by id, POST, PATCH, a static endpoint) with the config rewritten every 10 s, alternating two
 * valid versions. Prints requests, errors (must be 0), the server's RSS after warm-up and at the end
 * (target: flat within 10 %), and checks that the request log stays within its limit.
 *
 * SOAK_SECONDS (default 600) sets the length, SOAK_RPS (default 400) the request rate,
 * SOAK_CONNECTIONS (default 8) the requests in flight. Everything goes to 127.0.0.1 and stops by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOG_LIMIT } from '../../engine/src/index.js';
import { freePort, rssMiB } from './processes.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RPS = Number(process.env.SOAK_RPS ?? 400);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const RELOAD_EVERY_MS = 10_000;
/**
 * Warm-up before the first RSS sample counts: JIT, SQLite's page cache, the request log's body arena
 * being touched for the first time. At 400 req/s RSS climbs for about 30 s, then stays flat.
 */
const WARM_UP_SECONDS = Math.min(30, Math.round(SECONDS / 2));
const SAMPLE_EVERY_MS = 1000;
const RSS_TARGET = 0.1;
const SEED_USERS = 50;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Two valid configs: the same tables, different static answers and routes. */
function soakConfig(variant: 0 | 1): string {
  const seed = Array.from(
    { length: SEED_USERS },
    (_, i) => `    - { name: "User ${i + 1}", email: "user${i + 1}@example.com", score: ${i} }`,
  ).join('\n');
  return `# soak config, variant ${variant}
schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      email: string
      score: integer
endpoints:
  - resource: User
  - path: /health
    method: GET
    response:
      inline: { status: ok, variant: ${variant} }
  - path: /variant
    method: GET
    response:
      inline: { variant: ${variant} }
${variant === 1 ? '  - path: /extra\n    method: GET\n    response:\n      inline: { extra: true }\n' : ''}seed:
  User:
${seed}
`;
}

interface Server {
  child: ChildProcess;
  url: string;
  token: string;
  stdout(): string;
  stderr(): string;
  stop(): Promise<void>;
}

async function startServer(dir: string, port: number): Promise<Server> {
  const args = [
    join(root, 'bin/mockyard.cjs'),
    'serve',
    'soak.yaml',
    '--port',
    String(port),
    '--watch',
    '--admin',
    '--quiet',
    '--no-color',
  ];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const token = /Authorization: Bearer (\w+)/.exec(out)?.[1];
    if (token && /Watching soak\.yaml/.test(out))
      return { child, url: `http://127.0.0.1:${port}`, token, stdout: () => out, stderr: () => err, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`mockyard serve did not start:\n${out}\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Kind = 'list' | 'get' | 'create' | 'update' | 'static';
/** The mix, out of 20: mostly reads, as a front end under test would send. */
const MIX: Kind[] = [
  'list',
  'list',
  'list',
  'list',
  'get',
  'get',
  'get',
  'get',
  'get',
  'get',
  'create',
  'create',
  'create',
  'update',
  'update',
  'update',
  'static',
  'static',
  'static',
  'static',
];

interface Tally {
  requests: number;
  errors: number;
  byKind: Record<Kind, number>;
  failures: string[];
}

async function main(): Promise<void> {
  if (!(SECONDS > 0) || !(RPS > 0) || !(CONNECTIONS > 0))
    throw new Error('SOAK_SECONDS, SOAK_RPS and SOAK_CONNECTIONS must be positive numbers.');
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-soak-'));
  const configPath = join(dir, 'soak.yaml');
  writeFileSync(configPath, soakConfig(0));
  const port = await freePort();
  const server = await startServer(dir, port);
  const { url, token } = server;
  const tally: Tally = {
    requests: 0,
    errors: 0,
    byKind: { list: 0, get: 0, create: 0, update: 0, static: 0 },
    failures: [],
  };
  const ids: number[] = Array.from({ length: SEED_USERS }, (_, i) => i + 1);
  const pick = (): number => ids[Math.floor(Math.random() * ids.length)] ?? 1;
  let created = 0;

  const fail = (what: string): void => {
    tally.errors++;
    if (tally.failures.length < 10) tally.failures.push(what);
  };

  async function one(kind: Kind): Promise<void> {
    const json = { 'content-type': 'application/json' };
    let res: Response;
    try {
      if (kind === 'list') res = await fetch(`${url}/users?limit=20&offset=${Math.floor(Math.random() * 40)}`);
      else if (kind === 'get') res = await fetch(`${url}/users/${pick()}`);
      else if (kind === 'create') {
        const n = ++created;
        res = await fetch(`${url}/users`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: `Soak ${n}`, email: `soak${n}@example.com`, score: n % 100 }),
        });
      } else if (kind === 'update')
        res = await fetch(`${url}/users/${pick()}`, {
          method: 'PATCH',
          headers: json,
          body: JSON.stringify({ score: Math.floor(Math.random() * 1000) }),
        });
      else res = await fetch(`${url}/health`);
      const body = await res.text();
      tally.requests++;
      tally.byKind[kind]++;
      const expected = kind === 'create' ? 201 : 200;
      if (res.status !== expected) return fail(`${kind}: ${res.status} ${body.slice(0, 200)}`);
      if (kind === 'create') {
        const id = (JSON.parse(body) as { id?: unknown }).id;
        // Keep the id pool bounded: new ids replace random old ones (all still exist).
        if (typeof id === 'number')
          if (ids.length < 5000) ids.push(id);
          else ids[Math.floor(Math.random() * ids.length)] = id;
      }
    } catch (err) {
      tally.requests++;
      tally.byKind[kind]++;
      fail(`${kind}: ${(err as Error).message}`);
    }
  }

  // Steady load: CONNECTIONS workers, each paced to RPS / CONNECTIONS requests a second.
  const start = performance.now();
  const endAt = start + SECONDS * 1000;
  const interval = (1000 * CONNECTIONS) / RPS;
  const worker = async (w: number): Promise<void> => {
    let next = start + (interval * w) / CONNECTIONS;
    let i = w;
    while (performance.now() < endAt) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      next += interval;
      // Behind schedule (a slow moment) is not made up in a burst.
      if (next < performance.now() - interval) next = performance.now();
      await one(MIX[i++ % MIX.length] as Kind);
    }
  };

  // Config reloads every 10 s, alternating the two versions; each is checked to go live.
  let reloads = 0;
  let reloadsLive = 0;
  let variant: 0 | 1 = 0;
  const checks: Promise<void>[] = [];
  const reloadTimer = setInterval(() => {
    variant = variant === 0 ? 1 : 0;
    const expected = variant;
    writeFileSync(configPath, soakConfig(expected));
    reloads++;
    checks.push(
      (async () => {
        const deadline = Date.now() + 5000;
        while (Date.now() < deadline) {
          try {
            const res = await fetch(`${url}/variant`);
            const body = (await res.json()) as { variant?: number };
            if (body.variant === expected) {
              reloadsLive++;
              return;
            }
          } catch {
            // counted as not live below
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        fail(`reload to variant ${expected} did not go live within 5 s`);
      })(),
    );
  }, RELOAD_EVERY_MS);

  // RSS of the server process, once a second.
  const samples: { t: number; rss: number }[] = [];
  const sampler = setInterval(
    () => samples.push({ t: (performance.now() - start) / 1000, rss: rssMiB(server.child.pid) }),
    SAMPLE_EVERY_MS,
  );
  const progress = setInterval(() => {
    const t = (performance.now() - start) / 1000;
    const rss = samples.at(-1)?.rss ?? NaN;
    console.log(
      `  ${t.toFixed(0).padStart(4)} s  ${tally.requests} requests, ${tally.errors} errors, ${reloads} reloads, RSS ${rss.toFixed(1)} MiB`,
    );
  }, 30_000);

  console.log(
    `Mockyard soak: ${SECONDS} s at ${RPS} req/s (${CONNECTIONS} in flight), config rewritten every ${RELOAD_EVERY_MS / 1000} s, RSS counted after ${WARM_UP_SECONDS} s of warm-up`,
  );
  let logLength = NaN;
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
    clearInterval(reloadTimer);
    clearInterval(sampler);
    clearInterval(progress);
    // The last reload's check may still be running.
    await Promise.all(checks);
    const log = await fetch(`${url}/__mockyard/log`, { headers: { Authorization: `Bearer ${token}` } });
    if (log.status !== 200) fail(`GET /__mockyard/log answered ${log.status}`);
    else logLength = ((await log.json()) as unknown[]).length;
  } finally {
    clearInterval(reloadTimer);
    clearInterval(sampler);
    clearInterval(progress);
    await server.stop();
  }
  const elapsed = (performance.now() - start) / 1000;

  // RSS: the mean of the first 10 s after warm-up against the mean of the last 10 s.
  const counted = samples.filter((s) => s.t >= WARM_UP_SECONDS && Number.isFinite(s.rss));
  const window = Math.max(1, Math.min(10, Math.floor(counted.length / 3)));
  const mean = (xs: { rss: number }[]): number => xs.reduce((sum, s) => sum + s.rss, 0) / Math.max(1, xs.length);
  const rssStart = mean(counted.slice(0, window));
  const rssEnd = mean(counted.slice(-window));
  const rssMax = Math.max(...counted.map((s) => s.rss));
  const change = (rssEnd - rssStart) / rssStart;
  const reloadedLines = (server.stdout().match(/Reloaded soak\.yaml/g) ?? []).length;
  const notReloaded = (server.stderr().match(/Not reloaded/g) ?? []).length;
  const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

  console.log('');
  console.log(
    `requests          ${tally.requests} in ${elapsed.toFixed(0)} s (${(tally.requests / elapsed).toFixed(0)} req/s): ${Object.entries(
      tally.byKind,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  console.log(`errors            ${tally.errors} (= 0 ${verdict(tally.errors === 0)})`);
  for (const f of tally.failures) console.log(`                  ${f}`);
  console.log(
    `reloads           ${reloads} written, ${reloadsLive} seen live, ${reloadedLines} "Reloaded" lines, ${notReloaded} refused (${verdict(reloadsLive === reloads && notReloaded === 0)})`,
  );
  console.log(
    `RSS               ${rssStart.toFixed(1)} MiB after warm-up, ${rssEnd.toFixed(1)} MiB at the end, max ${rssMax.toFixed(1)} MiB: ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} % (within ±${RSS_TARGET * 100} % ${verdict(Math.abs(change) <= RSS_TARGET)})`,
  );
  console.log(
    `request log       ${logLength} entries kept, limit ${DEFAULT_LOG_LIMIT} (${verdict(logLength <= DEFAULT_LOG_LIMIT && logLength > 0)})`,
  );
  if (server.stderr().trim()) console.log(`server stderr:\n${server.stderr().trim()}`);
  rmSync(dir, { recursive: true, force: true });
  if (tally.errors > 0 || !(logLength <= DEFAULT_LOG_LIMIT) || reloadsLive !== reloads) process.exitCode = 1;
}

await main();
