// A throwaway PostgreSQL server for the tests: a real server, never a mock.
//
//   const pg = await startPostgres();   // undefined: no PostgreSQL here (skip with POSTGRES_SKIP_REASON)
//   ... pg.url ...                      // postgres://postgres@127.0.0.1:<port>/mockyard_test
//   await pg.stop();                    // in an `after` hook
//
// MOCKYARD_TEST_POSTGRES=<url> uses that server as it is: stop() leaves it alone and `faults` is
// undefined (a server this process does not own cannot be stopped and started again).
// MOCKYARD_TEST_POSTGRES_RUN=<url> is a server that `npm test` (scripts/test.mjs) started for the
// whole run: each startPostgres() gets a fresh database on it (so test files running side by side
// never share tables), which saves every test file an initdb and a server start. A test that stops
// and starts the server asks for `startPostgres({ faults: true })` and gets a server of its own. Otherwise, when
// PostgreSQL's binaries are found (Debian's /usr/lib/postgresql/<newest version>/bin, else initdb and
// pg_ctl on PATH), `initdb` and `pg_ctl` make and run a cluster in a fresh temp dir, on a free port of
// 127.0.0.1 only, with its unix socket inside that dir and trust authentication. PostgreSQL refuses
// to run as root, so when this process is root the dir is handed to the `postgres` OS user and the
// binaries are spawned with that user's uid and gid (Node's spawn drops root's supplementary groups).
//
// A server never outlives the test process: stop() stops it and removes its dir; an 'exit' handler
// sends SIGQUIT to the postmaster (from postmaster.pid) if stop() was not called; and a small shell
// watchdog, started with the server, holds a pipe from this process and stops the server and removes
// the dir when that pipe closes without a goodbye, which also covers a SIGKILLed test process.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database>, or MOCKYARD_TEST_POSTGRES as it was given. */
  url: string;
  /**
   * 'local': started here (and stopped by stop()); 'external': MOCKYARD_TEST_POSTGRES; 'run': a
   * database of its own on the server of the whole test run (MOCKYARD_TEST_POSTGRES_RUN).
   */
  kind: 'local' | 'external' | 'run';
  /**
   * Creates a fresh, empty database on the same server and returns its URL (a name is made up when
   * none is given). For tests that need a database of their own; on an external server the user
   * must be allowed to create databases.
   */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and removes its dir (local); does nothing on an external server. Idempotent. */
  stop(): Promise<void>;
  /** Fault helpers: only for a local server. */
  faults?: PostgresFaults;
}

export interface PostgresFaults {
  /** The temp dir holding the data dir (data/), the unix socket and the server log (postgres.log). */
  dir: string;
  port: number;
  /**
   * Stops PostgreSQL, keeping its data dir: 'fast' (the default) disconnects clients and checkpoints;
   * 'immediate' is a crash, and the next start runs recovery. Clients then get ECONNREFUSED.
   */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data dir. */
  startServer(): Promise<void>;
  /** The server log so far (for assertion messages). */
  log(): string;
}

/** How long initdb, a start and a stop may take before the helper gives up (with pg_ctl's log). */
const INITDB_TIMEOUT_MS = 60_000;
const START_TIMEOUT_S = 30;
const STOP_TIMEOUT_S = 30;
const DATABASE = 'mockyard_test';

/**
 * Why startPostgres() would return undefined, or undefined when it would not: for
 * `test(..., { skip: POSTGRES_SKIP_REASON })` or `t.skip(POSTGRES_SKIP_REASON)`.
 */
export const POSTGRES_SKIP_REASON: string | undefined =
  process.env.MOCKYARD_TEST_POSTGRES || findBinaries()
    ? undefined
    : 'no PostgreSQL: set MOCKYARD_TEST_POSTGRES=<url>, or install PostgreSQL (Debian: apt-get install postgresql; .ci/run does)';

/**
 * Starts a throwaway PostgreSQL server (or uses MOCKYARD_TEST_POSTGRES). Resolves to undefined when
 * neither is available; rejects when binaries exist but the server does not start (with its log).
 */
export async function startPostgres(options: { faults?: boolean } = {}): Promise<TestPostgres | undefined> {
  const external = process.env.MOCKYARD_TEST_POSTGRES;
  if (external) {
    return {
      url: external,
      kind: 'external',
      createDatabase: (name) => createDatabase(external, name),
      stop: async () => {},
    };
  }
  const run = process.env.MOCKYARD_TEST_POSTGRES_RUN;
  if (run && !options.faults) {
    return {
      url: await createDatabase(run),
      kind: 'run',
      createDatabase: (name) => createDatabase(run, name),
      // The run's server goes away, with every database on it, when the run ends.
      stop: async () => {},
    };
  }
  const bin = findBinaries();
  if (!bin) return undefined;
  return startLocal(bin);
}

/** The newest Debian PostgreSQL bin dir, else the dir of an initdb on PATH; undefined when neither. */
function findBinaries(): string | undefined {
  const hasTools = (dir: string): boolean =>
    ['initdb', 'pg_ctl'].every((tool) => {
      try {
        accessSync(join(dir, tool), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    for (const version of versions) if (hasTools(join(debian, version, 'bin'))) return join(debian, version, 'bin');
  }
  return (process.env.PATH ?? '').split(delimiter).find((dir) => dir !== '' && hasTools(dir));
}

/** The uid and gid to run PostgreSQL as: the `postgres` user when this process is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string): number => {
    const out = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    const value = Number.parseInt(out.stdout, 10);
    if (out.status !== 0 || !Number.isInteger(value))
      throw new Error(
        `PostgreSQL refuses to run as root and there is no \`postgres\` user to run it as (id ${flag} postgres: ${out.stderr.trim()})`,
      );
    return value;
  };
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Where the temp dir goes: /dev/shm when it is a roomy tmpfs that everyone may write to, since
 * initdb creates ~1,000 files and that takes 0.5 s on tmpfs against 1.4 s on this machine's ext4
 * (the cluster is thrown away, so it may as well live in memory: ~40 MB each); else /tmp as root
 * (TMPDIR may be under /root, which `postgres` cannot enter), else os.tmpdir().
 */
function baseDir(asRoot: boolean): string {
  try {
    const shm = '/dev/shm';
    const { mode } = statSync(shm);
    const { bavail, bsize } = statfsSync(shm);
    if ((mode & 0o1777) === 0o1777 && bavail * bsize > 1024 ** 3) return shm;
  } catch {}
  return asRoot ? '/tmp' : tmpdir();
}

/** A port of 127.0.0.1 that was free a moment ago (a start that loses the race tries another). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface RunResult {
  code: number | null;
  output: string;
}

async function startLocal(bin: string): Promise<TestPostgres> {
  const user = serverUser();
  const dir = mkdtempSync(join(baseDir(user !== undefined), 'mockyard-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (user) chownSync(dir, user.uid, user.gid);
  // PG* variables of the caller's shell (PGDATA, PGPORT, PGHOST...) must not steer the tools.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  env.LC_ALL = 'C';
  const run = (tool: string, args: string[], timeout: number): Promise<RunResult> =>
    new Promise((resolve) => {
      execFile(
        join(bin, tool),
        args,
        { cwd: dir, env, timeout, killSignal: 'SIGKILL', encoding: 'utf8', ...user },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ code, output: `${stdout}${stderr}`.trim() });
        },
      );
    });
  const readLog = (): string => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '(no server log)';
    }
  };

  let port = 0;
  let running = false;
  let watchdog: ChildProcess | undefined;
  const onExit = (): void => {
    // Synchronous, last chance: SIGQUIT makes the postmaster stop its backends and exit at once.
    const pid = postmasterPid(data);
    if (pid) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {}
    }
  };

  const startServer = async (): Promise<void> => {
    const started = await run(
      'pg_ctl',
      ['start', '-D', data, '-l', logFile, '-w', '-t', String(START_TIMEOUT_S), '-s'],
      (START_TIMEOUT_S + 10) * 1000,
    );
    if (started.code !== 0)
      throw new Error(
        `PostgreSQL did not start on 127.0.0.1:${port} (pg_ctl start, waiting up to ${START_TIMEOUT_S} s, exit ${started.code}): ${started.output}\n--- ${logFile} ---\n${readLog()}`,
      );
    running = true;
  };
  const stopServer = async (mode: 'fast' | 'immediate' = 'fast'): Promise<void> => {
    if (!running) return;
    const stopped = await run(
      'pg_ctl',
      ['stop', '-D', data, '-m', mode, '-w', '-t', String(STOP_TIMEOUT_S), '-s'],
      (STOP_TIMEOUT_S + 10) * 1000,
    );
    if (stopped.code !== 0)
      throw new Error(`PostgreSQL did not stop (pg_ctl exit ${stopped.code}): ${stopped.output}\n${readLog()}`);
    running = false;
  };

  try {
    // --no-sync: nothing initdb writes is flushed to disk; a crash of the machine would lose a test
    // cluster nobody needs after the run. Trust authentication is only reachable from 127.0.0.1
    // and a socket in a 0700 dir.
    const init = await run(
      'initdb',
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      INITDB_TIMEOUT_MS,
    );
    if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${init.output}`);
    watchdog = startWatchdog(bin, data, dir, user);
    process.once('exit', onExit);

    // Settings for speed, not durability (later lines of postgresql.conf win): fsync off,
    // synchronous_commit off and full_page_writes off make commits cheap; the data only has to
    // survive a server stopped (even with -m immediate) and started again, never a machine crash,
    // and the OS page cache keeps it through both. Small shared memory starts faster.
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      'log_checkpoints = off',
      // The server of a whole `npm test` run serves every test file's pools at once.
      'max_connections = 400',
    ];
    await appendFile(join(data, 'postgresql.conf'), `\n# mockyard tests\n${settings.join('\n')}\n`);
    // A free port, retried when another process takes it between the check and the bind.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      await appendFile(join(data, 'postgresql.conf'), `port = ${port}\n`);
      try {
        await startServer();
        break;
      } catch (error) {
        if (attempt >= 3 || !/could not bind|already in use/i.test(readLog())) throw error;
      }
    }
    const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const url = await createDatabase(admin, DATABASE);

    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> => {
      stopping ??= (async () => {
        try {
          await stopServer('fast');
        } finally {
          process.removeListener('exit', onExit);
          dismissWatchdog(watchdog);
          rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
        }
      })();
      return stopping;
    };
    return {
      url,
      kind: 'local',
      createDatabase: (name) => createDatabase(admin, name),
      stop,
      faults: { dir, port, stopServer, startServer, log: readLog },
    };
  } catch (error) {
    // A failed start leaves nothing behind either.
    if (running || postmasterPid(data)) await run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w'], 15_000);
    process.removeListener('exit', onExit);
    dismissWatchdog(watchdog);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
}

/** The postmaster's pid from the first line of postmaster.pid, while it is there. */
function postmasterPid(data: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A shell that outlives this process by design: it reads one line from a pipe held by this process.
 * stop() writes "ok" and it exits; if the pipe closes first (this process ended, even by SIGKILL,
 * without stop()), it stops the server (-m immediate) and removes the dir. Detached, so a signal to
 * this process's group does not take it down before it has cleaned up.
 */
function startWatchdog(
  bin: string,
  data: string,
  dir: string,
  user: { uid: number; gid: number } | undefined,
): ChildProcess {
  const script = 'if read line; then exit 0; fi; "$0" stop -D "$1" -m immediate -w -t 20 >/dev/null 2>&1; rm -rf "$2"';
  const child = spawn('sh', ['-c', script, join(bin, 'pg_ctl'), data, dir], {
    cwd: dir,
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    ...user,
  });
  child.on('error', () => {});
  child.unref();
  // The pipe must not keep this process alive; its write end closes when the process ends.
  (child.stdin as Socket | null)?.unref();
  return child;
}

function dismissWatchdog(watchdog: ChildProcess | undefined): void {
  if (!watchdog?.stdin || watchdog.stdin.destroyed) return;
  watchdog.stdin.on('error', () => {});
  watchdog.stdin.end('ok\n');
}

/** CREATE DATABASE on the server of `adminUrl`; returns the new database's URL. */
async function createDatabase(adminUrl: string, name?: string): Promise<string> {
  const database = name ?? `mockyard_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`not a plain database name: ${database}`);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
