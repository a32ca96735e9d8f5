import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

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
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 from /health. */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * Spawns a server (pinned to `cpu` when taskset exists) and waits for /health to answer. Its stdout
 * is thrown away, or with `drainStdout` read from a pipe (as a terminal or a log collector would:
 * a server that prints a line per request pays for writing it, as it does for a user).
 */
export async function startServer(
  args: string[],
  port: number,
  cpu: number | undefined,
  cwd: string,
  { drainStdout = false }: { drainStdout?: boolean } = {},
): Promise<Started> {
  const [command, ...rest] =
    cpu !== undefined && hasTaskset
      ? ['taskset', '-c', String(cpu), process.execPath, ...args]
      : [process.execPath, ...args];
  const begin = performance.now();
  const child = spawn(command as string, rest, { cwd, stdio: ['ignore', drainStdout ? 'pipe' : 'ignore', 'pipe'] });
  child.stdout?.on('data', () => undefined);
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
  return {
    child,
    url,
    startupMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
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
