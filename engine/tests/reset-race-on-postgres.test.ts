// reset-race.test.ts against a real PostgreSQL server, where a reset is DELETE + setval + seeding.
import { after, test } from 'node:test';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres-server.js';

const postgres = await startPostgres();
if (!postgres) test('reset race on PostgreSQL', { skip: POSTGRES_SKIP_REASON ?? 'no PostgreSQL here' }, () => {});
else {
  process.env.MOCKYARD_TEST_STORE_URL = postgres.url;
  after(() => postgres.stop());
  await import('./reset-race.test.js');
}
