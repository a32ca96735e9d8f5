import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { databaseOption } from '../src/database-option.js';

test('--db names a SQLite file (resolved) or a PostgreSQL URL (as given); DATABASE_URL only when it is PostgreSQL', () => {
  assert.equal(databaseOption('data/mock.sqlite', {}), resolve('data/mock.sqlite'));
  assert.equal(databaseOption('postgres://u@db:5432/m', {}), 'postgres://u@db:5432/m');
  assert.equal(databaseOption(undefined, { DATABASE_URL: 'postgresql://db/m' }), 'postgresql://db/m');
  assert.equal(databaseOption('x.sqlite', { DATABASE_URL: 'postgresql://db/m' }), resolve('x.sqlite'), '--db wins');
  assert.equal(databaseOption(undefined, { DATABASE_URL: 'mysql://db/m' }), undefined);
  assert.equal(databaseOption(undefined, {}), undefined);
});
