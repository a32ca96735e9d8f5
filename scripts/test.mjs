// `npm test`: the linter and formatter check, the build, then every test file under dist/ with
// node's test runner (run(), the API behind `node --test`). `npm test -- dist/engine/tests/http-crud.test.js ...` runs only those files
// (after the same check and build).
//
// When PostgreSQL's binaries are here (and MOCKYARD_TEST_POSTGRES does not name a server), one
// throwaway PostgreSQL server is started for the whole run and handed to the test files as
// MOCKYARD_TEST_POSTGRES_RUN: each file that asks for PostgreSQL gets a fresh database on it, instead
// of an initdb and a server of its own (tests that stop and start the server still get their own;
// see engine/tests/postgres-server.ts). It is stopped, and its temp dir removed, when the run ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { run } from 'node:test';
import * as reporters from 'node:test/reporters';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (tool) => join(root, 'node_modules', '.bin', tool);

/**
 * Test files run side by side, this many at once. Most of a file's time is spent waiting (for
 * HTTP answers, spawned processes, Chromium, PostgreSQL), not computing, so a run on two cores is
 * fastest with more files than cores. MOCKYARD_TEST_CONCURRENCY overrides it.
 */
const concurrency = Number(process.env.MOCKYARD_TEST_CONCURRENCY) || availableParallelism() + 2;

/**
 * A test file still running after this long fails, and its process is killed: a file that can no
 * longer finish (a load loop that outlived its test kept a CI run going for 90 minutes) costs its
 * own failure and this much time, not the whole run (the slowest single test took 65 s in a
 * clean-clone CI run here). MOCKYARD_TEST_FILE_TIMEOUT (ms) overrides it.
 */
const fileTimeout = Number(process.env.MOCKYARD_TEST_FILE_TIMEOUT) || 600_000;

/**
 * Files that take longest (measured: per-file wall time of a whole run) start first, so that none
 * of them starts near the end and leaves the other lanes idle while it finishes. Only the order
 * changes: every test file under dist/ runs, these and all the others.
 */
const SLOW_FIRST = [
  'engine/tests/faults.test.js',
  'engine/tests/config-fuzz.test.js',
  'engine/tests/config-fuzz-shapes.test.js',
  'cli/tests/openapi-import.test.js',
  'cli/tests/forms-e2e.test.js',
  'cli/tests/shell-e2e.test.js',
  'engine/tests/http-errors-on-postgres.test.js',
  'cli/tests/log-e2e.test.js',
  'cli/tests/layout-e2e.test.js',
  'engine/tests/file-faults.test.js',
  'cli/tests/openapi-export.test.js',
];

/** Every *.test.js under dist/ (not under node_modules), the slow ones first, then by path. */
function testFiles() {
  const rank = (file) => {
    const i = SLOW_FIRST.indexOf(relative(join(root, 'dist'), file).split(sep).join('/'));
    return i === -1 ? SLOW_FIRST.length : i;
  };
  return readdirSync(join(root, 'dist'), { recursive: true })
    .filter((f) => f.endsWith('.test.js') && !f.split(sep).includes('node_modules'))
    .map((f) => join(root, 'dist', f))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

function exec(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const files = process.argv.slice(2);
  if ((await exec(bin('biome'), ['ci', '.'])) !== 0) return 1;
  if ((await exec(process.execPath, [join(root, 'scripts', 'build.mjs')])) !== 0) return 1;

  let postgres;
  if (!process.env.MOCKYARD_TEST_POSTGRES && !process.env.MOCKYARD_TEST_POSTGRES_RUN) {
    const helper = pathToFileURL(join(root, 'dist', 'engine', 'tests', 'postgres-server.js'));
    const { startPostgres } = await import(helper.href);
    // A local server of this run's own (faults: it is not handed out by another run).
    postgres = await startPostgres({ faults: true });
    // The test files' processes inherit it.
    if (postgres) process.env.MOCKYARD_TEST_POSTGRES_RUN = postgres.url;
  }
  const stop = () => postgres?.stop();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop().finally(() => process.exit(130)));
  try {
    return await runTests(files.length > 0 ? files.map((f) => resolve(f)) : testFiles());
  } finally {
    await stop();
  }
}

/**
 * node:test's run() rather than `node --test`, which sorts the files by path whatever order they
 * are given in. The report is node's own: spec on a terminal, TAP otherwise (as `node --test`).
 */
async function runTests(files) {
  let failed = false;
  const stream = run({ files, concurrency, timeout: fileTimeout });
  // A failing `todo` test is reported as a failure event too, but it is a known, documented
  // difference (the TAP line says `# TODO`) and must not fail the run, as with `node --test`.
  stream.on('test:fail', (data) => {
    if (!data.todo && !data.skip) failed = true;
  });
  const reporter = process.stdout.isTTY ? new reporters.spec() : reporters.tap;
  await pipeline(stream.compose(reporter), process.stdout, { end: false });
  return failed ? 1 : 0;
}

process.exitCode = await main();
