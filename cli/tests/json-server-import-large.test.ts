// `mockyard import` of a db.json whose rows would make the config larger than its 5 MiB limit: the
// rows go into the SQLite file the config names, and the config loads and serves them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI, runCli } from './process.js';

const POSTS = 9000;
const DB = {
  posts: Array.from({ length: POSTS }, (_, i) => ({
    id: i + 1,
    title: `Post ${i + 1}`,
    body: `${'lorem ipsum dolor sit amet '.repeat(24)}${i + 1}`,
  })),
  comments: Array.from({ length: 300 }, (_, i) => ({ id: i + 1, postId: POSTS - (i % 3), body: `c${i + 1}` })),
  profile: { name: 'typicode' },
};

function cli(args: string[], cwd: string) {
  return spawnSync(process.execPath, [CLI, ...args, '--no-color'], { cwd, encoding: 'utf8', timeout: 60_000 });
}

test('a db.json over 5 MiB imports as a config under the limit with its rows in api.sqlite, and serves them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-import-large-'));
  try {
    writeFileSync(join(dir, 'db.json'), JSON.stringify(DB));
    assert.ok(statSync(join(dir, 'db.json')).size > 5 * 1024 * 1024, 'the fixture is over 5 MiB');
    const imported = cli(['import', 'db.json', '-o', 'api.yaml'], dir);
    assert.equal(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /9,?301 rows in api\.sqlite \(as seed the config would be \d+\.\d MiB/);
    const text = readFileSync(join(dir, 'api.yaml'), 'utf8');
    assert.ok(Buffer.byteLength(text) < 5 * 1024 * 1024);
    assert.match(text, /database: api\.sqlite/);
    assert.doesNotMatch(text, /^seed:/m);
    assert.match(text, /# Its 9301 rows are in api\.sqlite/);
    const valid = cli(['validate', 'api.yaml'], dir);
    assert.equal(valid.status, 0, valid.stdout + valid.stderr);
    // Neither the config nor its database is replaced without --force.
    const again = cli(['import', 'db.json', '-o', 'api.yaml'], dir);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /api\.yaml exists; use --force/);
    rmSync(join(dir, 'api.yaml'));
    const dbAgain = cli(['import', 'db.json', '-o', 'api.yaml'], dir);
    assert.equal(dbAgain.status, 1);
    assert.match(dbAgain.stderr, /api\.sqlite exists; use --force/);
    const forced = cli(['import', 'db.json', '-o', 'api.yaml', '--force'], dir);
    assert.equal(forced.status, 0, forced.stderr);

    const server = runCli(['serve', 'api.yaml', '--port', '0', '--quiet'], dir);
    try {
      const [, url] = await server.waitFor(/(http:\/\/127\.0\.0\.1:\d+)/);
      const page = await fetch(`${url}/posts?_page=900&_limit=10`);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('x-total-count'), String(POSTS));
      const rows = (await page.json()) as { id: number; body: string }[];
      assert.deepEqual(
        rows.map((r) => r.id),
        Array.from({ length: 10 }, (_, i) => 8991 + i),
      );
      assert.equal(rows[9]?.body, DB.posts[POSTS - 1]?.body);
      const nested = (await (await fetch(`${url}/posts/${POSTS}/comments`)).json()) as unknown[];
      assert.equal(nested.length, 100);
      const profile = (await (await fetch(`${url}/profile/1`)).json()) as { name: string };
      assert.equal(profile.name, 'typicode');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
