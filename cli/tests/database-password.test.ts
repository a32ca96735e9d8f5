// A PostgreSQL URL's password never reaches what a person or a log sees: the banner, the error of a
// database that cannot be opened, the studio. The real CLI as a process; a real, throwaway
// PostgreSQL with trust authentication (which accepts any password, so the URL can carry one).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { redactPasswords } from '../../shared/src/database-url.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from '../../engine/tests/postgres-server.js';
import { eventually, runCli } from './process.js';

const SECRET = 'Sup3r-s3cret';
const CONFIG = `schemas:
  Item:
    properties:
      id: integer
      name: string
endpoints:
  - resource: Item
`;

let postgres: TestPostgres | undefined;
const dir = mkdtempSync(join(tmpdir(), 'mockyard-password-'));
const configPath = join(dir, 'mock.yaml');
writeFileSync(configPath, CONFIG);
before(async () => {
  postgres = await startPostgres();
});
after(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});
const skip = POSTGRES_SKIP_REASON ?? false;

/** The test database's URL with a user and a password in it: postgres://postgres:<SECRET>@127.0.0.1:<port>/<db>. */
const withPassword = (url: string): string => {
  const u = new URL(url);
  u.username ||= 'postgres';
  u.password = SECRET;
  return u.toString();
};

test('redactPasswords hides the password of every PostgreSQL URL in a text, and nothing else', () => {
  assert.equal(redactPasswords('postgres://app:s3cret@db:5432/shop'), 'postgres://app:***@db:5432/shop');
  assert.equal(
    redactPasswords('postgresql://app:p@ss@db/shop?sslmode=require'),
    'postgresql://app:***@db/shop?sslmode=require',
  );
  assert.equal(
    redactPasswords('at postgres://u:x@h/a and postgres://v:y@k/b.'),
    'at postgres://u:***@h/a and postgres://v:***@k/b.',
  );
  assert.equal(
    redactPasswords('postgres://app@db/shop?user=app&password=s3cret&x=1'),
    'postgres://app@db/shop?user=app&password=***&x=1',
  );
  for (const kept of [
    'postgres://app@db:5432/shop',
    'postgres://db:5432/shop',
    '/home/ada/mock.sqlite',
    'Could not open database x.sqlite: locked',
  ])
    assert.equal(redactPasswords(kept), kept);
});

test('serve: a database that cannot be reached exits 3 with its URL printed without the password', async () => {
  const cli = runCli(['serve', configPath, '--port', '0', '--db', `postgres://app:${SECRET}@127.0.0.1:1/shop`], dir);
  const code = await new Promise<number | null>((resolve) => cli.child.once('exit', resolve));
  assert.equal(code, 3, cli.stderr());
  assert.match(cli.stderr(), /Could not open database postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/shop: /);
  assert.ok(!`${cli.stdout()}${cli.stderr()}`.includes(SECRET), `the password was printed:\n${cli.stderr()}`);
});

test('serve: the banner shows the PostgreSQL URL with both slashes and without the password', { skip }, async () => {
  const url = withPassword((postgres as TestPostgres).url);
  const cli = runCli(['serve', configPath, '--port', '0', '--db', url], dir);
  try {
    await cli.waitFor(/Press Ctrl\+C to stop/, 20_000);
    const shown = url.replace(`:${SECRET}@`, ':***@');
    assert.ok(cli.stdout().includes(`  database ${shown}\n`), `the banner:\n${cli.stdout()}`);
    assert.ok(!`${cli.stdout()}${cli.stderr()}`.includes(SECRET), 'the password was printed');
  } finally {
    assert.equal(await cli.stop(), 0, cli.stderr());
  }
});

test('studio: the config it reports names the database without the password', { skip }, async () => {
  const url = withPassword((postgres as TestPostgres).url);
  const cli = runCli(['studio', configPath, '--port', '0', '--db', url], dir);
  try {
    const [studio] = await cli.waitFor(/http:\/\/127\.0\.0\.1:\d+\/\?token=\w+/, 20_000);
    const token = new URL(studio).searchParams.get('token');
    let body: { database?: string } = {};
    // The studio answers config.get once its session has opened the config and the database.
    await eventually(
      async () => {
        const res = await fetch(new URL('/api/call/config.get', studio), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        body = (await res.json()) as { database?: string };
        return res.status === 200 && typeof body.database === 'string';
      },
      10_000,
      'config.get',
    );
    assert.equal(body.database, url.replace(`:${SECRET}@`, ':***@'));
    assert.ok(!`${cli.stdout()}${cli.stderr()}`.includes(SECRET), 'the password was printed');
  } finally {
    await cli.stop();
  }
});
