// `mockyard serve db.json` from the command line: `mockyard import db.json`, `mockyard export-data`,
// --static, and a db.json json-server would refuse. (ra-data-json-server against this mode is in
// engine/tests/json-server-providers.test.ts, beside the other react-admin provider tests.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { serveDb } from './json-server-process.js';
import { CLI, runCli } from './process.js';

const DB = {
  posts: Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    title: `Post ${String(i + 1).padStart(2, '0')}`,
    views: (i * 7) % 10,
  })),
  comments: Array.from({ length: 9 }, (_, i) => ({ id: i + 1, postId: (i % 3) + 1, body: `c${i + 1}` })),
  profile: { name: 'typicode' },
};

function cli(args: string[], cwd: string) {
  return spawnSync(process.execPath, [CLI, ...args, '--no-color'], { cwd, encoding: 'utf8', timeout: 20_000 });
}

test('mockyard import db.json writes a config that validates and serves the same rows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-import-db-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
    const imported = cli(['import', 'db.json', '-o', 'api.yaml'], dir);
    assert.equal(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /2 collections, 1 singular resource, 33 rows as seed/);
    const text = readFileSync(join(dir, 'api.yaml'), 'utf8');
    assert.match(text, /references: Post/);
    assert.match(text, /path: \/posts\/:postId\/comments/);
    const valid = cli(['validate', 'api.yaml'], dir);
    assert.equal(valid.status, 0, valid.stdout + valid.stderr);
    // An existing file is not replaced without --force.
    assert.equal(cli(['import', 'db.json', '-o', 'api.yaml'], dir).status, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('mockyard export-data: edits made through the API land in the written db.json', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-export-data-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
    // The first export creates db.sqlite beside the file from the db.json, then writes it out.
    const first = cli(['export-data', 'db.json', '-o', 'out.json'], dir);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')), DB);
    const s = serveFrom(dir);
    try {
      const url = await s.url;
      const patched = await fetch(`${url}/posts/1`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Edited' }),
      });
      assert.equal(patched.status, 200);
      assert.equal((await fetch(`${url}/comments/9`, { method: 'DELETE' })).status, 200);
    } finally {
      await s.stop();
    }
    const second = cli(['export-data', 'db.json'], dir);
    assert.equal(second.status, 0, second.stderr);
    const written = JSON.parse(readFileSync(join(dir, 'db.json'), 'utf8')) as typeof DB;
    assert.equal(written.posts[0]?.title, 'Edited');
    assert.equal(written.comments.length, 8);
    assert.deepEqual(written.profile, DB.profile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('mockyard export-data into a folder that does not exist: one line naming the file, exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-export-data-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
    const failed = cli(['export-data', 'db.json', '-o', join('missing', 'out.json')], dir);
    assert.equal(failed.status, 1, failed.stderr);
    // The one output-file writer's message, not an uncaught error's stack.
    assert.match(failed.stderr, /^mockyard: cannot write missing\/out\.json: /);
    assert.doesNotMatch(failed.stderr, /\n\s+at /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** `mockyard serve db.json` in an existing folder (its db.sqlite kept), for export-data to read afterwards. */
function serveFrom(dir: string): { url: Promise<string>; stop(): Promise<number | null> } {
  const running = runCli(['serve', 'db.json', '--port', '0', '--quiet'], dir);
  return {
    url: running.waitFor(/(http:\/\/127\.0\.0\.1:\d+)/).then((m) => m[1] as string),
    stop: () => running.stop(),
  };
}

test('--static serves text files under the folder for paths no route has, and nothing outside it', async () => {
  const s = await serveDb(DB, ['--static', 'public'], {});
  try {
    mkdirSync(join(s.dir, 'public'), { recursive: true });
    writeFileSync(join(s.dir, 'public', 'index.html'), '<h1>front end</h1>');
    writeFileSync(join(s.dir, 'secret.txt'), 'no');
    const home = await fetch(`${s.url}/`);
    assert.equal(home.status, 200);
    assert.match(home.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(await home.text(), '<h1>front end</h1>');
    assert.equal((await fetch(`${s.url}/..%2fsecret.txt`)).status, 404);
    assert.equal((await fetch(`${s.url}/%2e%2e/secret.txt`)).status, 404);
    // A route wins over a file of the same name.
    assert.equal((await fetch(`${s.url}/posts/1`)).status, 200);
  } finally {
    await s.stop();
  }
});

test("--delay delays every answer, and a request's _delay adds to it as json-server's two pauses do; a bad --delay is exit 2", async () => {
  const s = await serveDb(DB, ['--delay', '300']);
  try {
    const timed = async (path: string, init?: RequestInit): Promise<[number, number]> => {
      const started = performance.now();
      const res = await fetch(`${s.url}${path}`, init);
      await res.arrayBuffer();
      return [res.status, performance.now() - started];
    };
    for (const [path, init] of [
      ['/posts/1', undefined],
      ['/posts/99', undefined],
      ['/db', undefined],
      ['/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t"}' }],
    ] as const) {
      const [status, ms] = await timed(path, init);
      assert.ok(ms >= 290, `${path} (${status}) answered after ${ms} ms`);
    }
    const [status, ms] = await timed('/posts/1?_delay=400');
    assert.equal(status, 200);
    assert.ok(ms >= 690, `--delay 300 with _delay=400 answered after ${ms} ms`);
  } finally {
    await s.stop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-delay-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
    const bad = cli(['serve', 'db.json', '--port', '0', '--delay', 'soon'], dir);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--delay must be a whole number of ms from 0 to 60000, not 'soon'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('serve db.json lists what json-server mode answers: DELETE 200, the singular resource, GET /db and /__rules; with --read-only, writes 403', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-db-lines-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
    writeFileSync(join(dir, 'routes.json'), JSON.stringify({ '/api/*': '/$1' }));
    const served = runCli(['serve', 'db.json', '--port', '0', '--routes', 'routes.json', '--no-color'], dir);
    try {
      await served.waitFor(/Press Ctrl\+C/);
      const out = served.stdout();
      assert.match(out, /DELETE \/posts\/:id +delete Post → 200/);
      assert.doesNotMatch(out, /→ 204/);
      assert.match(out, /GET +\/profile +get singular Profile → 200/);
      assert.match(out, /PUT +\/profile +replace singular Profile → 200/);
      assert.match(out, /PATCH +\/profile +update singular Profile → 200/);
      assert.match(out, /POST +\/profile +replace singular Profile → 201/);
      assert.match(out, /GET +\/db +the whole database → 200/);
      assert.match(out, /GET +\/__rules +the --routes rules → 200/);
    } finally {
      await served.stop();
    }
    const readOnly = runCli(['serve', 'db.json', '--port', '0', '--read-only', '--no-color'], dir);
    try {
      await readOnly.waitFor(/Press Ctrl\+C/);
      const out = readOnly.stdout();
      assert.match(out, /GET +\/posts +list Post → 200/);
      assert.match(out, /POST +\/posts +create Post → 403/);
      assert.match(out, /DELETE \/posts\/:id +delete Post → 403/);
      assert.match(out, /PATCH +\/profile +update singular Profile → 403/);
      assert.doesNotMatch(out, /__rules/);
    } finally {
      await readOnly.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a db.json json-server would refuse is refused with its reason, exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-bad-db-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify({ 'a/b': [] }));
    const slash = cli(['serve', 'db.json', '--port', '0'], dir);
    assert.equal(slash.status, 1);
    assert.match(slash.stderr, /found \/ character/);
    writeFileSync(join(dir, 'db.json'), JSON.stringify({ posts: [1, 2] }));
    const items = cli(['serve', 'db.json', '--port', '0'], dir);
    assert.equal(items.status, 1);
    assert.match(items.stderr, /Every item of 'posts' must be an object/);
    // json-server's options are refused for a Mockyard config.
    writeFileSync(join(dir, 'api.yaml'), 'endpoints: []\n');
    const wrong = cli(['serve', 'api.yaml', '--read-only'], dir);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /--read-only is for a json-server db.json/);
    // The studio opens a db.json (db-json-studio-e2e); one json-server would refuse, with the same reason.
    writeFileSync(join(dir, 'db.json'), JSON.stringify({ posts: [1, 2] }));
    const studio = cli(['studio', 'db.json', '--port', '0', '--api-port', '0'], dir);
    assert.equal(studio.status, 1);
    assert.match(
      studio.stderr,
      /db\.json cannot be served as a json-server database: Every item of 'posts' must be an object/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a collection whose rows have no id keeps them without one: listed, filtered, created, exported and imported so; no item route', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-keyless-'));
  const db = { posts: [{ id: 1, body: 'x' }], deep: [{ a: { b: 1 } }, { a: 1 }] };
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(db));
    const s = serveFrom(dir);
    try {
      const url = await s.url;
      const get = async (path: string) => {
        const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(10_000) });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      assert.deepEqual(await get('/deep'), { status: 200, body: db.deep });
      assert.deepEqual(await get('/deep?a.b=1'), { status: 200, body: [{ a: { b: 1 } }] });
      // json-server finds no row by an id none has: a 404 `{}`, as there.
      assert.deepEqual(await get('/deep/1'), { status: 404, body: {} });
      const created = await fetch(`${url}/deep`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ a: 2 }),
        signal: AbortSignal.timeout(10_000),
      });
      assert.equal(created.status, 201);
      assert.deepEqual(await created.json(), { a: 2 });
      assert.deepEqual((await get('/db')).body, { ...db, deep: [...db.deep, { a: 2 }] });
    } finally {
      await s.stop();
    }
    const exported = cli(['export-data', 'db.json', '-o', 'out.json'], dir);
    assert.equal(exported.status, 0, exported.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).deep, [...db.deep, { a: 2 }]);
    const imported = cli(['import', 'db.json', '-o', 'api.yaml'], dir);
    assert.equal(imported.status, 0, imported.stderr);
    const valid = cli(['validate', 'api.yaml'], dir);
    assert.equal(valid.status, 0, valid.stdout + valid.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
