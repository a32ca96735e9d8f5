// GraphQL subscriptions on PostgreSQL: the suite of graphql-subscriptions.test.ts against a real server,
// and two replicas (two engines on one PostgreSQL schema): a write on one reaches a subscriber of the other.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Engine } from '../src/engine.js';
import { graphqlWsClient, SUBSCRIPTION_CONFIG, warmUp } from './graphql-subscription-clients.js';
import { tempDir } from './helpers.js';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres-server.js';

const postgres = await startPostgres();
if (!postgres)
  test('GraphQL subscriptions on PostgreSQL', { skip: POSTGRES_SKIP_REASON ?? 'no PostgreSQL here' }, () => {});
else {
  process.env.MOCKYARD_TEST_STORE_URL = postgres.url;
  after(() => postgres.stop());
  await import('./graphql-subscriptions.test.js');
}

async function replica(dir: string, url: string): Promise<{ engine: Engine; url: string }> {
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, SUBSCRIPTION_CONFIG);
  const engine = new Engine({ configPath, port: 0, host: '127.0.0.1', database: url, schema: 'replicas_graphql_ws' });
  const applied = await engine.apply(SUBSCRIPTION_CONFIG);
  assert.ok(applied.ok, JSON.stringify(applied.problems));
  return { engine, url: (await engine.start()).url };
}

type Change = { data: { PostChanged: { event: string; record: { id: number; title: string } | null } } };
const line = (value: unknown) => {
  const { event, record } = (value as Change).data.PostChanged;
  return `${event} ${record?.id ?? '-'} ${record?.title ?? '-'}`;
};

test('two replicas: a write on one reaches the GraphQL subscribers of the other, in order, and back', {
  skip: postgres ? false : (POSTGRES_SKIP_REASON ?? 'no PostgreSQL here'),
  timeout: 60_000,
}, async () => {
  const { dir, cleanup } = tempDir();
  const a = await replica(dir, postgres?.url ?? '');
  const b = await replica(dir, postgres?.url ?? '');
  const onA = graphqlWsClient(a.url);
  const onB = graphqlWsClient(b.url);
  try {
    const post = (base: string, title: string) =>
      fetch(`${base}/posts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title }),
      });
    const subB = onB.subscribe('subscription { PostChanged { event record { id title } } }');
    assert.match(line(await warmUp(subB, () => post(a.url, 'warm'))), /^created \d+ warm$/);
    const ids: number[] = [];
    for (const title of ['one', 'two', 'three'])
      ids.push(((await (await post(a.url, title)).json()) as { id: number }).id);
    const patched = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: `mutation { updatePost(id: "${ids[0]}", title: "uno") { id } }` }),
    });
    assert.equal(patched.status, 200);
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(line(await subB.results.next(5000)));
    assert.deepEqual(seen, [
      `created ${ids[0]} one`,
      `created ${ids[1]} two`,
      `created ${ids[2]} three`,
      `updated ${ids[0]} uno`,
    ]);
    // And the other way round: B's delete reaches a subscriber on A.
    const subA = onA.subscribe('subscription { PostChanged { event record { id title } } }');
    await warmUp(subA, () => post(b.url, 'warm back'));
    while (subB.results.pending > 0) await subB.results.next();
    assert.equal((await fetch(`${b.url}/posts/${ids[1]}`, { method: 'DELETE' })).status, 204);
    assert.equal(line(await subA.results.next(5000)), `deleted ${ids[1]} two`);
    subA.dispose();
    subB.dispose();
  } finally {
    await onA.client.dispose();
    await onB.client.dispose();
    await a.engine.stop();
    await b.engine.stop();
    cleanup();
  }
});
