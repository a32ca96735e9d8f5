import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { databaseOption } from '../src/database-option.js';
import { runCli } from './process.js';

test('--db names a SQLite file (resolved) or a PostgreSQL URL (as given); DATABASE_URL only when it is PostgreSQL', () => {
  assert.equal(databaseOption('data/mock.sqlite', {}), resolve('data/mock.sqlite'));
  assert.equal(databaseOption('postgres://u@db:5432/m', {}), 'postgres://u@db:5432/m');
  assert.equal(databaseOption(undefined, { DATABASE_URL: 'postgresql://db/m' }), 'postgresql://db/m');
  assert.equal(databaseOption('x.sqlite', { DATABASE_URL: 'postgresql://db/m' }), resolve('x.sqlite'), '--db wins');
  assert.equal(databaseOption(undefined, { DATABASE_URL: 'mysql://db/m' }), undefined);
  assert.equal(databaseOption(undefined, {}), undefined);
});

test('--db :memory: is SQLite in memory, not a file of that name', () => {
  assert.equal(databaseOption(':memory:', {}), ':memory:');
  assert.equal(databaseOption(':memory:', { DATABASE_URL: 'postgresql://db/m' }), ':memory:', '--db wins');
});

test('mockyard serve --db :memory: serves and writes nothing beside the config or in the working directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-memory-'));
  try {
    writeFileSync(
      join(dir, 'api.yaml'),
      'schemas:\n  Item:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: Item\n',
    );
    const cli = runCli(['serve', 'api.yaml', '--db', ':memory:', '--port', '0'], dir);
    try {
      const [url] = await cli.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      const created = await fetch(`${url}/items`, { method: 'POST', body: '{"name":"kept in memory"}' });
      assert.equal(created.status, 201);
      assert.deepEqual(await (await fetch(`${url}/items/1`)).json(), { id: 1, name: 'kept in memory' });
    } finally {
      await cli.stop();
    }
    assert.deepEqual(readdirSync(dir), ['api.yaml']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
