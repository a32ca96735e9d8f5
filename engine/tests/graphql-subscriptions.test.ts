// GraphQL subscriptions (issue 43, section 3): table feeds over the graphql-ws protocol at the GraphQL
// path, driven with the real graphql-ws client (and raw `ws` for what a client library would not send).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exportSdl } from '../src/graphql/sdl.js';
import { graphqlWsClient, rawGraphqlWs, SUBSCRIPTION_CONFIG, warmUp } from './graphql-subscription-clients.js';
import { eventually } from './eventually.js';
import { serve } from './helpers.js';

const CHANGES = 'subscription { PostChanged { id event record { id title author { name } } } }';

type Changed = {
  id: string;
  event: string;
  record: { id: number; title: string; author: { name: string } | null } | null;
};
const changed = (value: { data?: Record<string, unknown> | null }) => value.data?.PostChanged as Changed;

test('a subscription gets every change of its table in order: REST, GraphQL mutations, deletes, admin reset', async () => {
  const s = await serve(SUBSCRIPTION_CONFIG);
  const { client, subscribe } = graphqlWsClient(s.url);
  try {
    const sub = subscribe(CHANGES);
    const users = subscribe('subscription { UserChanged { event record { name } } }');
    const first = changed(
      (await warmUp(sub, () => s.send('POST', '/posts', { title: 'warm', authorId: 1 }))) as {
        data: Record<string, unknown>;
      },
    );
    assert.equal(first.event, 'created');
    assert.deepEqual(first.record?.author, { name: 'Ada' }, 'relations resolve inside the change');
    const created = await s.send('POST', '/posts', { title: 'Hello', authorId: 1 });
    const id = ((await created.json()) as { id: number }).id;
    const mutation = await s.send('POST', '/graphql', {
      query: `mutation { updatePost(id: "${id}", title: "Hello again") { id } }`,
    });
    assert.equal(mutation.status, 200);
    assert.equal((await s.call(`/posts/${id}`, { method: 'DELETE' })).status, 204);
    const reset = await s.call('/__mockyard/reset', {
      method: 'POST',
      headers: { Authorization: 'Bearer sub-admin-token' },
    });
    assert.equal(reset.status, 200);
    const seen: Changed[] = [];
    for (let i = 0; i < 4; i++) seen.push(changed(await sub.results.next()));
    assert.deepEqual(
      seen.map((c) => `${c.event} ${c.record?.id ?? '-'} ${c.record?.title ?? '-'} ${c.record?.author?.name ?? '-'}`),
      [`created ${id} Hello Ada`, `updated ${id} Hello again Ada`, `deleted ${id} Hello again Ada`, 'reset - - -'],
    );
    const ids = seen.map((c) => BigInt(c.id));
    for (let i = 1; i < ids.length; i++) assert.ok((ids[i] as bigint) > (ids[i - 1] as bigint), 'ids increase');
    // The User subscription saw only the reset (no User was written).
    assert.deepEqual((await users.results.next()).data, { UserChanged: { event: 'reset', record: null } });
    sub.dispose();
    users.dispose();
  } finally {
    await client.dispose();
    await s.close();
  }
});

test('a bad subscription gets the protocol error message and the connection goes on', async () => {
  const s = await serve(SUBSCRIPTION_CONFIG);
  const { client, subscribe, closed } = graphqlWsClient(s.url);
  try {
    const unknown = subscribe('subscription { NoteChanged { event } }');
    const errors = (await unknown.ended) as { message: string }[];
    assert.ok(Array.isArray(errors), `GraphQL errors, not a close: ${JSON.stringify(errors)}`);
    assert.match(errors[0]?.message ?? '', /Cannot query field "NoteChanged" on type "Subscription"/);
    const aliased = `subscription { PostChanged { ${Array.from({ length: 51 }, (_, n) => `a${n}: event`).join(' ')} } }`;
    assert.match(((await subscribe(aliased).ended) as { message: string }[])[0]?.message ?? '', /more than 50 aliases/);
    const nested = `subscription { PostChanged { record { ${'author { id '.repeat(12)}${'}'.repeat(12)} } } }`;
    assert.match(
      ((await subscribe(nested).ended) as { message: string }[])[0]?.message ?? '',
      /deeper than 10 levels/,
      'the depth limit holds for subscriptions',
    );
    const unparsable = subscribe('subscription { PostChanged { ');
    assert.match(((await unparsable.ended) as { message: string }[])[0]?.message ?? '', /Syntax Error/);
    // The same connection still serves a good subscription.
    const good = subscribe('subscription { PostChanged { event record { title } } }');
    const got = await warmUp(good, () => s.send('POST', '/posts', { title: 'after errors' }));
    assert.deepEqual(got, { data: { PostChanged: { event: 'created', record: { title: 'after errors' } } } });
    good.dispose();
    // A query over graphql-ws runs too (the protocol allows it).
    const query = subscribe('{ User(id: "1") { name } }');
    assert.deepEqual(await query.results.next(), { data: { User: { name: 'Ada' } } });
    assert.equal(await query.ended, 'complete');
  } finally {
    await client.dispose();
    await closed;
    await s.close();
  }
});

test('raw ws: a frame that breaks the protocol closes with its 44xx code; a frame over the limit with 1009', async () => {
  const s = await serve(SUBSCRIPTION_CONFIG.replace('graphql: true', 'graphql: true\n  bodyLimit: 2048'));
  try {
    const early = await rawGraphqlWs(s.url);
    early.send({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } });
    assert.deepEqual(await early.closed, { code: 4401, reason: 'Unauthorized' });
    const garbage = await rawGraphqlWs(s.url);
    garbage.send('not json');
    assert.equal((await garbage.closed).code, 4400);
    const big = await rawGraphqlWs(s.url);
    big.send({ type: 'connection_init', payload: { pad: 'x'.repeat(4000) } });
    assert.equal((await big.closed).code, 1009);
    // No graphql-ws subprotocol: the library refuses it (4406) rather than guessing.
    const bare = await rawGraphqlWs(s.url, []);
    assert.equal((await bare.closed).code, 4406);
    // The HTTP side is unharmed, and a subscription over HTTP is refused with a pointer.
    const http = await s.send('POST', '/graphql', { query: 'subscription { PostChanged { event } }' });
    assert.equal(http.status, 400);
    assert.deepEqual(await http.json(), {
      errors: [{ message: 'Subscriptions run over WebSocket with the graphql-ws protocol at this path.' }],
    });
  } finally {
    await s.close();
  }
});

test('the connection limit counts graphql-ws connections (503 past it)', async () => {
  const s = await serve(SUBSCRIPTION_CONFIG, { realtime: { maxConnections: 1 } });
  const first = graphqlWsClient(s.url);
  try {
    await first.connected;
    await assert.rejects(rawGraphqlWs(s.url), (err: Error) => {
      assert.match(err.message, /^HTTP 503: .*at most 1 realtime connections/);
      return true;
    });
  } finally {
    await first.client.dispose();
    await s.close();
  }
});

test('hot reload keeps subscriptions while GraphQL stays at its path and closes them with 1001 when it is turned off', async () => {
  const s = await serve(SUBSCRIPTION_CONFIG);
  const { client, subscribe, closed } = graphqlWsClient(s.url);
  try {
    const sub = subscribe('subscription { PostChanged { event record { title } } }');
    await warmUp(sub, () => s.send('POST', '/posts', { title: 'v1' }));
    const v2 = SUBSCRIPTION_CONFIG.replace('      title: string', '      title: string\n      body: string');
    assert.ok((await s.engine.apply(v2)).ok);
    await s.send('POST', '/posts', { title: 'v2' });
    assert.deepEqual(await sub.results.next(), {
      data: { PostChanged: { event: 'created', record: { title: 'v2' } } },
    });
    // A new subscription on the same connection runs on the new schema (it has `body`).
    const withBody = subscribe('subscription { PostChanged { record { body } } }');
    assert.deepEqual(await warmUp(withBody, () => s.send('POST', '/posts', { title: 'v2b', body: 'text' })), {
      data: { PostChanged: { record: { body: 'text' } } },
    });
    assert.ok((await s.engine.apply(v2.replace('graphql: true', 'graphql: false'))).ok);
    assert.deepEqual(await closed, { code: 1001, reason: 'The endpoint was removed from the config.' });
    // The connection was one log entry that stayed open: its frames in and out, then its close code.
    await eventually(
      () => s.engine.log.entries().some((e) => e.stream?.closeCode === 1001),
      5000,
      'the log entry closed',
    );
    const entry = s.engine.log.entries().find((e) => e.endpoint === 'GraphQL /graphql (graphql-ws)');
    assert.equal(entry?.status, 101);
    assert.equal(entry?.stream?.closeReason, 'The endpoint was removed from the config.');
    assert.ok((entry?.stream?.framesIn ?? 0) >= 3, 'connection_init and two subscribes');
    assert.ok((entry?.stream?.framesOut ?? 0) >= 4, 'connection_ack and the changes');
    assert.ok(entry?.stream?.frames.some((f) => f.direction === 'in' && f.text.includes('"type":"subscribe"')));
  } finally {
    await client.dispose();
    await s.close();
  }
});

test('introspection and the SDL export include the Subscription type', async () => {
  const s = await serve(SUBSCRIPTION_CONFIG);
  try {
    const res = await s.send('POST', '/graphql', {
      query: '{ __schema { subscriptionType { name fields { name type { ofType { name } } } } } }',
    });
    assert.deepEqual(await res.json(), {
      data: {
        __schema: {
          subscriptionType: {
            name: 'Subscription',
            fields: [
              { name: 'UserChanged', type: { ofType: { name: 'UserChange' } } },
              { name: 'PostChanged', type: { ofType: { name: 'PostChange' } } },
            ],
          },
        },
      },
    });
  } finally {
    await s.close();
  }
  const sdl = exportSdl(SUBSCRIPTION_CONFIG, 'mockyard.yaml');
  assert.ok(sdl.ok);
  assert.match(sdl.text, /type Subscription \{\n(.*\n)*\s+PostChanged: PostChange!\n/);
  assert.match(sdl.text, /type PostChange \{\n(.*\n)*\s+event: ChangeEvent!\n\n(.*\n)*\s+record: Post\n\}/);
  assert.match(sdl.text, /enum ChangeEvent \{\n\s+created\n\s+updated\n\s+deleted\n\s+reset\n\}/);
});

test('a subscriber that never reads is dropped past the send buffer; a reader goes on', {
  timeout: 120_000,
}, async () => {
  const s = await serve(SUBSCRIPTION_CONFIG, { realtime: { sendBuffer: 256 * 1024, maxConnections: 2 } });
  const reader = graphqlWsClient(s.url);
  try {
    const stuck = await rawGraphqlWs(s.url);
    const acked = new Promise((resolve) => stuck.ws.once('message', resolve));
    stuck.send({ type: 'connection_init' });
    await acked;
    stuck.send({ id: '1', type: 'subscribe', payload: { query: 'subscription { PostChanged { record { title } } }' } });
    const sub = reader.subscribe('subscription { PostChanged { record { title } } }');
    const big = 'x'.repeat(60_000);
    await warmUp(sub, () => s.send('POST', '/posts', { title: big }));
    // The stuck client stops reading its socket: what the server sends piles up in the kernel, then in Node.
    (stuck.ws as unknown as { _socket: import('node:net').Socket })._socket.pause();
    // 400 × 60 kB = 24 MB, past the kernel's buffers and the bound; one at a time, so the reader keeps up.
    for (let i = 0; i < 400; i++) {
      assert.equal((await s.send('POST', '/posts', { title: big })).status, 201);
      await sub.results.next(10_000);
    }
    // The stuck one was dropped: its place under the limit of 2 is free again.
    await eventually(
      async () => {
        const third = await rawGraphqlWs(s.url).catch(() => undefined);
        third?.ws.close();
        return third !== undefined;
      },
      10_000,
      'the slow subscriber dropped',
    );
    const dropped = s.engine.log.entries().find((e) => e.stream?.closeCode === 1008);
    assert.match(dropped?.stream?.closeReason ?? '', /did not read/, 'the drop is logged');
    assert.equal(sub.results.pending, 0);
    stuck.ws.terminate();
    sub.dispose();
  } finally {
    await reader.client.dispose();
    await s.close();
  }
});

test('a reload that removes a schema completes its subscriptions; the others go on', { timeout: 30_000 }, async () => {
  const s = await serve(SUBSCRIPTION_CONFIG);
  const { client, subscribe } = graphqlWsClient(s.url);
  try {
    const posts = subscribe('subscription { PostChanged { event } }');
    const users = subscribe('subscription { UserChanged { event record { name } } }');
    await warmUp(posts, () => s.send('POST', '/posts', { title: 'before' }));
    await warmUp(users, () => s.send('POST', '/users', { name: 'warm' }));
    const withoutPost = SUBSCRIPTION_CONFIG.replace(/ {2}Post:\n( {4}.*\n)+/, '').replace('  - resource: Post\n', '');
    assert.doesNotMatch(withoutPost, /Post/);
    const applied = await s.engine.apply(withoutPost);
    assert.ok(applied.ok, JSON.stringify(applied.problems));
    assert.equal(await posts.ended, 'complete');
    await s.send('POST', '/users', { name: 'Grace' });
    assert.deepEqual(await users.results.next(), {
      data: { UserChanged: { event: 'created', record: { name: 'Grace' } } },
    });
    users.dispose();
  } finally {
    await client.dispose();
    await s.close();
  }
});
