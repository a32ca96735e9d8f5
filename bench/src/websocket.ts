/**
 * The WebSocket section of `npm run bench` (issue 43): echo round trips per second on Mockyard's
 * `websocket:` endpoint (otherwise: echo, the request log on) against a bare node:http + `ws` echo
 * server, both pinned to the server CPU, the load (ws-load.ts, raw sockets: a few µs a trip, as wrk
 * is for HTTP) on the other; rounds interleaved, medians. Each server's CPU time per round trip
 * (/proc/<pid>/stat) is reported beside the throughput, and the client's busy share, which says
 * whether the servers were the limit.
 * Then a feed fan-out: one POST, 1,000 WebSocket subscribers (`ws` clients) of the table's feed,
 * time until the last one has the change.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { median } from './compare.js';
import { freePort, type Started, startServer } from './processes.js';

const CONFIG = `schemas:
  Note:
    properties:
      id: integer
      text: string
endpoints:
  - path: /health
    method: GET
    response: { inline: { status: ok } }
  - resource: Note
  - path: /ws/echo
    websocket: { otherwise: echo }
  - path: /ws/notes
    websocket: { feed: Note }
`;

const TICK_MS = 1000 / 100; // USER_HZ on Linux

/** The echo load generator (ws-load.ts), compiled beside this file. */
const LOAD = fileURLToPath(new URL('./ws-load.js', import.meta.url));

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const open = (url: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

/**
 * `connections` clients each sending a frame and waiting for its echo, for `seconds` (ws-load.ts,
 * a child process on the load CPU): round trips a second, the server's CPU time a trip, and the
 * share of its CPU the client used.
 */
async function echoRound(
  url: string,
  pid: number,
  connections: number,
  seconds: number,
  loadCpu: number | undefined,
): Promise<{ perSecond: number; cpuUsPerTrip: number; clientBusy: number }> {
  const args = [LOAD, url, String(connections), String(seconds)];
  const child = spawn(
    loadCpu === undefined ? process.execPath : 'taskset',
    loadCpu === undefined ? args : ['-c', String(loadCpu), process.execPath, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  let cpu0 = 0;
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  child.stdout.on('data', (d: Buffer) => {
    const before = out;
    out += d.toString();
    if (!before.includes('ready\n') && out.includes('ready\n')) cpu0 = cpuMs(pid);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const cpu = cpuMs(pid) - cpu0;
  if (code !== 0) throw new Error(`ws-load on ${url} failed: ${err.trim() || `exit ${code}`}`);
  const result = JSON.parse(out.slice(out.indexOf('ready\n') + 6)) as { trips: number; seconds: number; cpuMs: number };
  return {
    perSecond: result.trips / result.seconds,
    cpuUsPerTrip: (cpu * 1000) / result.trips,
    clientBusy: result.cpuMs / 1000 / result.seconds,
  };
}

/** One POST to the table, `subscribers` WebSocket clients of its feed: ms until the last has the change. */
async function fanout(base: string, subscribers: number, runs: number): Promise<number[]> {
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws/notes`;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < subscribers; i += 100)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, subscribers - i) }, () => open(wsUrl)))));
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    let got = 0;
    const all = new Promise<void>((resolve) => {
      for (const ws of sockets)
        ws.once('message', () => {
          if (++got === sockets.length) resolve();
        });
    });
    const t0 = performance.now();
    const res = await fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: `fan-out ${run}` }),
    });
    if (res.status !== 201) throw new Error(`POST /notes answered ${res.status}`);
    await all;
    times.push(performance.now() - t0);
  }
  for (const ws of sockets) ws.terminate();
  return times;
}

export async function benchWebSocket(
  dir: string,
  cli: string,
  bare: string,
  serverCpu: number | undefined,
  loadCpu: number | undefined,
  { rounds = 10, seconds = 1, connections = 50, subscribers = 1000 } = {},
): Promise<WebSocketBench> {
  writeFileSync(join(dir, 'bench-ws.yaml'), CONFIG);
  const started: Started[] = [];
  try {
    const mockPort = await freePort();
    const mock = await startServer(
      [cli, 'serve', 'bench-ws.yaml', '--port', String(mockPort), '--db', join(dir, 'ws.sqlite'), '--quiet'],
      mockPort,
      serverCpu,
      dir,
    );
    started.push(mock);
    const barePort = await freePort();
    const plain = await startServer([bare, String(barePort)], barePort, serverCpu, dir);
    started.push(plain);
    const m: number[] = [];
    const b: number[] = [];
    const ratios: number[] = [];
    const mCpu: number[] = [];
    const bCpu: number[] = [];
    const busy: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // Interleaved, the order alternating, so drift on the machine hits both alike.
      const order = round % 2 === 0 ? (['mock', 'bare'] as const) : (['bare', 'mock'] as const);
      const r: Record<string, Awaited<ReturnType<typeof echoRound>>> = {};
      for (const which of order) {
        const server = which === 'mock' ? mock : plain;
        const path = which === 'mock' ? '/ws/echo' : '/echo';
        r[which] = await echoRound(
          `${server.url.replace(/^http/, 'ws')}${path}`,
          server.pid,
          connections,
          seconds,
          loadCpu,
        );
      }
      const mr = r.mock as Awaited<ReturnType<typeof echoRound>>;
      const br = r.bare as Awaited<ReturnType<typeof echoRound>>;
      m.push(mr.perSecond);
      b.push(br.perSecond);
      ratios.push(mr.perSecond / br.perSecond);
      mCpu.push(mr.cpuUsPerTrip);
      bCpu.push(br.cpuUsPerTrip);
      busy.push(mr.clientBusy, br.clientBusy);
    }
    const runs = await fanout(mock.url, subscribers, 11);
    return {
      connections,
      rounds,
      seconds,
      mockyard: median(m),
      bare: median(b),
      ratio: median(ratios),
      mockyardCpuUs: median(mCpu),
      bareCpuUs: median(bCpu),
      clientBusy: median(busy),
      fanout: { subscribers, medianMs: median(runs.slice(1)), runs },
    };
  } finally {
    for (const s of started) await s.stop();
  }
}

export interface WebSocketBench {
  connections: number;
  rounds: number;
  seconds: number;
  mockyard: number;
  bare: number;
  /** Median of the rounds' mockyard / bare throughput. */
  ratio: number;
  mockyardCpuUs: number;
  bareCpuUs: number;
  /** The client's share of its CPU during the rounds (near 1: the client limited both). */
  clientBusy: number;
  fanout: { subscribers: number; medianMs: number; runs: number[] };
}
