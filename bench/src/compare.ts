/**
 * Interleaved wrk runs of several servers on the same requests, medians of the rounds, and the
 * tables the bench prints: throughput, and ratios that are not given when the generator was the limit.
 */
import type { Scenario } from './load.js';
import type { Started } from './processes.js';
import { SATURATED, type WrkResult, wrk } from './wrk.js';

export interface Layout {
  seconds: number;
  rounds: number;
  /** The load generator's CPU, and the servers' (undefined when not pinned). */
  loadCpu: number | undefined;
  serverCpu: number | undefined;
}

/** The median round of one server on one request; errors are summed over all rounds (a median would hide some). */
export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  loadCore: number;
  wrkCpu: number;
  serverCpu: number;
  rounds: WrkResult[];
  /**
   * Each round's throughput against the reference server's, measured just before and just after it
   * (their mean): 1 for the reference itself.
   */
  relative: number[];
}

export const median = (xs: number[]): number => {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

export const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');
export const pct = (n: number): string => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : '-');
export const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

export type Results = Map<string, Measured>;
export const key = (scenario: string, server: string): string => `${scenario}|${server}`;

/**
 * For each request: a short warm-up of every server, then `rounds` rounds in which every other
 * server gets one run, each between two runs of `reference` (the bare server): ref, a, ref, b, ref,
 * ... A run is compared with the mean of the reference runs on either side of it, a few seconds
 * apart, so that a change of the machine's speed (on this VM, ±30 % between one-second runs) cancels
 * out, a steady drift included. The order of the others turns by one each round.
 *
 * Why brackets rather than a cycle of all the servers: in a cycle of five, a server's run and the
 * reference's were up to four runs apart. Measured on /health (middle half of the per-round
 * ratios), pairs run back to back gave 0.892–0.915 and 0.909–0.936 (30 rounds of 1 s), the cycle
 * 0.902–0.934 and 0.877–0.941 (15 rounds of 2 s).
 */
export async function measure(
  servers: { name: string; server: Started }[],
  reference: string,
  scenarios: Scenario[],
  layout: Layout,
  progress: (line: string) => void = () => undefined,
): Promise<Results> {
  const ref = servers.find((s) => s.name === reference);
  if (!ref) throw new Error(`no server named ${reference}`);
  const others = servers.filter((s) => s !== ref);
  const options = (s: Started) => ({
    seconds: layout.seconds,
    cpu: layout.loadCpu,
    serverCpu: layout.serverCpu,
    serverPid: s.pid,
  });
  const out: Results = new Map();
  for (const scenario of scenarios) {
    for (const { server } of servers) await wrk(server.url, scenario, { ...options(server), seconds: 2 });
    const runs = new Map<string, WrkResult[]>(servers.map((s) => [s.name, []]));
    const relative = new Map<string, number[]>(servers.map((s) => [s.name, []]));
    const run = async ({ name, server }: (typeof servers)[number], round: number): Promise<WrkResult> => {
      const r = await wrk(server.url, scenario, options(server));
      runs.get(name)?.push(r);
      progress(
        `  ${scenario.name} · ${name} · round ${round + 1}: ${fmt(r.rps)} req/s, server ${fmt(r.serverCpu * 100)} % CPU, load core ${pct(r.loadCore)}`,
      );
      return r;
    };
    let before = await run(ref, 0);
    for (let round = 0; round < layout.rounds; round++) {
      for (let i = 0; i < others.length; i++) {
        const other = others[(i + round) % others.length] as (typeof servers)[number];
        const r = await run(other, round);
        const after = await run(ref, round);
        relative.get(other.name)?.push(r.rps / ((before.rps + after.rps) / 2));
        before = after;
      }
      relative.get(ref.name)?.push(1);
    }
    for (const [name, rounds] of runs) {
      const m = (f: (r: WrkResult) => number): number => median(rounds.map(f));
      out.set(key(scenario.name, name), {
        rps: m((r) => r.rps),
        p50: m((r) => r.p50),
        p99: m((r) => r.p99),
        errors: rounds.reduce((n, r) => n + r.errors, 0),
        loadCore: m((r) => r.loadCore),
        wrkCpu: m((r) => r.wrkCpu),
        serverCpu: m((r) => r.serverCpu),
        rounds,
        relative: relative.get(name) ?? [],
      });
    }
  }
  return out;
}

/** The table of every server on every request. */
export function printThroughput(results: Results, scenarios: Scenario[], names: string[]): void {
  const width = Math.max(20, ...names.map((n) => n.length));
  console.log(
    `${'request'.padEnd(24)} ${'server'.padEnd(width)}   req/s  p50 ms  p99 ms  errors  server CPU  wrk CPU  load core`,
  );
  for (const scenario of scenarios) {
    for (const name of names) {
      const r = results.get(key(scenario.name, name));
      if (!r) continue;
      console.log(
        `${scenario.name.padEnd(24)} ${name.padEnd(width)} ${fmt(r.rps).padStart(7)}  ${fmt(r.p50, 2).padStart(6)}  ${fmt(r.p99, 2).padStart(6)}  ${fmt(r.errors).padStart(6)}  ${pct(r.serverCpu).padStart(10)}  ${pct(r.wrkCpu).padStart(7)}  ${pct(r.loadCore).padStart(9)}`,
      );
    }
  }
  console.log(
    "server CPU: the server process, wrk CPU: wrk, in % of one core; load core: how busy wrk's core was, by any process (medians of the rounds).",
  );
}

/** The lower and upper quartile of some numbers. */
export function quartiles(xs: number[]): [number, number] {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return [NaN, NaN];
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return [at(0.25), at(0.75)];
}

/**
 * a ÷ b for one request: the median of the rounds' ratios, each round's a against the same round's b,
 * both as measured against the reference runs around them (see `measure`). `spread` is the
 * quartiles of those ratios. No ratio when the load core was at least 95 % busy in
 * the median round of either server: the generator (or whatever else ran on its core) set the pace.
 */
export function ratio(
  results: Results,
  scenario: string,
  a: string,
  b: string,
): { value: number; spread: [number, number]; saturated: string | undefined } {
  const ra = results.get(key(scenario, a));
  const rb = results.get(key(scenario, b));
  if (!ra || !rb) return { value: NaN, spread: [NaN, NaN], saturated: undefined };
  const busy = [ra, rb].find((r) => r.loadCore >= SATURATED || r.wrkCpu >= SATURATED);
  const why = !busy
    ? undefined
    : busy.wrkCpu >= SATURATED
      ? `generator saturated (wrk ${pct(busy.wrkCpu)} CPU)`
      : `generator core saturated (${pct(busy.loadCore)}, wrk ${pct(busy.wrkCpu)})`;
  const paired = ra.relative.map((r, i) => r / (rb.relative[i] ?? NaN));
  return { value: median(paired), spread: quartiles(paired), saturated: why && `${why}: no ratio` };
}

/** A ratio as the tables print it: the median, and the middle half of the rounds' ratios. */
export const fmtRatio = (r: { value: number; spread: [number, number] }): string =>
  `${fmt(r.value, 2)} (${fmt(r.spread[0], 2)}–${fmt(r.spread[1], 2)})`;
