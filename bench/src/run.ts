/**
 * `npm run bench`: Mockyard against a bare node:http + better-sqlite3 baseline, interleaved, pinned
 * to one CPU with the load generator on the other. Prints numbers and whether each target is met.
 * BENCH_SECONDS (default 10) and BENCH_ROUNDS (default 3) shorten or lengthen the run; BENCH_STARTS
 * (default 7) is how many fresh starts of each server the startup figure takes the median of.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { mockyardConfig } from './fixtures.js';
import { load, SCENARIOS, type LoadResult } from './load.js';
import { freePort, hasTaskset, rssMiB, startServer, type Started } from './processes.js';
import { benchDataJobs } from './data-jobs.js';
import { benchGrid } from './grid.js';
import { benchReload } from './reload.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=users runs only the requests whose name contains it (for profiling one path). */
const ONLY = process.env.BENCH_ONLY;
/** Rounds per request and server; each figure is the median round, so one disturbed round does not decide a ratio. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Fresh starts of each server for the startup figure (one start is too noisy to compare). */
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const pinned = hasTaskset && cpus().length >= 2;

// The load generator runs on CPU 1, the servers on CPU 0.
if (pinned && !process.env.MOCKYARD_BENCH_PINNED) {
  const r = spawnSync('taskset', ['-c', '1', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, MOCKYARD_BENCH_PINNED: '1' },
  });
  process.exit(r.status ?? 1);
}

type Name = 'mockyard' | 'mockyard (log off)' | 'baseline';

async function checkSameBodies(mock: string, base: string): Promise<void> {
  for (const path of ['/health', '/users', '/users/42']) {
    const [a, b] = await Promise.all([
      fetch(mock + path).then((r) => r.json()),
      fetch(base + path).then((r) => r.json()),
    ]);
    if (!isDeepStrictEqual(a, b))
      throw new Error(
        `bodies differ for GET ${path}:\n${JSON.stringify(a).slice(0, 300)}\n${JSON.stringify(b).slice(0, 300)}`,
      );
  }
  const post = async (url: string): Promise<unknown> => {
    const res = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Check', email: 'check@example.com' }),
    });
    if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}`);
    return res.json();
  };
  const [a, b] = [await post(mock), await post(base)];
  if (!isDeepStrictEqual(a, b)) throw new Error(`POST bodies differ: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Spawn to first answer, each start on a new database file (so both create and seed their table),
 * alternating between the two servers so that drift on the machine hits both alike.
 */
async function startupTimes(
  dir: string,
  servers: Record<'mockyard' | 'baseline', (port: number, db: string) => string[]>,
  cpu: number | undefined,
): Promise<Record<'mockyard' | 'baseline', number[]>> {
  const times = { mockyard: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < STARTS; i++) {
    for (const name of ['baseline', 'mockyard'] as const) {
      const port = await freePort();
      const server = await startServer(servers[name](port, join(dir, `start-${name}-${i}.sqlite`)), port, cpu, dir);
      times[name].push(server.startupMs);
      await server.stop();
    }
  }
  return times;
}

const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-bench-'));
  const servers = new Map<Name, Started>();
  try {
    writeFileSync(join(dir, 'bench.yaml'), mockyardConfig());
    const cli = join(root, 'bin/mockyard.cjs');
    const baseline = join(root, 'dist/bench/src/baseline-server.js');
    const cpu = pinned ? 0 : undefined;
    const starts = await startupTimes(
      dir,
      {
        baseline: (port, db) => [baseline, db, String(port)],
        mockyard: (port, db) => [cli, 'serve', 'bench.yaml', '--port', String(port), '--db', db, '--quiet'],
      },
      cpu,
    );
    const idle: Partial<Record<Name, number>> = {};
    const start = async (name: Name, args: (port: number) => string[]): Promise<void> => {
      const port = await freePort();
      const server = await startServer(args(port), port, cpu, dir);
      servers.set(name, server);
      await new Promise((r) => setTimeout(r, 500));
      idle[name] = rssMiB(server.child.pid);
    };
    await start('baseline', (port) => [baseline, join(dir, 'baseline.sqlite'), String(port)]);
    await start('mockyard', (port) => [
      cli,
      'serve',
      'bench.yaml',
      '--port',
      String(port),
      '--db',
      'mock.sqlite',
      '--quiet',
    ]);
    await start('mockyard (log off)', (port) => [
      cli,
      'serve',
      'bench.yaml',
      '--port',
      String(port),
      '--db',
      'mock-nolog.sqlite',
      '--quiet',
      '--no-log',
    ]);
    const get = (name: Name): Started => servers.get(name) as Started;
    await checkSameBodies(get('mockyard').url, get('baseline').url);

    console.log(
      `Mockyard benchmark: ${ROUNDS} rounds x ${SECONDS} s per request and server, 50 connections, ${pinned ? 'servers on CPU 0, load on CPU 1' : 'not pinned (no taskset or one CPU)'}`,
    );
    console.log('Bodies checked: GET /health, /users, /users/42 and POST /users give the same JSON from both.\n');
    const results = new Map<string, LoadResult[]>();
    const order: Name[] = ['mockyard', 'baseline', 'mockyard (log off)'];
    const scenarios = SCENARIOS.filter((s) => !ONLY || s.name.includes(ONLY));
    for (const scenario of scenarios) {
      for (const name of order) await load(get(name).url, scenario, 1); // warm-up
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of order) {
          const r = await load(get(name).url, scenario, SECONDS);
          const key = `${scenario.name}|${name}`;
          results.set(key, [...(results.get(key) ?? []), r]);
        }
      }
    }
    const typical = (key: string, f: (r: LoadResult) => number): number => median((results.get(key) ?? []).map(f));
    // Errors are counted over every round: a median would hide a round that had some.
    const errors = (key: string): number => (results.get(key) ?? []).reduce((n, r) => n + r.errors, 0);
    console.log('request                  server               req/s   p50 ms  p99 ms  errors');
    for (const scenario of scenarios) {
      for (const name of order) {
        const key = `${scenario.name}|${name}`;
        console.log(
          `${scenario.name.padEnd(24)} ${name.padEnd(20)} ${fmt(typical(key, (r) => r.rps)).padStart(6)}  ${fmt(
            typical(key, (r) => r.p50),
            1,
          ).padStart(6)}  ${fmt(
            typical(key, (r) => r.p99),
            1,
          ).padStart(6)}  ${fmt(errors(key)).padStart(6)}`,
        );
      }
    }
    console.log('\nratios                   mockyard/baseline  target   log-on cost  target');
    for (const scenario of scenarios) {
      const m = typical(`${scenario.name}|mockyard`, (r) => r.rps);
      const off = typical(`${scenario.name}|mockyard (log off)`, (r) => r.rps);
      const b = typical(`${scenario.name}|baseline`, (r) => r.rps);
      const ratio = m / b;
      const cost = 1 - m / off;
      console.log(
        `${scenario.name.padEnd(24)} ${fmt(ratio, 2).padStart(17)}  >= ${scenario.target.toFixed(1)} ${verdict(ratio >= scenario.target).padStart(6)}  ${`${fmt(cost * 100, 1)} %`.padStart(11)}  <= 15 % ${verdict(cost <= 0.15)}`,
      );
    }
    const mStart = median(starts.mockyard);
    const bStart = median(starts.baseline);
    const range = (xs: number[]): string => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;
    const mRss = idle.mockyard ?? NaN;
    const bRss = idle.baseline ?? NaN;
    console.log(
      `\nstartup to first response  median of ${STARTS} fresh starts each: mockyard ${fmt(mStart)} ms (${range(starts.mockyard)}), baseline ${fmt(bStart)} ms (${range(starts.baseline)}), ratio ${fmt(mStart / bStart, 2)} (<= 1.5 ${verdict(mStart / bStart <= 1.5)})`,
    );
    console.log(
      `idle RSS                   mockyard ${fmt(mRss, 1)} MiB, baseline ${fmt(bRss, 1)} MiB, ratio ${fmt(mRss / bRss, 2)} (<= 1.3 ${verdict(mRss / bRss <= 1.3)})`,
    );
    for (const server of servers.values()) await server.stop();
    servers.clear();

    const reload = await benchReload(SECONDS);
    console.log(
      `hot reload                 ${reload.endpoints} endpoints, an edit adding a route: apply ${fmt(reload.applyMs, 1)} ms, apply to new route answering ${fmt(reload.applyToAnswerMs, 1)} ms (<= 20 ${verdict(reload.applyToAnswerMs <= 20)})`,
    );
    console.log(
      `                           an edit adding a field to all 20 schemas (every table migrates): apply ${fmt(reload.applyAllTablesMs, 1)} ms`,
    );
    console.log(
      `reload under load          ${reload.reloads} reloads every 100 ms during ${reload.requests} requests: ${reload.failed} failed (= 0 ${verdict(reload.failed === 0)})`,
    );
    const grid = await benchGrid();
    console.log(
      `data browser               a page of 200 rows from ${grid.rows.toLocaleString('en')}: ${Object.entries(
        grid.pages,
      )
        .map(([k, v]) => `${k} ${fmt(v, 1)} ms`)
        .join(', ')}`,
    );
    const jobs = await benchDataJobs();
    const worst = Math.max(...Object.values(jobs.jobs).map((j) => j.blockMs));
    console.log(
      `import and generate        ${jobs.rows.toLocaleString('en')} rows, longest event-loop block (monitorEventLoopDelay, worst of ${jobs.runs}) and time taken: ${Object.entries(
        jobs.jobs,
      )
        .map(([k, v]) => `${k} ${fmt(v.blockMs, 1)} ms (${fmt(v.totalMs)} ms)`)
        .join(', ')} (< 100 ${verdict(worst < 100)})`,
    );
  } finally {
    for (const server of servers.values()) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
