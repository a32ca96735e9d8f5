/**
 * The WebSocket section of `npm run bench` (issue 43): echo round trips per second on Mockyard's
 * `websocket:` endpoint (otherwise: echo, the request log on) against a bare node:http + `ws` echo
 * server, both pinned to the server CPU, the client (`ws`, in this process) on the other; rounds
 * interleaved, medians. The client is JavaScript too and may be what limits both, so each server's
 * CPU time per round trip (/proc/<pid>/stat) is reported beside the throughput.
 * Then a feed fan-out: one POST, 1,000 WebSocket subscribers of the table's feed, time until the
 * last one has the change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** `connections` clients each sending a frame and waiting for its echo, for `seconds`: round trips done. */
async function echoRound(
  url: string,
  pid: number,
  connections: number,
  seconds: number,
): Promise<{ perSecond: number; cpuUsPerTrip: number; clientBusy: number }> {
  const sockets = await Promise.all(Array.from({ length: connections }, () => open(url)));
  const payload = JSON.stringify({ type: 'chat', text: 'hello there, this is a message of about eighty bytes.' });
  // A short warm-up, not counted.
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          let n = 0;
          const on = (): void => {
            if (++n < 20) ws.send(payload);
            else {
              ws.off('message', on);
              resolve();
            }
          };
          ws.on('message', on);
          ws.send(payload);
        }),
    ),
  );
  let trips = 0;
  let running = true;
  const cpu0 = cpuMs(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const done = sockets.map(
    (ws) =>
      new Promise<void>((resolve) => {
        ws.on('message', () => {
          if (!running) {
            resolve();
            return;
          }
          trips++;
          ws.send(payload);
        });
        ws.send(payload);
      }),
  );
  await new Promise((r) => setTimeout(r, seconds * 1000));
  running = false;
  const elapsed = (performance.now() - t0) / 1000;
  const counted = trips;
  const cpu = cpuMs(pid) - cpu0;
  const client = process.cpuUsage(client0);
  await Promise.all(done);
  for (const ws of sockets) ws.terminate();
  return {
    perSecond: counted / elapsed,
    cpuUsPerTrip: (cpu * 1000) / counted,
    clientBusy: (client.user + client.system) / 1e6 / elapsed,
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
        r[which] = await echoRound(`${server.url.replace(/^http/, 'ws')}${path}`, server.pid, connections, seconds);
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
