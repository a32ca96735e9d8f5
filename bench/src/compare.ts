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
export interface Measured extends Omit<WrkResult, 'requests' | 'serverCore'> {
  rounds: WrkResult[];
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

/**
 * The name of a second copy of a server, measured like every other: its ratio to the first shows
 * what the bench can resolve. Two identical bare servers in the same rounds (scratch runs of 30-40
 * one-second rounds on /health) came out at 1.002 to 1.021, the middle half of the rounds 0.03-0.05
 * wide, so a ratio within about 2 % of a target is not a verdict.
 */
export const control = (name: string): string => `${name} (control)`;

export type Results = Map<string, Measured>;
export const key = (scenario: string, server: string): string => `${scenario}|${server}`;

/**
 * For each request: a short warm-up of every server, then `rounds` rounds in which every server
 * gets one run in turn, so that a disturbance of the machine hits all of them alike. The order turns
 * by one each round, so that no server always runs in the same place in a round.
 */
export async function measure(
  servers: { name: string; server: Started }[],
  scenarios: Scenario[],
  layout: Layout,
  progress: (line: string) => void = () => undefined,
): Promise<Results> {
  const runs = new Map<string, WrkResult[]>();
  const options = (s: Started) => ({
    seconds: layout.seconds,
    cpu: layout.loadCpu,
    serverCpu: layout.serverCpu,
    serverPid: s.pid,
  });
  for (const scenario of scenarios) {
    for (const { server } of servers) await wrk(server.url, scenario, { ...options(server), seconds: 2 });
    for (let round = 0; round < layout.rounds; round++) {
      // Each round starts with the next server, so that no server always runs in the same place.
      const order = servers.map((_, i) => servers[(i + round) % servers.length] as (typeof servers)[number]);
      for (const { name, server } of order) {
        const r = await wrk(server.url, scenario, options(server));
        runs.set(key(scenario.name, name), [...(runs.get(key(scenario.name, name)) ?? []), r]);
        progress(
          `  ${scenario.name} · ${name} · round ${round + 1}: ${fmt(r.rps)} req/s, server ${fmt(r.serverCpu * 100)} % CPU, load core ${pct(r.loadCore)}`,
        );
      }
    }
  }
  const out: Results = new Map();
  for (const [k, rounds] of runs) {
    const m = (f: (r: WrkResult) => number): number => median(rounds.map(f));
    out.set(k, {
      rps: m((r) => r.rps),
      p50: m((r) => r.p50),
      p99: m((r) => r.p99),
      errors: rounds.reduce((n, r) => n + r.errors, 0),
      loadCore: m((r) => r.loadCore),
      wrkCpu: m((r) => r.wrkCpu),
      serverCpu: m((r) => r.serverCpu),
      rounds,
    });
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
 * a ÷ b for one request: the median of the rounds' ratios, each round's a against the same round's b
 * (the servers run one after another in a round, so a change of the machine's speed between rounds
 * cancels out; on this VM the same server's throughput varied by ±30 % between one-second runs).
 * `spread` is the quartiles of those ratios. No ratio when the load core was at least 95 % busy in
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
  const paired = ra.rounds.map((r, i) => r.rps / (rb.rounds[i]?.rps ?? NaN));
  return { value: median(paired), spread: quartiles(paired), saturated: why && `${why}: no ratio` };
}

/** A ratio as the tables print it: the median, and the middle half of the rounds' ratios. */
export const fmtRatio = (r: { value: number; spread: [number, number] }): string =>
  `${fmt(r.value, 2)} (${fmt(r.spread[0], 2)}–${fmt(r.spread[1], 2)})`;
