import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eventually } from './process.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

/** The environment of a child npm, without the parent `npm test`'s lifecycle variables. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));

interface Instruction {
  getKeyword(): string;
  getArgumentsContent(): string | null;
}

test('the Dockerfile is a multi-stage build on node slim that serves /config as a non-root user with the CLI it names', (t) => {
  const { DockerfileParser } = require('dockerfile-ast') as {
    DockerfileParser: {
      parse(text: string): {
        getFROMs(): { getImage(): string | null; getBuildStage(): string | null }[];
        getInstructions(): Instruction[];
      };
    };
  };
  const dockerfile = DockerfileParser.parse(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const froms = dockerfile.getFROMs();
  assert.ok(froms.length >= 2, 'multi-stage');
  for (const from of froms) assert.match(from.getImage() ?? '', /^node:\d+(-[a-z]+)?-slim$/);
  const instructions = dockerfile.getInstructions();
  const lastFrom = instructions.map((i) => i.getKeyword()).lastIndexOf('FROM');
  const final = instructions.slice(lastFrom);
  const arg = (keyword: string): string => final.find((i) => i.getKeyword() === keyword)?.getArgumentsContent() ?? '';
  assert.equal(arg('USER'), 'node', 'the image runs as a non-root user');
  const entrypoint = JSON.parse(arg('ENTRYPOINT')) as string[];
  const cmd = JSON.parse(arg('CMD')) as string[];
  assert.deepEqual(
    [...entrypoint, ...cmd],
    ['node', '/app/bin/mockyard.cjs', 'serve', '/config/mockyard.yaml', '--host', '0.0.0.0'],
  );
  // Everything the image copies from the build stage is what `npm run build` makes here.
  for (const copy of final.filter((i) => i.getKeyword() === 'COPY')) {
    const [from, source] = (copy.getArgumentsContent() ?? '').split(/\s+/);
    if (from === '--from=build')
      assert.ok(existsSync(join(root, (source as string).replace(/^\/app\//, ''))), `${source} exists after the build`);
  }
  // The CLI entry it names runs, with the command it is given.
  const version = execFileSync(process.execPath, [join(root, 'bin/mockyard.cjs'), '--version'])
    .toString()
    .trim();
  assert.equal(version, (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);
  const docker = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 });
  if (docker.status !== 0) t.diagnostic('no Docker engine here: the Dockerfile was parsed and checked, not built');
});

test('npm ci accepts package-lock.json as it is (CI installs with npm ci from a clean clone)', () => {
  // `npm install` leaves out of the lock an optional platform package the registry does not serve
  // (Biome's darwin, win32 and android binaries are missing from this one), and then `npm ci`
  // refuses the lock ("Missing: @biomejs/cli-darwin-arm64@ from lock file"). Those entries are kept
  // by hand; this catches an install that drops them again, before CI does.
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-lock-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(root, file), join(dir, file));
    const ci = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(ci.status, 0, `npm ci refuses the lock file:\n${ci.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm pack makes a package whose bin serves and validates a config from a fresh directory', {
  timeout: 180_000,
}, async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'mockyard-pack-'));
  try {
    // --ignore-scripts: `npm test` has just built dist/; packing must not rebuild it under the other tests.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
        cwd: root,
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString(),
    ) as { filename: string; files: { path: string }[] }[];
    const files = (packed[0]?.files ?? []).map((f) => f.path);
    for (const needed of [
      'bin/mockyard.cjs',
      'dist/cli-bundle/main.cjs',
      'dist/renderer/index.html',
      'dist/graphiql/index.html',
      'examples/blog.yaml',
      'package.json',
      'README.md',
    ])
      assert.ok(files.includes(needed), `${needed} is in the package`);
    assert.deepEqual(
      // The library's declaration files (.d.ts) are the one kind of .ts file the package carries.
      files.filter((f) => /(^|\/)tests?\/|(?<!\.d)\.ts$|^engine\/|^renderer\/src/.test(f)),
      [],
      'no sources or tests in the package',
    );
    t.diagnostic(`package: ${files.length} files`);

    // The fresh project installs the real tarball from the registry (or npm's cache), but without
    // running install scripts: better-sqlite3's would compile SQLite from source (~180 s of CPU here,
    // no prebuilt binaries are reachable), and the root's `npm ci` has already built that very module
    // for this Node. So the project pins better-sqlite3 to the version the root installed (an
    // `overrides` entry, within the package's own range), and the root's compiled addon goes where
    // better-sqlite3 looks for it (`bindings` tries build/Release/ first). Same version, same Node, same
    // machine: the same binary the compile would make. Serving below proves it loads.
    const sqlite = join(root, 'node_modules/better-sqlite3');
    const sqliteVersion = (JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string })
      .version;
    const app = join(work, 'app');
    mkdirSync(app, { recursive: true });
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'fresh-project', private: true, overrides: { 'better-sqlite3': sqliteVersion } }),
    );
    const started = performance.now();
    const install = spawnSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        join(work, packed[0]?.filename as string),
      ],
      { cwd: app, env: cleanEnv(), encoding: 'utf8', timeout: 120_000 },
    );
    assert.equal(install.status, 0, install.stderr);
    t.diagnostic(`npm install of the tarball: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const installed = join(app, 'node_modules/better-sqlite3');
    assert.equal(
      (JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string }).version,
      sqliteVersion,
      "the fresh project's better-sqlite3 is the version whose addon the root built",
    );
    mkdirSync(join(installed, 'build/Release'), { recursive: true });
    copyFileSync(
      join(sqlite, 'build/Release/better_sqlite3.node'),
      join(installed, 'build/Release/better_sqlite3.node'),
    );

    const bin = join(app, 'node_modules/.bin/mockyard');
    writeFileSync(
      join(app, 'api.yaml'),
      'schemas:\n  Item:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: Item\n',
    );
    const valid = spawnSync(bin, ['validate', 'api.yaml'], { cwd: app, encoding: 'utf8' });
    assert.equal(valid.status, 0, valid.stderr);
    assert.match(valid.stdout, /api\.yaml is valid/);
    writeFileSync(join(app, 'bad.yaml'), 'endpoints:\n  - path: /x\n    method: GET\n    response: { schema: Nope }\n');
    const invalid = spawnSync(bin, ['validate', 'bad.yaml'], { cwd: app, encoding: 'utf8' });
    assert.equal(invalid.status, 1);
    assert.match(invalid.stderr, /bad\.yaml:4:25 error Endpoint GET \/x references unknown schema 'Nope'/);

    const child = spawn(bin, ['serve', 'api.yaml', '--port', '0', '--no-color'], {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await eventually(() => /http:\/\/127\.0\.0\.1:\d+/.test(out), 15_000, 'the installed CLI to print its URL');
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0] as string;
      const created = await fetch(`${url}/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"from the tarball"}',
      });
      assert.equal(created.status, 201);
      assert.deepEqual(await (await fetch(`${url}/items/1`)).json(), { id: 1, name: 'from the tarball' });
      assert.ok(existsSync(join(app, 'api.sqlite')));
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
