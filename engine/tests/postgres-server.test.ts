// The tests' throwaway PostgreSQL server (postgres-server.ts): it starts, serves SQL, keeps its data
// across a stop and a start on the same port, and leaves nothing running or on disk behind it, also
// when the test process is killed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { after, test } from 'node:test';
import pg from 'pg';
import { eventually } from './eventually.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';

/** Runs one query on a fresh connection, closed afterwards. */
async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A server going down mid-connection resets it; that arrives as an 'error' event as well as a
  // rejected call, and an unheard event would end the test process.
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Whether a connection to `url` is refused (the server is down). */
async function refused(url: string): Promise<boolean> {
  try {
    await query(url, 'SELECT 1');
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
  }
}

test('a throwaway PostgreSQL starts, serves SQL, keeps its data across a stop and a start, and is gone after stop()', {
  skip: POSTGRES_SKIP_REASON,
  timeout: 90_000,
}, async (t) => {
  const started = performance.now();
  const server = (await startPostgres({ faults: true })) as TestPostgres;
  after(() => server.stop());
  t.diagnostic(`PostgreSQL (${server.kind}) ready in ${Math.round(performance.now() - started)} ms: ${server.url}`);
  if (server.kind === 'local') assert.match(server.url, /^postgres:\/\/postgres@127\.0\.0\.1:\d+\/mockyard_test$/);

  const [{ version } = { version: '' }] = await query<{ version: string }>(server.url, 'SELECT version()');
  assert.match(version, /^PostgreSQL \d+/);
  t.diagnostic(version);
  // A name of its own, dropped at the end: an external server may be shared and outlives the run.
  const table = `kept_${process.pid}_${Date.now().toString(36)}`;
  await query(server.url, `CREATE TABLE ${table} (id serial PRIMARY KEY, name text NOT NULL)`);
  await query(server.url, `INSERT INTO ${table} (name) VALUES ('before the restart')`);

  const own = await server.createDatabase();
  const ownName = new URL(own).pathname.slice(1);
  assert.deepEqual(await query(own, 'SELECT current_database() AS db'), [{ db: ownName }]);
  await query(server.url, `DROP DATABASE "${ownName}"`);

  const { faults } = server;
  if (!faults) {
    t.diagnostic('MOCKYARD_TEST_POSTGRES: an external server, so no stop and start');
  } else {
    // Only 127.0.0.1: the socket dir is the server's own temp dir.
    const [{ listen = '', socket = '' } = {}] = await query<{ listen: string; socket: string }>(
      server.url,
      "SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS socket",
    );
    assert.equal(listen, '127.0.0.1');
    assert.equal(socket, faults.dir);

    for (const mode of ['fast', 'immediate'] as const) {
      const stopping = performance.now();
      await faults.stopServer(mode);
      assert.ok(await refused(server.url), `connections are refused while the server is stopped (${mode})`);
      const restarting = performance.now();
      await faults.startServer();
      t.diagnostic(
        `stop -m ${mode}: ${Math.round(restarting - stopping)} ms, start again: ${Math.round(performance.now() - restarting)} ms`,
      );
      assert.deepEqual(
        await query(server.url, `SELECT id, name FROM ${table}`),
        [{ id: 1, name: 'before the restart' }],
        `the table and its row are still there after a ${mode} stop`,
      );
      assert.equal(new URL(server.url).port, String(faults.port), 'the same port');
    }
  }

  await query(server.url, `DROP TABLE ${table}`);
  await server.stop();
  await server.stop(); // idempotent
  if (faults) {
    assert.ok(await refused(server.url), 'nothing listens after stop()');
    assert.equal(existsSync(faults.dir), false, 'the temp dir is removed');
  }
});

test('on the server of a whole test run (MOCKYARD_TEST_POSTGRES_RUN), each start gets a database of its own, and a test that stops the server gets its own server', {
  skip:
    POSTGRES_SKIP_REASON ?? (process.env.MOCKYARD_TEST_POSTGRES ? 'MOCKYARD_TEST_POSTGRES: no local server' : false),
  timeout: 90_000,
}, async () => {
  const runServer = (await startPostgres({ faults: true })) as TestPostgres;
  const before = process.env.MOCKYARD_TEST_POSTGRES_RUN;
  process.env.MOCKYARD_TEST_POSTGRES_RUN = runServer.url;
  try {
    const [a, b] = [(await startPostgres()) as TestPostgres, (await startPostgres()) as TestPostgres];
    assert.deepEqual([a.kind, b.kind, a.faults, b.faults], ['run', 'run', undefined, undefined]);
    assert.equal(new URL(a.url).port, new URL(runServer.url).port, 'on the run server');
    assert.notEqual(a.url, b.url);
    await query(a.url, 'CREATE TABLE mine (id int)');
    assert.deepEqual(
      await query(b.url, "SELECT to_regclass('mine') AS t"),
      [{ t: null }],
      'b does not see a table of a',
    );
    await a.stop();
    assert.deepEqual(
      await query(a.url, 'SELECT count(*)::int AS n FROM mine'),
      [{ n: 0 }],
      "stop() leaves the run's server up",
    );
    const own = (await startPostgres({ faults: true })) as TestPostgres;
    try {
      assert.equal(own.kind, 'local');
      assert.notEqual(new URL(own.url).port, new URL(runServer.url).port, 'faults: a server of its own');
    } finally {
      await own.stop();
    }
  } finally {
    if (before === undefined) delete process.env.MOCKYARD_TEST_POSTGRES_RUN;
    else process.env.MOCKYARD_TEST_POSTGRES_RUN = before;
    await runServer.stop();
  }
});

test('a test process killed with SIGKILL leaves no PostgreSQL running and no temp dir behind', {
  skip:
    POSTGRES_SKIP_REASON ?? (process.env.MOCKYARD_TEST_POSTGRES ? 'MOCKYARD_TEST_POSTGRES: no local server' : false),
  timeout: 60_000,
}, async () => {
  const helper = new URL('./postgres-server.js', import.meta.url).href;
  const script = `
    const { startPostgres } = await import(${JSON.stringify(helper)});
    const server = await startPostgres({ faults: true });
    console.log(JSON.stringify({ url: server.url, dir: server.faults.dir }));
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    await eventually(
      async () => out.includes('\n') || child.exitCode !== null,
      45_000,
      'the child to start PostgreSQL',
    );
    const { url, dir } = JSON.parse(out) as { url: string; dir: string };
    assert.deepEqual(await query(url, 'SELECT 1 AS one'), [{ one: 1 }], `the child's server answers (${err})`);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await eventually(
      async () => (await refused(url)) && !existsSync(dir),
      20_000,
      'the server to stop and its dir to go',
    );
  } finally {
    child.kill('SIGKILL');
  }
});
