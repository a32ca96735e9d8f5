// `npm test`: the linter and formatter check, the build, then every test file under dist/ with
// node's test runner. `npm test -- dist/engine/tests/http-crud.test.js ...` runs only those files
// (after the same check and build).
//
// When PostgreSQL's binaries are here (and MOCKYARD_TEST_POSTGRES does not name a server), one
// throwaway PostgreSQL server is started for the whole run and handed to the test files as
// MOCKYARD_TEST_POSTGRES_RUN: each file that asks for PostgreSQL gets a fresh database on it, instead
// of an initdb and a server of its own (tests that stop and start the server still get their own;
// see engine/tests/postgres-server.ts). It is stopped, and its temp dir removed, when the run ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (tool) => join(root, 'node_modules', '.bin', tool);

/**
 * Test files run side by side, this many at once. Most of a file's time is spent waiting (for
 * HTTP answers, spawned processes, Chromium, PostgreSQL), not computing, so a run on two cores is
 * fastest with more files than cores. MOCKYARD_TEST_CONCURRENCY overrides it.
 */
const concurrency = Number(process.env.MOCKYARD_TEST_CONCURRENCY) || availableParallelism() + 2;

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const files = process.argv.slice(2);
  if ((await run(bin('biome'), ['ci', '.'])) !== 0) return 1;
  if ((await run(process.execPath, [join(root, 'scripts', 'build.mjs')])) !== 0) return 1;

  const env = { ...process.env };
  let postgres;
  if (!env.MOCKYARD_TEST_POSTGRES && !env.MOCKYARD_TEST_POSTGRES_RUN) {
    const { startPostgres } = await import(join(root, 'dist', 'engine', 'tests', 'postgres-server.js'));
    // A local server of this run's own (faults: it is not handed out by another run).
    postgres = await startPostgres({ faults: true });
    if (postgres) env.MOCKYARD_TEST_POSTGRES_RUN = postgres.url;
  }
  const stop = () => postgres?.stop();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop().finally(() => process.exit(130)));
  try {
    return await run(
      process.execPath,
      ['--test', `--test-concurrency=${concurrency}`, ...(files.length > 0 ? files : ['dist/'])],
      env,
    );
  } finally {
    await stop();
  }
}

process.exitCode = await main();
