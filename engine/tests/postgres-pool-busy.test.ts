// A call that waits for a pooled connection and gets none in time is `busy` (503, try again), not
// `unavailable`: PostgreSQL answered, every connection was in use. On a real, throwaway PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { validateConfig } from '../src/config/validate.js';
import { DomainError } from '../src/domain-error.js';
import { domainHttpError } from '../src/http/error-status.js';
import { openPostgresStore, type PostgresStore } from '../src/store/postgres/index.js';
import type { TableStore } from '../src/store/store.js';
import { USERS_CONFIG } from './helpers.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';

const skip = POSTGRES_SKIP_REASON;
let server: TestPostgres | undefined;
let store: PostgresStore | undefined;

before(async () => {
  if (!skip) server = await startPostgres();
});
after(async () => {
  await store?.close().catch(() => {});
  await server?.stop();
});

test('no pooled connection free in time: `busy` with its own message, 503 with Retry-After; the waiting write then lands', {
  skip,
}, async () => {
  const url = (server as TestPostgres).url;
  const { model, problems } = validateConfig(USERS_CONFIG);
  assert.ok(model, problems.map((p) => p.message).join('\n'));
  // One connection, and a wait of 300 ms for it.
  store = await openPostgresStore(url, { schema: 'pool_busy', poolSize: 1, connectionTimeoutMs: 300 });
  const users = (await store.prepare(model, () => {})).tables.get('User') as TableStore;
  const table = `pool_busy.${model.schemas.get('User')?.table}`;

  // Another client locks the table, so the store's only connection waits inside the create.
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const create = Promise.resolve(users.create({ name: 'Ada' }, []));
    // Let the create take the connection before the read asks for one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read = await Promise.resolve()
      .then(() => users.get(['id'], ['1']))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    assert.ok(read instanceof DomainError, `the read failed as a DomainError: ${String(read)}`);
    assert.equal(read.kind, 'busy');
    assert.match(read.message, /^The database is busy: every connection to PostgreSQL stayed in use/);
    const http = domainHttpError(read);
    assert.equal(http?.status, 503);
    assert.equal(http?.headers['Retry-After'], '1');

    await holder.query('COMMIT');
    assert.match((await create).json, /"name":"Ada"/);
  } finally {
    await holder.end();
  }
  // Free again: the store answers.
  assert.match((await users.get(['id'], ['1'])) ?? '', /"name":"Ada"/);
});
