/**
 * The PostgreSQL section (issue 17): `mockyard serve --db postgres://…` against a bare node:http
 * server with the same driver (`pg`) and pool size (10), on a throwaway PostgreSQL server (the
 * tests' helper). PostgreSQL is server work: it is pinned to the servers' CPU, not the generator's.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../../engine/tests/postgres-server.js';
import { control, measure, type Layout, type Results } from './compare.js';
import type { Scenario } from './load.js';
import {
  freePort,
  hasTaskset,
  type Output,
  SAME_HEAP_STATE,
  startServer,
  type Started,
  USER_OUTPUT,
} from './processes.js';

export interface PostgresBench {
  results: Results;
  names: string[];
  note: string;
}

/** The postmaster and its children (backends started later inherit its affinity) onto `cpu`. */
function pinPostgres(dir: string, cpu: number): number {
  const pid = Number.parseInt(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {}
  }
  for (const p of pids) spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(p)], { stdio: 'ignore' });
  return pids.length;
}

/** Runs the section; undefined (with the reason printed) when there is no PostgreSQL here. */
export async function benchPostgres(
  cli: string,
  baselineScript: string,
  dir: string,
  scenarios: Scenario[],
  layout: Layout,
  progress: (line: string) => void,
  check: Record<'before' | 'after', (mock: string, base: string) => Promise<void>>,
): Promise<PostgresBench | undefined> {
  const pg = await startPostgres({ faults: true });
  if (!pg) {
    console.log(
      'PostgreSQL: skipped, no PostgreSQL here (Debian: apt-get install postgresql, or MOCKYARD_TEST_POSTGRES=<url>)',
    );
    return undefined;
  }
  const servers: { name: string; server: Started }[] = [];
  try {
    let note = pg.kind === 'external' ? 'an external PostgreSQL (MOCKYARD_TEST_POSTGRES), not pinned' : 'PostgreSQL 15';
    if (pg.faults && layout.serverCpu !== undefined && hasTaskset) {
      pinPostgres(pg.faults.dir, layout.serverCpu);
      note = `a throwaway PostgreSQL (fsync off) pinned with the servers to CPU ${layout.serverCpu}`;
    }
    const mockDb = await pg.createDatabase();
    const bareDb = await pg.createDatabase();
    const controlDb = await pg.createDatabase();
    const start = async (name: string, args: (port: number) => string[], output?: Output): Promise<void> => {
      const port = await freePort();
      servers.push({
        name,
        server: await startServer(args(port), port, layout.serverCpu, dir, {
          drainStdout: output && { cpu: layout.loadCpu, terminal: output === 'terminal' },
          nodeFlags: SAME_HEAP_STATE,
        }),
      });
    };
    await start(
      'mockyard pg',
      (port) => [cli, 'serve', 'bench.yaml', '--port', String(port), '--db', mockDb],
      USER_OUTPUT,
    );
    await start('bare pg', (port) => [baselineScript, bareDb, String(port)]);
    // What the bench can resolve (compare.ts).
    await start(control('bare pg'), (port) => [baselineScript, controlDb, String(port)]);
    const urls = [servers[0]?.server.url as string, servers[1]?.server.url as string] as const;
    await check.before(...urls);
    const results = await measure(servers, scenarios, layout, progress);
    await check.after(...urls);
    return { results, names: servers.map((s) => s.name), note };
  } finally {
    for (const { server } of servers) await server.stop();
    await pg.stop();
  }
}
