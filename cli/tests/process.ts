import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export { eventually } from '../../engine/tests/eventually.js';

/** bin/mockyard.cjs, from dist/cli/tests/. */
export const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../../../bin/mockyard.cjs');

export interface Running {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout, or rejects after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /**
   * Stops it and resolves with its exit code: SIGINT (Ctrl+C) by default, which stops at once;
   * SIGTERM makes `serve` drain (it waits, up to its keep-alive timeout, for clients to close their
   * idle connections), so it gets longer before a SIGKILL.
   */
  stop(signal?: 'SIGINT' | 'SIGTERM'): Promise<number | null>;
}

/** Spawns the real CLI as a process. Always `stop()` it in a finally block. */
export function runCli(args: string[], cwd?: string): Running {
  // A data folder of its own: the studio's preferences never touch the user's.
  const home = mkdtempSync(join(tmpdir(), 'mockyard-home-'));
  const child = spawn(process.execPath, [CLI, ...args, '--no-color'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', MOCKYARD_HOME: home },
  });
  child.once('exit', () => rmSync(home, { recursive: true, force: true }));
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor: (pattern, ms = 10_000) =>
      new Promise((resolvePromise, reject) => {
        const deadline = setTimeout(() => {
          clearInterval(poll);
          reject(new Error(`timed out waiting for ${pattern} in stdout:\n${out}\nstderr:\n${err}`));
        }, ms);
        const poll = setInterval(() => {
          const match = pattern.exec(out);
          if (match) {
            clearInterval(poll);
            clearTimeout(deadline);
            resolvePromise(match);
          } else if (child.exitCode !== null) {
            clearInterval(poll);
            clearTimeout(deadline);
            reject(new Error(`process exited with ${child.exitCode} before ${pattern}:\n${out}\n${err}`));
          }
        }, 20);
      }),
    stop: (signal = 'SIGINT') =>
      new Promise((resolvePromise) => {
        // Ended already (also by a signal, which leaves exitCode null): 'exit' will not come again.
        if (child.exitCode !== null || child.signalCode !== null) return resolvePromise(child.exitCode);
        const timer = setTimeout(() => child.kill('SIGKILL'), signal === 'SIGTERM' ? 10_000 : 5000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolvePromise(code);
        });
        child.kill(signal);
      }),
  };
}
