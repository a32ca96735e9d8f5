// The same suite as json-server-extra-filters.test.ts, run against a real PostgreSQL server (one suite, two stores).
import { after, test } from 'node:test';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres-server.js';

const postgres = await startPostgres();
if (!postgres)
  test('json-server-extra-filters on PostgreSQL', { skip: POSTGRES_SKIP_REASON ?? 'no PostgreSQL here' }, () => {});
else {
  process.env.MOCKYARD_TEST_STORE_URL = postgres.url;
  after(() => postgres.stop());
  await import('./json-server-extra-filters.test.js');
}
