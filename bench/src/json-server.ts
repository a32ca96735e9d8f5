/**
 * json-server mode at size: a db.json of 50,000 rows (`mockyard serve db.json`), from spawn to its
 * first answer on a fresh database (which creates the SQLite file and inserts every row) and on the
 * kept one, and a page deep in the list under wrk, against the same rows served from the YAML config
 * `mockyard import db.json` writes (its seed left out, on a copy of the same SQLite file). Rounds alternate between the two servers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startServer } from './processes.js';
import { wrk } from './wrk.js';

export interface JsonServerBench {
  rows: number;
  /** Spawn to first answer, fresh database (creates and fills the table), median and all. */
  freshMs: number[];
  /** Spawn to first answer with the database kept from before. */
  keptMs: number[];
  /** Control: spawn to first answer of the bench's 100-row YAML config (bench.yaml), fresh database, in the same loop. */
  controlMs: number[];
  /** Requests a second on the page, per round. */
  dbJsonRps: number[];
  yamlRps: number[];
  path: string;
}

/** A db.json of `rows` rows in `items`, and a `health` singular resource for the start probe. */
function dbJson(rows: number): string {
  const items = Array.from({ length: rows }, (_, i) => ({
    id: i + 1,
    name: `Item ${i + 1}`,
    email: `item${i + 1}@example.com`,
    price: (i % 997) / 10,
    active: i % 3 !== 0,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }));
  return JSON.stringify({ items, health: { status: 'ok' } });
}

export async function benchJsonServer(
  root: string,
  dir: string,
  options: { rows: number; starts: number; rounds: number; seconds: number; serverCpu?: number; loadCpu?: number },
): Promise<JsonServerBench> {
  const cli = join(root, 'bin/mockyard.cjs');
  writeFileSync(join(dir, 'db.json'), dbJson(options.rows));
  // The YAML side: the config `mockyard import db.json` writes, without its seed (50,000 rows are
  // over a config's 5 MiB), served on a copy of the SQLite file json-server mode filled.
  const { inferConfig } = await import('../../engine/src/index.js');
  const { config, singulars } = inferConfig(JSON.parse(readFileSync(join(dir, 'db.json'), 'utf8')));
  config.seed = undefined;
  // /health, the start probe, as `mockyard import` writes a singular resource: a one-row table.
  for (const [name, schema] of singulars) config.endpoints.push({ resource: schema, path: `/${name}` });
  writeFileSync(join(dir, 'db.yaml'), JSON.stringify(config));
  const start = async (config: string, db: string) => {
    const port = await freePort();
    return startServer(
      [cli, 'serve', config, '--port', String(port), '--db', db, '--quiet'],
      port,
      options.serverCpu,
      dir,
    );
  };
  const freshMs: number[] = [];
  const keptMs: number[] = [];
  const controlMs: number[] = [];
  for (let i = 0; i < options.starts; i++) {
    const control = await start('bench.yaml', join(dir, `json-server-control-${i}.sqlite`));
    controlMs.push(control.startupMs);
    await control.stop();
    const db = join(dir, `json-server-${i}.sqlite`);
    const fresh = await start('db.json', db);
    freshMs.push(fresh.startupMs);
    await fresh.stop();
    const kept = await start('db.json', db);
    keptMs.push(kept.startupMs);
    await kept.stop();
    rmSync(db, { force: true });
  }
  const path = `/items?_page=${Math.floor(options.rows / 20 / 2)}&_limit=20`;
  const fromJson = await start('db.json', join(dir, 'paging-json.sqlite'));
  let fromYaml: Awaited<ReturnType<typeof start>> | undefined;
  // A checkpoint copy of the filled file (SQLite's backup API) for the YAML server.
  const copied = spawnSync(
    process.execPath,
    [
      '-e',
      `const D = require(${JSON.stringify(join(root, 'node_modules/better-sqlite3'))}); const db = new D(${JSON.stringify(join(dir, 'paging-json.sqlite'))}, { readonly: true }); db.backup(${JSON.stringify(join(dir, 'paging-yaml.sqlite'))}).then(() => db.close());`,
    ],
    { encoding: 'utf8' },
  );
  if (copied.status !== 0) throw new Error(`copying the database failed: ${copied.stderr}`);
  const dbJsonRps: number[] = [];
  const yamlRps: number[] = [];
  try {
    fromYaml = await start('db.yaml', join(dir, 'paging-yaml.sqlite'));
    const yaml = fromYaml;
    for (let round = 0; round < options.rounds; round++) {
      const order: [typeof fromJson, number[]][] =
        round % 2 === 0
          ? [
              [fromJson, dbJsonRps],
              [yaml, yamlRps],
            ]
          : [
              [yaml, yamlRps],
              [fromJson, dbJsonRps],
            ];
      for (const [server, into] of order) {
        const run = await wrk(
          server.url,
          { method: 'GET', path },
          {
            seconds: options.seconds,
            cpu: options.loadCpu,
            serverCpu: options.serverCpu,
            serverPid: server.pid,
          },
        );
        if (run.errors > 0) throw new Error(`${run.errors} failed requests on ${server.url}${path}`);
        into.push(run.rps);
      }
    }
  } finally {
    await fromJson.stop();
    await fromYaml?.stop();
  }
  return { rows: options.rows, freshMs, keptMs, controlMs, dbJsonRps, yamlRps, path };
}
