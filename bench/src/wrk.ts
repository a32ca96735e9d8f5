/**
 * wrk (a C load generator, Debian package `wrk`) as the bench's load: one wrk thread pinned to the
 * load core, and during each run the CPU use of that core, of wrk itself and of the server is sampled
 * from /proc, so that a run whose generator was the limit says so instead of giving a ratio.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A generator core busier than this during a run means the generator, not the server, set the pace. */
export const SATURATED = 0.95;

/** The wrk binary on PATH (or /usr/bin/wrk), or undefined. */
export function findWrk(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    if (!dir) continue;
    try {
      accessSync(join(dir, 'wrk'), constants.X_OK);
      return join(dir, 'wrk');
    } catch {}
  }
  return undefined;
}

export const WRK_MISSING =
  'The bench needs wrk, a C load generator that a Node server cannot outrun on one core.\n' +
  'Install it: apt-get install wrk (Debian/Ubuntu), brew install wrk (macOS), dnf install wrk (Fedora),\n' +
  'or build it from https://github.com/wg/wrk, and run `npm run bench` again.';

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  /** POST: each request sends a different JSON body made by this Lua expression of `n` (a counter) and `run` (a run id). */
  luaBody?: string;
}

export interface WrkResult {
  rps: number;
  requests: number;
  /** Latency percentiles in ms. */
  p50: number;
  p99: number;
  /** Socket errors, timeouts and non-2xx answers. */
  errors: number;
  /** Share of the load core that was busy during the run (any process), 0-1; NaN when unknown. */
  loadCore: number;
  /** wrk's own CPU use, in cores (0-1 when pinned). */
  wrkCpu: number;
  /** The server process's CPU use, in cores; NaN when no pid was given. */
  serverCpu: number;
  /** Share of the server core that was busy (any process); NaN when not pinned. */
  serverCore: number;
}

export interface WrkOptions {
  connections?: number;
  seconds: number;
  /** CPU wrk is pinned to (taskset), and whose use is sampled. */
  cpu?: number;
  /** CPU the server is pinned to, sampled as well. */
  serverCpu?: number;
  /** Server pid, whose CPU time is sampled. */
  serverPid?: number;
}

interface CoreTimes {
  busy: number;
  total: number;
}

/** Busy and total jiffies of one CPU from /proc/stat; undefined off Linux. */
function coreTimes(cpu: number | undefined): CoreTimes | undefined {
  if (cpu === undefined) return undefined;
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`cpu${cpu} `));
    if (!line) return undefined;
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - (f[3] ?? 0) - (f[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/** utime + stime of a process, in clock ticks (USER_HZ, 100 on Linux). */
function processTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

const USER_HZ = 100;

const share = (a: CoreTimes | undefined, b: CoreTimes | undefined): number =>
  a && b && b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : NaN;

/**
 * The Lua script: a request function only for POST (unique bodies), and a done() that prints the
 * figures as one JSON line after a marker.
 */
function script(request: Request, run: string): string {
  const lines = [`wrk.method = "${request.method}"`];
  if (request.luaBody) {
    lines.push(
      'wrk.headers["Content-Type"] = "application/json"',
      `local run = "${run}"`,
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      `  return wrk.format(nil, nil, nil, ${request.luaBody})`,
      'end',
    );
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("\\nMOCKYARD-WRK {\\"requests\\":%d,\\"us\\":%d,\\"errors\\":%d,\\"status\\":%d,\\"p50\\":%f,\\"p99\\":%f}\\n",',
    '    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

let runs = 0;

/** One wrk run: `connections` keep-alive connections for `seconds` against `url + request.path`. */
export async function wrk(url: string, request: Request, options: WrkOptions): Promise<WrkResult> {
  const bin = findWrk();
  if (!bin) throw new Error(WRK_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-wrk-'));
  const lua = join(dir, 'bench.lua');
  writeFileSync(lua, script(request, `${process.pid}-${++runs}-${Date.now().toString(36)}`));
  const { connections = 50, seconds, cpu } = options;
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '-s', lua, `${url}${request.path}`];
  const [command, ...rest] = cpu === undefined ? [bin, ...args] : ['taskset', '-c', String(cpu), bin, ...args];
  try {
    const child = spawn(command as string, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Sampled from a moment after the start (connections are open) to a moment before the end.
    const edge = Math.min(500, seconds * 100);
    let first: { load?: CoreTimes; server?: CoreTimes; wrk?: number; srv?: number; at: number } | undefined;
    let last: typeof first;
    const sample = (): NonNullable<typeof first> => ({
      load: coreTimes(cpu),
      server: coreTimes(options.serverCpu),
      wrk: processTicks(child.pid),
      srv: processTicks(options.serverPid),
      at: performance.now(),
    });
    const t1 = setTimeout(() => (first = sample()), edge);
    const t2 = setTimeout(() => (last = sample()), seconds * 1000 - edge);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    clearTimeout(t1);
    clearTimeout(t2);
    const marker = /MOCKYARD-WRK (\{.*\})/.exec(out);
    if (code !== 0 || !marker) throw new Error(`wrk failed (exit ${code}): ${err || out}`);
    const r = JSON.parse(marker[1] as string) as {
      requests: number;
      us: number;
      errors: number;
      status: number;
      p50: number;
      p99: number;
    };
    const elapsed = first && last ? (last.at - first.at) / 1000 : NaN;
    const cpuOf = (a: number | undefined, b: number | undefined): number =>
      a !== undefined && b !== undefined ? (b - a) / USER_HZ / elapsed : NaN;
    return {
      rps: r.requests / (r.us / 1e6),
      requests: r.requests,
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      errors: r.errors + r.status,
      loadCore: share(first?.load, last?.load),
      wrkCpu: cpuOf(first?.wrk, last?.wrk),
      serverCpu: cpuOf(first?.srv, last?.srv),
      serverCore: share(first?.server, last?.server),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** wrk's version line, for the report. */
export function wrkVersion(): string {
  const bin = findWrk();
  if (!bin) return 'wrk (missing)';
  const r = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.split('\n')[0]?.trim() || 'wrk';
}
