// The same suite as realtime-sse-feeds.test.ts, run against a real PostgreSQL server (one suite, two stores).
import { after, test } from 'node:test';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres-server.js';

const postgres = await startPostgres();
if (!postgres) test('realtime feeds on PostgreSQL', { skip: POSTGRES_SKIP_REASON ?? 'no PostgreSQL here' }, () => {});
else {
  process.env.MOCKYARD_TEST_STORE_URL = postgres.url;
  after(() => postgres.stop());
  await import('./realtime-sse-feeds.test.js');
}
