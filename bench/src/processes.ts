import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const hasTaskset = existsSync('/usr/bin/taskset') || existsSync('/bin/taskset');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface Started {
  /** The process spawned: the server, or on a terminal the `script` that holds the server's pty. */
  child: ChildProcess;
  /** The server's own process, whose CPU time and memory are measured. */
  pid: number;
  url: string;
  /** Milliseconds from spawn to the first 200 from /health. */
  startupMs: number;
  stop(): Promise<void>;
}

const pinnedTo = (cpu: number | undefined, command: string[]): string[] =>
  cpu !== undefined && hasTaskset ? ['taskset', '-c', String(cpu), ...command] : command;

/**
 * The write end of a pipe that `cat` empties into /dev/null, on `cpu`: a server that prints a line
 * per request writes into a pipe and pays for it, as it does for a user's terminal or log collector.
 * The reader is `cat` rather than this script because the reader runs on the load generator's core:
 * a Node reader woke an event loop for every read there and delayed wrk, which lowered the printing
 * server's throughput by about 7 % more (medians of 30 paired rounds on /health), a cost of the
 * harness and not of the server.
 */
function drainedPipe(dir: string, name: string, cpu: number | undefined): number {
  const fifo = join(dir, `${name}.stdout`);
  const made = spawnSync('mkfifo', [fifo]);
  if (made.status !== 0) throw new Error(`mkfifo ${fifo} failed: ${made.stderr?.toString() ?? made.error?.message}`);
  // cat opens the FIFO itself, so it ends at EOF once the server (the last writer) exits.
  const [command, ...args] = pinnedTo(cpu, ['cat', fifo]);
  spawn(command as string, args, { stdio: 'ignore' }).unref();
  // Blocks until cat has opened the other end: a few milliseconds.
  return openSync(fifo, 'w');
}

let pipes = 0;

/** util-linux's `script`, which runs a command on a new pty (a terminal, as a user's). */
export const hasScript = spawnSync('script', ['--version']).status === 0;

/** Where a server's stdout goes when it is not thrown away: a terminal or a drained pipe. */
export type Output = 'terminal' | 'pipe';
/** What `mockyard serve` prints into as a user runs it: a terminal, where `script` can make one. */
export const USER_OUTPUT: Output = hasScript ? 'terminal' : 'pipe';

const shellWord = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The command under `script` on `cpu`, which copies what the command's terminal shows into
 * /dev/null as fast as it comes: a terminal that always keeps up, without drawing anything. The
 * command is exec'd, so it is `script`'s child.
 */
const onTerminal = (cpu: number | undefined, command: string[]): string[] =>
  pinnedTo(cpu, ['script', '-qfec', `exec ${command.map(shellWord).join(' ')}`, '/dev/null']);

/** The only child of a process (script's: the server), read from /proc. */
function onlyChild(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return children.length === 1 && children[0] ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Node flags of every server whose throughput is compared. V8's memory reducer makes a full GC that
 * shrinks the heap about 100 s after a process's last full GC, and on this machine that left a
 * Node server 6-20 % slower on /health from then on (wrk, 1 s runs; process.nextTick's self time
 * in a CPU profile went from 40 to 633 ms in 5 s), the bare server as well once it had been given
 * a 30 MB heap. A process is exposed only once it has had a full GC: Mockyard has its first about
 * 1.6 s into a load, the bare server (a smaller heap) 34-40 s in, so during a run one server was
 * often in the slow state and the other not. Over 263 s (--trace-gc, paired 1 s runs, `--quiet`
 * against bare) the ratio was 0.87-0.92 before either heap was shrunk, 0.75-0.77 from Mockyard's
 * shrink at 105 s to the bare server's at 235 s, and 0.90-0.93 after both. Here neither server
 * shrinks its heap, so both stay in the same state for the whole run.
 *
 * The cause, found later: a full GC with no tick queued frees the shape of the record nextTick
 * queues, and after a few such GCs nextTick's inline caches are megamorphic for good. Mockyard now
 * keeps one such record (engine/src/http/tick-shape.ts); the bare server does not, so without this
 * flag it would be the one slowed part way through a run.
 */
export const SAME_HEAP_STATE: readonly string[] = ['--no-memory-reducer'];

/**
 * Spawns a server (pinned to `cpu` when taskset exists) and waits for /health to answer. Its stdout
 * is thrown away, or with `drainStdout` written into a pipe that `cat` on `drainStdout.cpu` empties,
 * or with `drainStdout.terminal` shown on a terminal that `script` on that CPU empties.
 * `nodeFlags` go to node before the script.
 */
export async function startServer(
  args: string[],
  port: number,
  cpu: number | undefined,
  cwd: string,
  {
    drainStdout,
    nodeFlags = [],
  }: {
    drainStdout?: { cpu: number | undefined; terminal?: boolean } | false;
    nodeFlags?: readonly string[];
  } = {},
): Promise<Started> {
  const server = pinnedTo(cpu, [process.execPath, ...nodeFlags, ...args]);
  const terminal = drainStdout && drainStdout.terminal === true;
  const [command, ...rest] = terminal ? onTerminal(drainStdout.cpu, server) : server;
  const begin = performance.now();
  const out = drainStdout && !terminal ? drainedPipe(cwd, `pipe-${++pipes}`, drainStdout.cpu) : 'ignore';
  // script reads its stdin for the terminal's keyboard: an open pipe that never types anything.
  const child = spawn(command as string, rest, { cwd, stdio: [terminal ? 'pipe' : 'ignore', out, 'pipe'] });
  if (typeof out === 'number') closeSync(out);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  const startupMs = performance.now() - begin;
  const pid = terminal ? onlyChild(child.pid) : child.pid;
  if (pid === undefined) throw new Error(`no server process under ${command}`);
  return {
    child,
    pid,
    url,
    startupMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // On a terminal, script ends when the server does.
        process.kill(pid, 'SIGTERM');
      }),
  };
}

/** Resident memory of a process in MiB (Linux). */
export function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}
