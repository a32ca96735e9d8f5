import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

/** dist/cli/tests/cli.test.js -> bin/mockyard.cjs at the repository root. */
const BIN = fileURLToPath(new URL('../../../bin/mockyard.cjs', import.meta.url));
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const TIMEOUT_MS = 10_000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI escape starts with ESC.
const ANSI = /\u001b\[/;

const USERS = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
endpoints:
  - resource: User
  - path: /health
    method: GET
    response:
      inline: { status: ok }
`;

/** The environment for a spawned CLI: no colour settings or test-runner variables leaking in from ours. */
function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['NO_COLOR', 'FORCE_COLOR', 'NODE_TEST_CONTEXT', 'NODE_OPTIONS']) delete env[key];
  return { ...env, ...extra };
}

function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-cli-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion (killed after TIMEOUT_MS, which fails the test). */
function run(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: cliEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `mockyard ${args.join(' ')} did not exit within ${TIMEOUT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A long-running `mockyard serve`, its output collected as it comes. */
class Serving {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: (() => void)[] = [];

  constructor(args: string[], cwd: string, env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [BIN, 'serve', ...args], {
      cwd,
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const notify = (): void => {
      for (const w of this.waiters) w();
    };
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      this.stdout += d;
      notify();
    });
    this.child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      this.stderr += d;
      notify();
    });
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        resolve({ code, signal });
        notify();
      }),
    );
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until stdout or stderr (as chosen) matches, failing after TIMEOUT_MS or if the process exits first. */
  waitFor(pattern: RegExp, stream: 'stdout' | 'stderr' = 'stdout', timeoutMs = TIMEOUT_MS): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = pattern.exec(this[stream]);
        if (match) {
          done();
          resolve(match);
          return true;
        }
        if (!this.running) {
          done();
          reject(
            new Error(
              `mockyard exited (${String(this.child.exitCode ?? this.child.signalCode)}) before ${stream} matched ${pattern}\n${this.output()}`,
            ),
          );
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`timed out after ${timeoutMs} ms waiting for ${stream} to match ${pattern}\n${this.output()}`),
        );
      }, timeoutMs);
      const waiter = (): void => void check();
      const done = (): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
      };
      this.waiters.push(waiter);
      check();
    });
  }

  /** The base URL it printed once it is listening. */
  async url(): Promise<string> {
    const [url] = await this.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
    return url;
  }

  /** Waits for the process to exit, failing after TIMEOUT_MS. */
  exit(timeoutMs = TIMEOUT_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`mockyard did not exit within ${timeoutMs} ms\n${this.output()}`)),
        timeoutMs,
      );
    });
    return Promise.race([this.exited, timeout]).finally(() => clearTimeout(timer));
  }

  /** SIGTERM, as a service manager would send, then the exit status. */
  async terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.kill('SIGTERM');
    return this.exit();
  }

  /** For `finally`: makes sure nothing outlives the test. */
  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }

  output(): string {
    return `--- stdout ---\n${this.stdout}\n--- stderr ---\n${this.stderr}`;
  }
}

/** Polls until `probe` returns true (e.g. a reloaded endpoint answers), failing after TIMEOUT_MS. */
async function eventually(what: string, probe: () => Promise<boolean>, serving?: Serving): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}${serving ? `\n${serving.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const fetchJson = async (url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
};

const answers = (url: string, status = 200): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status === status);

test("--help and --version exit 0; the version is package.json's", async () => {
  for (const flag of ['--help', '-h', 'help']) {
    const help = await run([flag]);
    assert.equal(help.code, 0, flag);
    assert.match(help.stdout, /^Usage: mockyard <command> \[options\]/);
    assert.match(help.stdout, /serve CONFIG/);
    assert.equal(help.stderr, '');
  }
  for (const flag of ['--version', '-v']) {
    const v = await run([flag]);
    assert.equal(v.code, 0);
    assert.equal(v.stdout, `${PACKAGE_VERSION}\n`);
  }
});

test('an unknown command or option exits 2 with a usage hint', async () => {
  const unknown = await run(['frobnicate']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command 'frobnicate'/);
  assert.match(unknown.stderr, /mockyard --help/);
  assert.equal(unknown.stdout, '');

  const badOption = await run(['validate', 'x.yaml', '--bogus']);
  assert.equal(badOption.code, 2);
  assert.match(badOption.stderr, /--bogus/);

  const noConfig = await run(['validate']);
  assert.equal(noConfig.code, 2);
  assert.match(noConfig.stderr, /missing CONFIG/);
});

test('validate: a valid config exits 0 and says it is valid', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(join(dir, 'api.yaml'), USERS);
    const r = await run(['validate', 'api.yaml'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '✓ api.yaml is valid\n');
    assert.equal(r.stderr, '');
    // The example shipped with the package is valid too.
    const example = await run(['validate', fileURLToPath(new URL('../../../examples/blog.yaml', import.meta.url))]);
    assert.equal(example.code, 0, example.stderr);
    assert.match(example.stdout, /blog\.yaml is valid/);
  } finally {
    cleanup();
  }
});

test('validate: an invalid config exits 1 and prints every problem as file:line:col severity message', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(
      join(dir, 'bad.yaml'),
      `schemas:
  User:
    properties:
      id: integer
      name: strng
endpoints:
  - path: /posts
    method: GET
    response: { schema: Post, type: array }
  - path: /users
    method: GTE
    response: { schema: User, type: array }
`,
    );
    const r = await run(['validate', 'bad.yaml'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trimEnd().split('\n');
    assert.ok(
      lines.includes(
        "bad.yaml:9:25 error Endpoint GET /posts references unknown schema 'Post'. Define it under `schemas:`.",
      ),
      r.stderr,
    );
    const problems = lines.filter((l) => /^bad\.yaml:\d+:\d+ (error|warning) /.test(l));
    // The unknown field type (line 5) and the unknown method (line 11) are reported as well, each at its own line.
    assert.ok(
      problems.some((l) => l.startsWith('bad.yaml:5:') && /strng/.test(l)),
      r.stderr,
    );
    assert.ok(
      problems.some((l) => l.startsWith('bad.yaml:11:') && /GTE/.test(l)),
      r.stderr,
    );
    assert.equal(problems.length, lines.length - 1, `every line but the summary is a problem:\n${r.stderr}`);
    assert.equal(lines.at(-1), `${problems.filter((l) => / error /.test(l)).length} errors in bad.yaml`);
  } finally {
    cleanup();
  }
});

test('validate: a missing file exits 1', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const r = await run(['validate', 'nope.yaml'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /cannot read nope\.yaml: no such file/);
  } finally {
    cleanup();
  }
});

test('schema prints a JSON Schema that JSON.parse accepts', async () => {
  const r = await run(['schema']);
  assert.equal(r.code, 0, r.stderr);
  const schema = JSON.parse(r.stdout) as { $schema?: string; type?: string; properties?: Record<string, unknown> };
  assert.match(schema.$schema ?? '', /json-schema\.org/);
  assert.equal(schema.type, 'object');
  assert.ok(schema.properties?.schemas && schema.properties.endpoints, 'describes schemas: and endpoints:');
});

test('serve --port 0 prints its URL and endpoints, answers HTTP, and exits 0 on SIGTERM', async () => {
  const { dir, cleanup } = tempDir();
  writeFileSync(join(dir, 'api.yaml'), USERS);
  const serving = new Serving(['api.yaml', '--port', '0'], dir);
  try {
    const url = await serving.url();
    await serving.waitFor(/Press Ctrl\+C to stop/);
    const lines = serving.stdout.split('\n');
    const expected: [string, string, string][] = [
      ['GET', '/users', 'list User → 200'],
      ['GET', '/users/:id', 'get User → 200'],
      ['POST', '/users', 'create User → 201'],
      ['PATCH', '/users/:id', 'update User → 200'],
      ['PUT', '/users/:id', 'update User → 200'],
      ['DELETE', '/users/:id', 'delete User → 204'],
      ['GET', '/health', 'static → 200'],
    ];
    for (const [method, path, what] of expected) {
      const line = new RegExp(`^ +${method} +${path.replace(/[/:]/g, '\\$&')} +${what}$`);
      assert.equal(lines.filter((l) => line.test(l)).length, 1, `one line for ${method} ${path}:\n${serving.stdout}`);
    }
    assert.match(serving.stdout, /database api\.sqlite/);

    assert.deepEqual(await fetchJson(`${url}/health`), { status: 200, body: { status: 'ok' } });
    const created = await fetchJson(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    });
    assert.deepEqual(created, { status: 201, body: { id: 1, name: 'Ada' } });
    assert.deepEqual(await fetchJson(`${url}/users/1`), { status: 200, body: { id: 1, name: 'Ada' } });
    // The bundle keeps the runtime's checks: rolldown once dropped the decodeURIComponent whose throw
    // tells a bad percent-encoding, and these answered 404.
    for (const path of ['/users/%', '/nowhere/%zz'])
      assert.deepEqual(await fetchJson(`${url}${path}`), {
        status: 400,
        body: { error: 'Malformed URL: bad percent-encoding in the path.' },
      });
    // One log line per request.
    await serving.waitFor(/GET \/users\/1 200/);

    assert.deepEqual(await serving.terminate(), { code: 0, signal: null });
    assert.ok(existsSync(join(dir, 'api.sqlite')), 'the database sits beside the config');
  } finally {
    serving.kill();
    cleanup();
  }
});

test('serve starts from one bundle chunk, without yaml, the studio, node:crypto or node:worker_threads', async () => {
  const { dir, cleanup } = tempDir();
  writeFileSync(join(dir, 'api.yaml'), USERS);
  // A --require hook records every file Node loads; each chunk's source map names the modules bundled in it.
  const loaded = join(dir, 'loaded.txt');
  writeFileSync(
    join(dir, 'hook.cjs'),
    `const Module = require('node:module');
const seen = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  try { seen.add(Module._resolveFilename(request, parent, isMain)); } catch {}
  return load.apply(this, arguments);
};
process.on('exit', () => {
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => 'builtin:' + m.slice(13));
  require('node:fs').writeFileSync(${JSON.stringify(loaded)}, [...seen, ...builtins].join('\\n'));
});
`,
  );
  const serving = new Serving(['api.yaml', '--port', '0', '--quiet'], dir, {
    NODE_OPTIONS: `--require ${join(dir, 'hook.cjs')}`,
  });
  try {
    await serving.waitFor(/Press Ctrl\+C/);
    assert.deepEqual(await serving.terminate(), { code: 0, signal: null });
    const files = readFileSync(loaded, 'utf8').split('\n');
    const chunks = files.filter((f) => /cli-bundle[\\/][^\\/]+\.cjs$/.test(f));
    assert.ok(
      chunks.some((f) => f.endsWith('main.cjs')),
      `the bundle served (${chunks.join(', ') || 'no chunk loaded'})`,
    );
    // Startup's modules come in one chunk (rolldown.config.mjs), beside the entry and rolldown's runtime.
    assert.deepEqual(chunks.map((f) => basename(f).replace(/-[\w-]{8}\.cjs$/, '.cjs')).sort(), [
      'main.cjs',
      'rolldown-runtime.cjs',
      'serve.cjs',
    ]);
    // Built-ins a server needs only for some configs load on first use (engine/src/on-demand.ts).
    assert.deepEqual(
      files.filter((f) => /^builtin:(crypto|worker_threads)$/.test(f)),
      [],
    );
    const sources = chunks.flatMap((f) => {
      if (!existsSync(`${f}.map`)) return [];
      return (JSON.parse(readFileSync(`${f}.map`, 'utf8')) as { sources: string[] }).sources;
    });
    assert.ok(
      sources.some((m) => m.includes('engine/src/engine.js')),
      'the source maps name the bundled modules',
    );
    assert.deepEqual(
      sources.filter((m) => /node_modules\/yaml\/|engine\/src\/(studio\/|studio-entry|config\/validate\.js)/.test(m)),
      [],
    );
  } finally {
    serving.kill();
    cleanup();
  }
});

test('serve: an invalid config exits 1 with its problems', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(join(dir, 'api.yaml'), `schemas: {}\nendpoints:\n  - resource: Post\n`);
    const r = await run(['serve', 'api.yaml', '--port', '0'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^api\.yaml:3:\d+ error .*unknown schema 'Post'/m);
    assert.match(r.stderr, /api\.yaml is not valid/);
    assert.doesNotMatch(r.stdout, /http:\/\//);
  } finally {
    cleanup();
  }
});

test('serve: a port already in use exits 3 and says so', async () => {
  const { dir, cleanup } = tempDir();
  const blocker: Server = createServer();
  try {
    await new Promise<void>((resolve, reject) => blocker.once('error', reject).listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    writeFileSync(join(dir, 'api.yaml'), USERS);
    const r = await run(['serve', 'api.yaml', '--port', String(port)], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, new RegExp(`Port ${port} is in use`));
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
    cleanup();
  }
});

test('serve: a bad --port value exits 2', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(join(dir, 'api.yaml'), USERS);
    const r = await run(['serve', 'api.yaml', '--port', 'abc'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--port must be a whole number/);
    // Only digits are a port: Number() would have read '' as 0 and '0x50' as 80.
    for (const port of ['', '0x50', '8e3', '65536', '-1', '1.5']) {
      const bad = await run(['serve', 'api.yaml', '--port', port], { cwd: dir });
      assert.equal(bad.code, 2, `--port '${port}'`);
    }
  } finally {
    cleanup();
  }
});

test('studio: a bad --port or --api-port exits 2 with the one port message, before anything starts', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(join(dir, 'api.yaml'), USERS);
    const api = await run(['studio', 'api.yaml', '--api-port', 'abc'], { cwd: dir });
    assert.equal(api.code, 2);
    assert.equal(api.stderr, "mockyard: --api-port must be a whole number from 0 to 65535, not 'abc'.\n");
    assert.equal(api.stdout, '');
    const ui = await run(['studio', 'api.yaml', '--port', '70000'], { cwd: dir });
    assert.equal(ui.code, 2);
    assert.equal(ui.stderr, "mockyard: --port must be a whole number from 0 to 65535, not '70000'.\n");
  } finally {
    cleanup();
  }
});

test('serve --db FILE stores the data in that file', async () => {
  const { dir, cleanup } = tempDir();
  writeFileSync(join(dir, 'api.yaml'), USERS);
  const serving = new Serving(['api.yaml', '--port', '0', '--db', 'data/custom.db'], dir);
  try {
    const url = await serving.url();
    await serving.waitFor(/database data\/custom\.db/);
    assert.equal(
      (
        await fetchJson(`${url}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"Grace"}',
        })
      ).status,
      201,
    );
    assert.deepEqual(await serving.terminate(), { code: 0, signal: null });

    assert.equal(existsSync(join(dir, 'api.sqlite')), false, 'the default database was not used');
    const db = new Database(join(dir, 'data', 'custom.db'), { readonly: true });
    try {
      assert.deepEqual(db.prepare('SELECT id, name FROM users').all(), [{ id: 1, name: 'Grace' }]);
    } finally {
      db.close();
    }
  } finally {
    serving.kill();
    cleanup();
  }
});

test('serve --watch reloads edits (in place and by rename) and keeps the last good config on a broken edit', async () => {
  const { dir, cleanup } = tempDir();
  const config = join(dir, 'api.yaml');
  writeFileSync(config, USERS);
  const serving = new Serving(['api.yaml', '--port', '0', '--watch', '--quiet'], dir);
  try {
    const url = await serving.url();
    await serving.waitFor(/Watching api\.yaml for changes/);
    assert.equal((await fetch(`${url}/ping`)).status, 404);

    // An edit in place.
    writeFileSync(config, `${USERS}  - path: /ping\n    method: GET\n    response:\n      inline: { pong: 1 }\n`);
    await eventually('/ping to answer after an in-place edit', () => answers(`${url}/ping`), serving);
    await serving.waitFor(/Reloaded api\.yaml \(8 endpoints\)/);

    // An editor's atomic save: write a temp file beside the config, then rename it over the config.
    const temp = join(dir, '.api.yaml.swp');
    writeFileSync(temp, `${USERS}  - path: /pong\n    method: GET\n    response:\n      inline: { ping: 2 }\n`);
    renameSync(temp, config);
    await eventually('/pong to answer after a rename over the config', () => answers(`${url}/pong`), serving);
    assert.equal((await fetch(`${url}/ping`)).status, 404, '/ping is gone');

    // A second atomic save still reloads (the watch follows the new file).
    writeFileSync(temp, `${USERS}  - path: /pong\n    method: GET\n    response:\n      inline: { ping: 3 }\n`);
    renameSync(temp, config);
    await eventually(
      '/pong to change after a second rename',
      async () => JSON.stringify((await fetchJson(`${url}/pong`)).body) === '{"ping":3}',
      serving,
    );

    // A broken edit: reported with file:line:col, and the last good config keeps serving.
    writeFileSync(config, `${USERS}  - path: /posts\n    method: GET\n    response: { schema: Post, type: array }\n`);
    await serving.waitFor(
      /^api\.yaml:14:25 error Endpoint GET \/posts references unknown schema 'Post'\. Define it under `schemas:`\.$/m,
      'stderr',
    );
    await serving.waitFor(/Not reloaded: api\.yaml has errors; still serving the last good config/, 'stderr');
    assert.deepEqual(await fetchJson(`${url}/pong`), { status: 200, body: { ping: 3 } });
    assert.equal((await fetchJson(`${url}/health`)).status, 200);
    assert.equal((await fetch(`${url}/posts`)).status, 404);

    // A YAML syntax error is positioned too.
    writeFileSync(config, `${USERS}  - path: [\n`);
    await serving.waitFor(/^api\.yaml:\d+:\d+ error YAML syntax error/m, 'stderr');
    assert.equal((await fetch(`${url}/health`)).status, 200);

    assert.deepEqual(await serving.terminate(), { code: 0, signal: null });
  } finally {
    serving.kill();
    cleanup();
  }
});

test('--no-color output has no ANSI escapes, even when colour is forced', async () => {
  const { dir, cleanup } = tempDir();
  try {
    writeFileSync(join(dir, 'bad.yaml'), `schemas: {}\nendpoints:\n  - resource: Post\n`);
    writeFileSync(join(dir, 'api.yaml'), USERS);
    // Colour is forced (FORCE_COLOR, as CI systems set it): without --no-color the output is coloured…
    const coloured = await run(['validate', 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    assert.match(coloured.stderr, ANSI, 'control: FORCE_COLOR gives coloured output');
    const flag = await run(['validate', 'bad.yaml', '--color'], { cwd: dir });
    assert.match(flag.stderr, ANSI, 'control: --color gives coloured output');
    // …and --no-color wins.
    for (const args of [
      ['validate', 'bad.yaml', '--no-color'],
      ['validate', 'api.yaml', '--no-color'],
      ['validate', 'bad.yaml', '--color', '--no-color'],
    ]) {
      const r = await run(args, { cwd: dir, env: { FORCE_COLOR: '1' } });
      assert.doesNotMatch(r.stdout + r.stderr, ANSI, args.join(' '));
    }
    const noColorEnv = await run(['validate', 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    assert.doesNotMatch(noColorEnv.stderr, ANSI, 'NO_COLOR');

    const serving = new Serving(['api.yaml', '--port', '0', '--no-color'], dir, { FORCE_COLOR: '1' });
    try {
      const url = await serving.url();
      await serving.waitFor(/Press Ctrl\+C/);
      await fetch(`${url}/health`);
      await fetch(`${url}/nothing`);
      await serving.waitFor(/GET \/nothing 404/);
      assert.doesNotMatch(serving.stdout + serving.stderr, ANSI);
      assert.deepEqual(await serving.terminate(), { code: 0, signal: null });
    } finally {
      serving.kill();
    }
  } finally {
    cleanup();
  }
});

// The time from spawn to the first answer is a diagnostic here; `npm run bench` measures startup on
// a quiet machine (a wall-clock bound in a suite that runs files side by side measures the load).
test('serve starts a 50-endpoint config and lists one line per endpoint', async (t) => {
  const { dir, cleanup } = tempDir();
  // Eight resources (six endpoints each) and two lookups: 50 endpoints.
  const names = ['Author', 'Book', 'Chapter', 'Review', 'Shelf', 'Library', 'Member', 'Event'];
  const schemas = names
    .map(
      (n) =>
        `  ${n}:\n    properties:\n      id: integer\n      name: { type: string, required: true }\n      rank: integer\n      tags: json\n      createdAt: datetime\n`,
    )
    .join('');
  const endpoints = `${names.map((n) => `  - resource: ${n}\n`).join('')}  - { path: /ranks/:rank/books, method: GET, response: { schema: Book, type: array } }\n  - { path: /health, method: GET, response: { inline: { ok: true } } }\n`;
  writeFileSync(join(dir, 'big.yaml'), `schemas:\n${schemas}endpoints:\n${endpoints}`);
  const started = performance.now();
  const serving = new Serving(['big.yaml', '--port', '0', '--quiet'], dir);
  try {
    const url = await serving.url();
    await eventually('the first answer', () => answers(`${url}/events`), serving);
    const ms = performance.now() - started;
    t.diagnostic(`serve on a 50-endpoint config: ${ms.toFixed(0)} ms from spawn to the first HTTP answer`);
    // It listens before it prints the endpoint list, so wait for the end of the banner before counting.
    await serving.waitFor(/Press Ctrl\+C to stop/);
    assert.equal(serving.stdout.split('\n').filter((l) => /→ \d{3}$/.test(l)).length, 50, 'one line per endpoint');
    assert.deepEqual(await serving.terminate(), { code: 0, signal: null });
  } finally {
    serving.kill();
    cleanup();
  }
});
