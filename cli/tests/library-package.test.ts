// The package as a user installs it: `npm pack`, installed into a fresh project, then that project's own
// node:test suite imports (ES module) and requires (CommonJS) 'mockyard' and TypeScript checks its types.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The environment of a child npm, without the parent `npm test`'s lifecycle variables. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));

const CONFIG = `scenarios:
  order: started
schemas:
  Order:
    properties:
      id: integer
      amount: number
endpoints:
  - resource: Order
  - path: /order
    method: GET
    response: { inline: { state: "{{scenario.order}}" } }
    rules:
      - when: { scenario.order: paid }
        response: { inline: { state: paid, rule: true } }
  - path: /order/pay
    method: POST
    response: { inline: { ok: true } }
    setScenario: { order: paid }
`;

// The user's suite, as the README's test-runner page writes it: start in before, reset in beforeEach, stop in after.
const ESM_SUITE = `import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { startMock } from 'mockyard';

let mock;
before(async () => { mock = await startMock({ config: 'api.yaml', db: ':memory:' }); });
beforeEach(() => mock.reset());
after(() => mock.stop());

test('creates an order and verifies the request', async () => {
  const res = await fetch(mock.url + '/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":10}' });
  assert.equal(res.status, 201);
  await mock.verify({ method: 'POST', path: '/orders', body: { amount: 10 }, times: 1 });
  await assert.rejects(mock.verify({ method: 'POST', path: '/orders', body: { amount: 11 } }), /body\\.amount is 10, expected 11/);
});

test('starts each test from the seed and the start state', async () => {
  assert.deepEqual(await mock.requests(), []);
  assert.deepEqual(await (await fetch(mock.url + '/orders')).json(), []);
  assert.deepEqual(await (await fetch(mock.url + '/order')).json(), { state: 'started' });
  await fetch(mock.url + '/order/pay', { method: 'POST' });
  assert.deepEqual(await (await fetch(mock.url + '/order')).json(), { state: 'paid', rule: true });
  assert.equal(await mock.scenario('order'), 'paid');
});

test('does not load Electron', () => {
  assert.equal(process.versions.electron, undefined);
  assert.equal(existsSync(new URL('./node_modules/electron', import.meta.url)), false);
});
import { existsSync } from 'node:fs';
`;

const CJS_SUITE = `const assert = require('node:assert/strict');
const { test } = require('node:test');
const { startMock } = require('mockyard');

test('require("mockyard") starts an isolated mock from a YAML text', async () => {
  const config = 'endpoints:\\n  - path: /hi\\n    method: GET\\n    response: { inline: { hi: true } }\\n';
  const [a, b] = await Promise.all([startMock({ config }), startMock({ config })]);
  try {
    assert.notEqual(a.url, b.url);
    assert.deepEqual(await (await fetch(a.url + '/hi')).json(), { hi: true });
    assert.equal((await a.requests({ path: '/hi' })).length, 1);
    assert.equal((await b.requests()).length, 0);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});
`;

// Type-checked, never run: the package's declarations must describe the library.
const TYPES = `import { startMock, type JournalEntry, type Mock } from 'mockyard';
const mock: Mock = await startMock({ config: 'api.yaml', db: ':memory:', port: 0 });
const url: string = mock.url;
const entries: JournalEntry[] = await mock.requests({ method: 'POST', path: /^\\/orders/, status: 201, since: new Date() });
const amount: unknown = entries[0]?.body;
await mock.verify({ method: 'POST', path: '/orders', body: { amount: 10 }, times: 1 });
// @ts-expect-error: times is a number
await mock.verify({ times: 'once' });
await mock.reset();
await mock.stop();
export { url, amount };
`;

test('the packed tarball installs in a fresh project whose node:test suite imports, requires and type-checks mockyard', {
  timeout: 480_000,
}, async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'mockyard-lib-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
        cwd: root,
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString(),
    ) as { filename: string; files: { path: string }[] }[];
    const files = (packed[0]?.files ?? []).map((f) => f.path);
    for (const needed of [
      'lib/index.mjs',
      'dist/lib-bundle/index.cjs',
      'dist/engine/src/library/index.d.ts',
      'dist/engine/src/library/types.d.ts',
    ])
      assert.ok(files.includes(needed), `${needed} is in the package`);

    // As in distribution.test.ts: no install scripts (better-sqlite3's would compile SQLite for
    // minutes); the root's addon, built for this Node, goes where better-sqlite3 looks for it.
    const sqlite = join(root, 'node_modules/better-sqlite3');
    const { version } = JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string };
    const app = join(work, 'app');
    mkdirSync(app, { recursive: true });
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'user-project', private: true, type: 'module', overrides: { 'better-sqlite3': version } }),
    );
    const install = spawnSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        join(work, packed[0]?.filename ?? ''),
      ],
      { cwd: app, env: cleanEnv(), encoding: 'utf8', timeout: 180_000 },
    );
    assert.equal(install.status, 0, install.stderr);
    const installed = join(app, 'node_modules/better-sqlite3');
    mkdirSync(join(installed, 'build/Release'), { recursive: true });
    copyFileSync(
      join(sqlite, 'build/Release/better_sqlite3.node'),
      join(installed, 'build/Release/better_sqlite3.node'),
    );
    assert.equal(existsSync(join(app, 'node_modules/electron')), false, 'Electron is not a dependency');

    writeFileSync(join(app, 'api.yaml'), CONFIG);
    writeFileSync(join(app, 'orders.test.mjs'), ESM_SUITE);
    writeFileSync(join(app, 'hello.test.cjs'), CJS_SUITE);
    // Without this runner's NODE_TEST_CONTEXT, the child reports in TAP, as a user's own run does.
    const { NODE_TEST_CONTEXT: _, ...env } = cleanEnv();
    const suite = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'orders.test.mjs', 'hello.test.cjs'], {
      cwd: app,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    t.diagnostic(
      suite.stdout
        .split('\n')
        .filter((l) => /^# (tests|pass|fail)/.test(l))
        .join(', '),
    );
    assert.equal(suite.status, 0, `${suite.stdout}\n${suite.stderr}`);
    assert.match(suite.stdout, /# pass 4\n/);

    writeFileSync(join(app, 'types.mts'), TYPES);
    const tsc = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--types',
        'node',
        '--typeRoots',
        join(root, 'node_modules/@types'),
        'types.mts',
      ],
      // A type check of a few lines, but beside the whole suite on two cores it took over a minute once.
      { cwd: app, encoding: 'utf8', timeout: 180_000 },
    );
    assert.equal(
      tsc.status,
      0,
      `the declarations do not check (${tsc.error?.message ?? tsc.signal ?? 'exit'}):\n${tsc.stdout}${tsc.stderr}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
