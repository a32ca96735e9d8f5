/**
 * `npm run bench`: Mockyard against bare node:http servers (better-sqlite3, and `pg` for the
 * PostgreSQL section), load from wrk pinned to its own CPU (the servers on the other), interleaved
 * rounds and medians. A run whose load-generator core was saturated gives no ratio.
 *
 * BENCH_SECONDS (default 1) and BENCH_ROUNDS (default 30) set each run's length and the rounds;
 * BENCH_STARTS (default 7) is how many fresh starts the startup figure takes the median of;
 * BENCH_ONLY=users runs only the requests whose name contains it; BENCH_SKIP=postgres,reload,grid,jobs
 * leaves sections out (also sqlite, startup, library, import, graphql, websocket, jsonserver).
 */
import { spawnSync } from 'node:child_process';
import { busyProcesses } from './busy.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  control as controlOf,
  fmt,
  fmtRatio,
  type Layout,
  median,
  measure,
  printThroughput,
  type Results,
  ratio,
  verdict,
} from './compare.js';
import { benchDataJobs } from './data-jobs.js';
import { mockyardConfig } from './fixtures.js';
import { benchGrid } from './grid.js';
import { benchGraphql } from './graphql.js';
import { benchImport } from './import-size.js';
import { benchJsonServer } from './json-server.js';
import { SCENARIOS } from './load.js';
import { benchPostgres } from './postgres.js';
import {
  freePort,
  hasTaskset,
  type Output,
  rssMiB,
  SAME_HEAP_STATE,
  startServer,
  type Started,
  USER_OUTPUT,
} from './processes.js';
import { benchReload } from './reload.js';
import { benchWebSocket } from './websocket.js';
import { checkSameBodies, checkSameCreate, SAME_JSON } from './same-json.js';
import { checkpointReport } from './wal-check.js';
import { findWrk, WRK_MISSING, wrkVersion } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
/** The reload section's wrk run, in which the config is reloaded every 100 ms. */
const RELOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const ONLY = process.env.BENCH_ONLY;
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const pinned = hasTaskset && cpus().length >= 2;
/** Servers on CPU 0, wrk (and this script, which mostly waits) on CPU 1. */
const SERVER_CPU = pinned ? 0 : undefined;
const LOAD_CPU = pinned ? 1 : undefined;

if (!findWrk()) {
  console.error(WRK_MISSING);
  process.exit(2);
}

if (pinned && !process.env.MOCKYARD_BENCH_PINNED) {
  const r = spawnSync('taskset', ['-c', String(LOAD_CPU), process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, MOCKYARD_BENCH_PINNED: '1' },
  });
  process.exit(r.status ?? 1);
}

/**
 * Spawn to first answer, each start on a new database file (so both create and seed the table),
 * alternating between the two servers so that drift on the machine hits both alike.
 */
async function startupTimes(
  dir: string,
  servers: Record<'mockyard' | 'bare', (port: number, db: string) => string[]>,
): Promise<Record<'mockyard' | 'bare', number[]>> {
  const times = { mockyard: [] as number[], bare: [] as number[] };
  for (let i = 0; i < STARTS; i++) {
    for (const name of ['bare', 'mockyard'] as const) {
      const port = await freePort();
      const server = await startServer(
        servers[name](port, join(dir, `start-${name}-${i}.sqlite`)),
        port,
        SERVER_CPU,
        dir,
      );
      times[name].push(server.startupMs);
      await server.stop();
    }
  }
  return times;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-bench-'));
  const servers: { name: string; server: Started }[] = [];
  const layout: Layout = { seconds: SECONDS, rounds: ROUNDS, loadCpu: LOAD_CPU, serverCpu: SERVER_CPU };
  const scenarios = SCENARIOS.filter((s) => !ONLY || s.name.includes(ONLY));
  const progress = (line: string): void => {
    if (process.env.BENCH_VERBOSE) console.log(line);
  };
  // Not the bench itself, nor the process that started it pinned.
  const own = new Set([process.pid, process.ppid]);
  try {
    writeFileSync(join(dir, 'bench.yaml'), mockyardConfig());
    writeFileSync(join(dir, 'bench-dynamic.yaml'), mockyardConfig({ dynamic: true }));
    const cli = join(root, 'bin/mockyard.cjs');
    const bare = join(root, 'dist/bench/src/baseline-server.js');
    console.log(
      `Mockyard benchmark: ${wrkVersion().split(' [')[0]}, 1 thread, 50 connections; ${ROUNDS} rounds x ${SECONDS} s per request and server, interleaved; each figure the median round, each ratio the median of the rounds' ratios (middle half in brackets); ${pinned ? `servers on CPU ${SERVER_CPU}, wrk on CPU ${LOAD_CPU}` : 'NOT pinned (no taskset or one CPU): the generator shares the CPUs with the servers'}.`,
    );
    console.log(`Other processes busy at the start: ${await busyProcesses(own)}.\n`);

    if (!SKIP.has('startup')) {
      const starts = await startupTimes(dir, {
        bare: (port, db) => [bare, db, String(port)],
        mockyard: (port, db) => [cli, 'serve', 'bench.yaml', '--port', String(port), '--db', db, '--quiet'],
      });
      const m = median(starts.mockyard);
      const b = median(starts.bare);
      const range = (xs: number[]): string => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;
      console.log(
        `startup to first response  median of ${STARTS} fresh starts: mockyard ${fmt(m)} ms (${range(starts.mockyard)}), bare ${fmt(b)} ms (${range(starts.bare)}), ratio ${fmt(m / b, 2)} (<= 1.3 ${verdict(m / b <= 1.3)})`,
      );
    }

    if (!SKIP.has('library')) {
      // A fresh process, pinned like a server: the first start pays for loading the library.
      const child = join(root, 'dist/bench/src/library-child.js');
      const command = pinned ? ['taskset', '-c', String(SERVER_CPU), process.execPath] : [process.execPath];
      const run = spawnSync(command[0] as string, [...command.slice(1), child, String(STARTS * 3)], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`library startup bench failed: ${run.stderr}`);
      const { times, cpu } = JSON.parse(run.stdout) as { times: number[]; cpu: number[] };
      const [first, ...rest] = times;
      const m = median(rest);
      const cpuMedian = median(cpu.slice(1));
      console.log(
        `library startup (10 schemas, :memory:, startMock to first answer)  first in a process ${fmt(first ?? NaN)} ms, then median of ${rest.length} ${fmt(m)} ms (${fmt(Math.min(...rest))}–${fmt(Math.max(...rest))}) (<= 30 ${verdict(m <= 30)}); CPU time first ${fmt(cpu[0] ?? NaN)} ms, then median ${fmt(cpuMedian)} ms`,
      );
    }

    if (!SKIP.has('sqlite')) {
      const idle = new Map<string, number>();
      const start = async (name: string, args: (port: number) => string[], output?: Output): Promise<void> => {
        const port = await freePort();
        const server = await startServer(args(port), port, SERVER_CPU, dir, {
          drainStdout: output && { cpu: LOAD_CPU, terminal: output === 'terminal' },
          nodeFlags: SAME_HEAP_STATE,
        });
        servers.push({ name, server });
        await new Promise((r) => setTimeout(r, 500));
        idle.set(name, rssMiB(server.pid));
      };
      const serveConfig =
        (config: string, db: string, ...flags: string[]) =>
        (port: number) => [cli, 'serve', config, '--port', String(port), '--db', db, ...flags];
      const serve = (db: string, ...flags: string[]) => serveConfig('bench.yaml', db, ...flags);
      // As a user runs it: in a terminal, with its request lines, and the request log on.
      await start('mockyard', serve('mock.sqlite'), USER_OUTPUT);
      // The same, with endpoints using templates and rules elsewhere in the config.
      await start('mockyard +templates', serveConfig('bench-dynamic.yaml', 'mock-dynamic.sqlite'), USER_OUTPUT);
      // Into a pipe, as in CI: every request gets its line.
      await start('mockyard | pipe', serve('mock-pipe.sqlite'), 'pipe');
      await start('bare', (port) => [bare, join(dir, 'bare.sqlite'), String(port)]);
      // A second bare server, measured like the others: bare ÷ bare shows what the bench can resolve.
      await start(controlOf('bare'), (port) => [bare, join(dir, 'bare-control.sqlite'), String(port)]);
      await start('mockyard --quiet', serve('mock-quiet.sqlite', '--quiet'));
      await start('mockyard --no-log', serve('mock-nolog.sqlite', '--quiet', '--no-log'));
      const mRss = idle.get('mockyard') ?? NaN;
      const bRss = idle.get('bare') ?? NaN;
      console.log(
        `idle RSS                   mockyard ${fmt(mRss, 1)} MiB, bare ${fmt(bRss, 1)} MiB, ratio ${fmt(mRss / bRss, 2)} (<= 1.2 ${verdict(mRss / bRss <= 1.2)})\n`,
      );
      const url = (name: string): string => servers.find((s) => s.name === name)?.server.url as string;
      await checkSameBodies(url('mockyard'), url('bare'));
      console.log(
        `SQLite: mockyard (default output ${USER_OUTPUT === 'terminal' ? 'on a terminal (a pty that util-linux script empties): a line per request, at most 200 a second and a count of the rest' : 'into a drained pipe (no util-linux script for a terminal): a line per request'}; request log on), the same with templated and rule-based endpoints elsewhere in its config (+templates), its output into a drained pipe instead (| pipe: every line), --quiet (log on, no lines), --no-log, and a bare node:http + better-sqlite3 server, twice (the second copy is the control). Same JSON from both checked.`,
      );
      // Two groups of four, each request measured in both before the next: a ratio compares runs
      // close in time. With all eight servers in one round of 2 s runs, a run was up to 14 s from
      // the bare run it was divided by, and this VM's speed changes within seconds (consecutive
      // rounds gave 1.58, 0.55 and 1.53 for the same pair).
      const group = (names: string[]) =>
        names.map((n) => servers.find((s) => s.name === n) as (typeof servers)[number]);
      const verdicts = group(['bare', controlOf('bare'), 'mockyard', 'mockyard +templates']);
      const costs = group(['mockyard', 'mockyard --no-log', 'mockyard --quiet', 'mockyard | pipe']);
      const results: Results = new Map();
      const costResults: Results = new Map();
      for (const s of scenarios) {
        for (const [k, v] of await measure(verdicts, [s], layout, progress)) results.set(k, v);
        for (const [k, v] of await measure(costs, [s], layout, progress)) costResults.set(k, v);
      }
      await checkSameCreate(url('mockyard'), url('bare'));
      const names = (g: typeof servers) => g.map((x) => x.name);
      printThroughput(results, scenarios, names(verdicts));
      console.log('');
      printThroughput(costResults, scenarios, names(costs));
      console.log(
        `\n${'request'.padEnd(24)} mockyard ÷ bare     target         +templates ÷ bare  control: bare ÷ bare  log-on cost (÷ --no-log)  lines cost (÷ --quiet)  | pipe ÷ --quiet`,
      );
      for (const s of scenarios) {
        const r = ratio(results, s.name, 'mockyard', 'bare');
        const dynamic = ratio(results, s.name, 'mockyard +templates', 'bare');
        const control = ratio(results, s.name, controlOf('bare'), 'bare');
        const off = ratio(costResults, s.name, 'mockyard', 'mockyard --no-log');
        const quiet = ratio(costResults, s.name, 'mockyard', 'mockyard --quiet');
        const piped = ratio(costResults, s.name, 'mockyard | pipe', 'mockyard --quiet');
        const cost = (x: typeof off): string => (x.saturated ? 'saturated' : `${fmt((1 - x.value) * 100, 1)} %`);
        const head = r.saturated
          ? r.saturated.padEnd(34)
          : `${fmtRatio(r).padStart(18)}  >= ${s.target.toFixed(1)} ${verdict(r.value >= s.target).padEnd(6)}`;
        console.log(
          `${s.name.padEnd(24)} ${head}  ${dynamic.saturated ? dynamic.saturated : `${fmt(dynamic.value, 2).padStart(9)} ${verdict(dynamic.value >= s.target).padEnd(6)}`}  ${(control.saturated ?? fmtRatio(control)).padStart(20)}  ${cost(off).padStart(9)} (<= 10 % ${off.saturated ? '-' : verdict(1 - off.value <= 0.1)})  ${cost(quiet).padStart(12)}  ${piped.saturated ?? fmt(piped.value, 2).padStart(15)}`,
        );
      }
      if (scenarios.some((s) => s.name.startsWith('POST')))
        console.log(
          `\n${checkpointReport({
            mockyard: join(dir, 'mock.sqlite'),
            '+templates': join(dir, 'mock-dynamic.sqlite'),
            '| pipe': join(dir, 'mock-pipe.sqlite'),
            bare: join(dir, 'bare.sqlite'),
            '--quiet': join(dir, 'mock-quiet.sqlite'),
            '--no-log': join(dir, 'mock-nolog.sqlite'),
          })}`,
        );
      for (const { server } of servers.splice(0)) await server.stop();
    }

    if (!SKIP.has('postgres')) {
      console.log('');
      const pg = await benchPostgres(
        cli,
        join(root, 'dist/bench/src/baseline-pg-server.js'),
        dir,
        scenarios,
        layout,
        progress,
        SAME_JSON,
      );
      if (pg) {
        console.log(
          `PostgreSQL: mockyard serve --db postgres://… (default output ${USER_OUTPUT === 'terminal' ? 'on a terminal' : 'into a pipe'}, request log on) against a bare node:http + pg server (pool of 10, named statements), on ${pg.note}. Same JSON from both checked.`,
        );
        printThroughput(pg.results, scenarios, pg.names);
        console.log(`\n${'request'.padEnd(24)} mockyard ÷ bare     target     control: bare ÷ bare`);
        for (const s of scenarios) {
          const r = ratio(pg.results, s.name, 'mockyard pg', 'bare pg');
          const control = ratio(pg.results, s.name, controlOf('bare pg'), 'bare pg');
          const head =
            r.saturated ??
            `${fmtRatio(r).padStart(18)}  >= ${s.pgTarget.toFixed(1)} ${verdict(r.value >= s.pgTarget).padEnd(6)}`;
          console.log(`${s.name.padEnd(24)} ${head}  ${control.saturated ?? fmtRatio(control).padStart(20)}`);
        }
      }
    }

    if (!SKIP.has('graphql')) {
      console.log('\nGraphQL (issue 42): the endpoint against graphql-js over better-sqlite3, and json-graphql-server');
      await benchGraphql({
        root,
        dir,
        serverCpu: SERVER_CPU,
        loadCpu: LOAD_CPU,
        seconds: SECONDS,
        rounds: Math.min(ROUNDS, 10),
      });
    }

    if (!SKIP.has('websocket')) {
      const ws = await benchWebSocket(
        dir,
        cli,
        join(root, 'dist/bench/src/baseline-ws-server.js'),
        SERVER_CPU,
        LOAD_CPU,
      );
      console.log(
        `WebSocket echo             ${ws.connections} connections, each a frame then its echo, ${ws.rounds} rounds x ${ws.seconds} s: mockyard ${fmt(ws.mockyard)}/s, bare ws ${fmt(ws.bare)}/s, ratio ${fmt(ws.ratio, 2)} (>= 0.9 ${verdict(ws.ratio >= 0.9)}); server CPU a round trip mockyard ${fmt(ws.mockyardCpuUs, 1)} µs, bare ${fmt(ws.bareCpuUs, 1)} µs; client CPU busy ${fmt(ws.clientBusy * 100)} %`,
      );
      console.log(
        `feed fan-out               one POST, ${ws.fanout.subscribers} WebSocket subscribers: last one has it after ${fmt(ws.fanout.medianMs, 1)} ms (median of ${ws.fanout.runs.length - 1}; all: ${ws.fanout.runs.map((t) => fmt(t, 1)).join(', ')})`,
      );
    }
    if (!SKIP.has('reload')) {
      console.log('');
      const reload = await benchReload(RELOAD_SECONDS, LOAD_CPU);
      console.log(
        `hot reload                 ${reload.endpoints} endpoints, an edit adding a route: apply ${fmt(reload.applyMs, 1)} ms, apply to new route answering ${fmt(reload.applyToAnswerMs, 1)} ms (<= 20 ${verdict(reload.applyToAnswerMs <= 20)})`,
      );
      console.log(
        `                           an edit adding a field to all 20 schemas (every table migrates): apply ${fmt(reload.applyAllTablesMs, 1)} ms`,
      );
      console.log(
        `reload under load          ${reload.reloads} reloads every 100 ms during ${reload.requests} requests (wrk, 20 connections): ${reload.failed} failed (= 0 ${verdict(reload.failed === 0)})`,
      );
    }
    if (!SKIP.has('grid')) {
      const grid = await benchGrid();
      console.log(
        `data browser               a page of 200 rows from ${grid.rows.toLocaleString('en')}: ${Object.entries(
          grid.pages,
        )
          .map(([k, v]) => `${k} ${fmt(v, 1)} ms`)
          .join(', ')}`,
      );
    }
    if (!SKIP.has('jobs')) {
      const jobs = await benchDataJobs();
      const worst = Math.max(...Object.values(jobs.jobs).map((j) => j.blockMs));
      console.log(
        `import and generate        ${jobs.rows.toLocaleString('en')} rows, longest event-loop block (monitorEventLoopDelay, worst of ${jobs.runs}) and time taken: ${Object.entries(
          jobs.jobs,
        )
          .map(([k, v]) => `${k} ${fmt(v.blockMs, 1)} ms (${fmt(v.totalMs)} ms)`)
          .join(', ')} (< 100 ${verdict(worst < 100)})`,
      );
    }
    if (!SKIP.has('import')) {
      const large = benchImport(root, dir);
      console.log(
        `import of a large OpenAPI  ${fmt(large.mib, 1)} MB, ${large.endpoints.toLocaleString('en')} endpoints: ${fmt(large.ms)} ms, peak RSS ${fmt(large.rssMiB)} MiB (a fresh process; process.resourceUsage)`,
      );
    }
    if (!SKIP.has('jsonserver')) {
      const js = await benchJsonServer(root, dir, {
        rows: 50_000,
        starts: STARTS,
        rounds: Math.min(ROUNDS, 10),
        seconds: SECONDS,
        serverCpu: SERVER_CPU,
        loadCpu: LOAD_CPU,
      });
      const fresh = median(js.freshMs);
      const paired = js.dbJsonRps.map((rps, i) => rps / (js.yamlRps[i] ?? NaN));
      console.log(
        `json-server db.json        ${js.rows.toLocaleString('en')} rows: spawn to first answer, median of ${js.freshMs.length}: fresh database ${fmt(fresh)} ms (${fmt(Math.min(...js.freshMs))}–${fmt(Math.max(...js.freshMs))}) (< 1000 ${verdict(fresh < 1000)}), kept database ${fmt(median(js.keptMs))} ms (control: the 100-row bench.yaml ${fmt(median(js.controlMs))} ms); GET ${js.path}: db.json ${fmt(median(js.dbJsonRps))} req/s, the imported YAML ${fmt(median(js.yamlRps))} req/s, ratio ${fmt(median(paired), 2)} (median of ${paired.length} alternating rounds; >= 0.9 ${verdict(median(paired) >= 0.9)})`,
      );
    }
    console.log(`\nOther processes busy at the end: ${await busyProcesses(own)}.`);
  } finally {
    for (const { server } of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
