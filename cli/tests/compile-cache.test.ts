import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI } from './process.js';

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: string
endpoints:
  - resource: User
seed:
  User:
    - { name: Ada }
`;

/** `mockyard validate` with the code cache in `cache` ('0': off); its output, which must say valid. */
function validate(dir: string, cache: string): string {
  const run = spawnSync(process.execPath, [CLI, 'validate', join(dir, 'api.yaml'), '--no-color'], {
    env: { ...process.env, MOCKYARD_COMPILE_CACHE: cache },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /api\.yaml is valid/);
  return run.stdout;
}

/** The cache files of the one build in `cache`, name -> inode (a rewrite renames a new file into place). */
function cacheFiles(cache: string): Map<string, number> {
  const [v8] = readdirSync(cache);
  assert.match(v8 ?? '', /^v8-/, 'one folder per V8 version');
  const builds = readdirSync(join(cache, v8 as string));
  assert.equal(builds.length, 1, 'one folder for this build');
  const dir = join(cache, v8 as string, builds[0] as string);
  return new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).ino]));
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-code-cache-'));
  writeFileSync(join(dir, 'api.yaml'), CONFIG);
  return dir;
}

test('the CLI writes its code cache once, uses it on the next run, and rewrites data V8 rejects', (t) => {
  const dir = tempDir();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const cache = join(dir, 'cache');
  validate(dir, cache);
  const first = cacheFiles(cache);
  assert.ok(first.has('main.cjs.v8'), `the entry's data is written: ${[...first.keys()].join(', ')}`);
  assert.ok(first.size >= 3, 'and the chunks it loaded');
  // Accepted data is not written again (rejected data would be: the same files, new inodes).
  validate(dir, cache);
  assert.deepEqual(cacheFiles(cache), first);
  // Data V8 refuses (here: not V8's at all) is ignored, the run works as before, and fresh data replaces it.
  const [v8] = readdirSync(cache);
  const [build] = readdirSync(join(cache, v8 as string));
  const main = join(cache, v8 as string, build as string, 'main.cjs.v8');
  writeFileSync(main, 'not a code cache');
  validate(dir, cache);
  assert.notEqual(readFileSync(main, 'utf8'), 'not a code cache');
  assert.ok(statSync(main).size > 100);
  // V8 checks only a script's length: the entry's data is used only beside the entry's own text, so
  // another build whose entry lands in the same folder (same length, same sampled characters) writes its own.
  const text = join(cache, v8 as string, build as string, 'entry.cjs.txt');
  assert.equal(readFileSync(text, 'utf8'), readFileSync(join(CLI, '../../dist/cli-bundle/main.cjs'), 'utf8'));
  writeFileSync(text, 'another build');
  const before = cacheFiles(cache);
  validate(dir, cache);
  const after = cacheFiles(cache);
  assert.notEqual(after.get('main.cjs.v8'), before.get('main.cjs.v8'), "the entry's data is written again");
  assert.notEqual(after.get('entry.cjs.txt'), before.get('entry.cjs.txt'));
  assert.notEqual(readFileSync(text, 'utf8'), 'another build');
});

test('a cache folder that cannot be made, or MOCKYARD_COMPILE_CACHE=0, changes nothing but the speed', (t) => {
  const dir = tempDir();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // A folder under a file cannot be created (as a read-only home cannot be written, also for root).
  writeFileSync(join(dir, 'file'), '');
  validate(dir, join(dir, 'file', 'cache'));
  const off = join(dir, 'off');
  validate(dir, '0');
  assert.equal(existsSync(off), false);
  assert.equal(existsSync(join(dir, '0')), false, "'0' turns the cache off; it is not a folder name");
});

test('a server started from the code cache serves (the store, the router, the first request)', async (t) => {
  const dir = tempDir();
  const cache = join(dir, 'cache');
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  validate(dir, cache); // writes the data of the chunks validate and serve share
  for (let run = 0; run < 2; run++) {
    const child = spawn(process.execPath, [CLI, 'serve', join(dir, 'api.yaml'), '--port', '0', '--no-color'], {
      env: { ...process.env, MOCKYARD_COMPILE_CACHE: cache },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
        child.stdout.on('data', () => {
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (match) resolve(match[0]);
        });
      });
      const res = await fetch(`${url}/users/1`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { id: 1, name: 'Ada' });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  // The serve run added its own chunks' data at exit (the first run), and the second found them.
  assert.ok(cacheFiles(cache).size > 3);
});

test('code from the cache loads what it loads lazily (the OpenAPI parser reads a file), with nothing on stderr', (t) => {
  const dir = tempDir();
  const cache = join(dir, 'cache');
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const petstore = join(CLI, '../../engine/tests/fixtures/openapi/petstore-simple.json');
  // The first run writes the data, the second runs from it (a dynamic import in cached code failed
  // there: "Error reading file", and Node 20's loader option for it warned on stderr in the first).
  for (let run = 0; run < 2; run++) {
    const out = join(dir, `imported-${run}.yaml`);
    const result = spawnSync(process.execPath, [CLI, 'import', petstore, '-o', out, '--no-color'], {
      env: { ...process.env, MOCKYARD_COMPILE_CACHE: cache },
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, `run ${run + 1}: ${result.stderr}`);
    assert.equal(result.stderr, '', `run ${run + 1} wrote to stderr`);
    assert.match(readFileSync(out, 'utf8'), /schemas:/);
  }
  assert.ok(cacheFiles(cache).size >= 3, 'the second run had a cache to use');
});
