// SSE endpoints and table feeds (issue 43): events as they are due with ids, `data:` lines, repeat,
// heartbeats, Last-Event-ID; feeds over WebSocket and SSE from every writer (HTTP, the studio's data
// browser, bulk writes, admin reset), Last-Event-ID replay and `reset` when too old.
// Runs on SQLite here and on PostgreSQL in realtime-sse-feeds-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, yaml } from './helpers.js';
import { connectWs, openSse } from './realtime-clients.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    Note:
      properties:
        id: integer
        text: string
  endpoints:
    - resource: Note
    - path: /sse/progress
      sse:
        events:
          - { event: progress, data: { inline: { pct: 50, who: "{{request.query.who}}" } }, delay: 30 }
          - { event: done, data: { inline: { ok: true } }, delay: 30 }
    - path: /sse/tokens
      sse:
        repeat: true
        events:
          - { data: { body: "line one\\nline two" }, delay: 5 }
    - path: /sse/quiet
      sse:
        heartbeat: 1000
        events:
          - { event: late, data: { inline: 1 }, delay: 2500 }
    - path: /sse/notes
      sse: { feed: Note }
    - path: /ws/notes
      websocket: { feed: Note }
  server: { admin: { token: feed-admin-token } }
  seed:
    Note:
      - { text: seeded }
`;

test('an SSE stream sends its events as they are due, each with an id, then ends', async () => {
  const s = await serve(CONFIG);
  try {
    const started = performance.now();
    const stream = await openSse(`${s.url}/sse/progress?who=ann`);
    assert.equal(stream.response.status, 200);
    assert.match(stream.response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const first = await stream.events.next();
    assert.deepEqual(first, { event: 'progress', id: '1', data: '{"pct":50,"who":"ann"}' });
    const second = await stream.events.next();
    assert.deepEqual(second, { event: 'done', id: '2', data: '{"ok":true}' });
    assert.ok(performance.now() - started >= 55, 'each event waited for its delay');
    await stream.ended;
  } finally {
    await s.close();
  }
});

test('Last-Event-ID resumes an events stream after that event; after the last one it is 204 (EventSource stops)', async () => {
  const s = await serve(CONFIG);
  try {
    const resumed = await openSse(`${s.url}/sse/progress`, { 'Last-Event-ID': '1' });
    assert.deepEqual(await resumed.events.next(), { event: 'done', id: '2', data: '{"ok":true}' });
    await resumed.ended;
    const over = await fetch(`${s.url}/sse/progress`, { headers: { 'Last-Event-ID': '2' } });
    assert.equal(over.status, 204);
  } finally {
    await s.close();
  }
});

test('a body data is one data: line per line; repeat loops until the client leaves', async () => {
  const s = await serve(CONFIG);
  try {
    const stream = await openSse(`${s.url}/sse/tokens`);
    for (let i = 1; i <= 5; i++)
      assert.deepEqual(await stream.events.next(), { event: undefined, id: String(i), data: 'line one\nline two' });
    stream.close();
  } finally {
    await s.close();
  }
});

test('an idle stream gets comment heartbeats', async () => {
  const s = await serve(CONFIG);
  try {
    const stream = await openSse(`${s.url}/sse/quiet`);
    const event = await stream.events.next(5000);
    assert.equal(event.event, 'late');
    assert.ok(stream.comments >= 1, `${stream.comments} heartbeats before the late event`);
    await stream.ended;
  } finally {
    await s.close();
  }
});

const created = (data: string) => JSON.parse(data) as { id: number; text: string };

test('feeds: an HTTP write reaches SSE and WebSocket subscribers as created/updated/deleted, in commit order', async () => {
  const s = await serve(CONFIG);
  try {
    const sse = await openSse(`${s.url}/sse/notes`);
    const ws = await connectWs(s.url, '/ws/notes');
    assert.equal((await s.send('POST', '/notes', { text: 'one' })).status, 201);
    assert.equal((await s.send('PATCH', '/notes/2', { text: 'two' })).status, 200);
    assert.equal((await s.call('/notes/2', { method: 'DELETE' })).status, 204);
    const events = [await sse.events.next(), await sse.events.next(), await sse.events.next()];
    assert.deepEqual(
      events.map((e) => [e.event, created(e.data).id, created(e.data).text]),
      [
        ['created', 2, 'one'],
        ['updated', 2, 'two'],
        ['deleted', 2, 'two'],
      ],
    );
    const ids = events.map((e) => Number(e.id));
    assert.ok(
      ids[0] !== undefined && ids[0] < (ids[1] as number) && (ids[1] as number) < (ids[2] as number),
      'ids increase',
    );
    const frames = [await ws.json(), await ws.json(), await ws.json()] as { event: string; record: { id: number } }[];
    assert.deepEqual(
      frames.map((f) => [f.event, f.record.id]),
      [
        ['created', 2],
        ['updated', 2],
        ['deleted', 2],
      ],
    );
    sse.close();
    ws.ws.close();
  } finally {
    await s.close();
  }
});

test('feeds: Last-Event-ID gets the changes missed first; an id older than the buffer gets `reset`', async () => {
  const s = await serve(CONFIG);
  try {
    const first = await openSse(`${s.url}/sse/notes`);
    await s.send('POST', '/notes', { text: 'a' });
    const seen = await first.events.next();
    first.close();
    await s.send('POST', '/notes', { text: 'b' });
    await s.send('POST', '/notes', { text: 'c' });
    const again = await openSse(`${s.url}/sse/notes`, { 'Last-Event-ID': seen.id ?? '' });
    assert.deepEqual(
      [await again.events.next(), await again.events.next()].map((e) => created(e.data).text),
      ['b', 'c'],
    );
    await s.send('POST', '/notes', { text: 'd' });
    assert.equal(created((await again.events.next()).data).text, 'd', 'then live changes');
    again.close();
    const stale = await openSse(`${s.url}/sse/notes`, { 'Last-Event-ID': '12' });
    const reset = await stale.events.next();
    assert.equal(reset.event, 'reset');
    stale.close();
  } finally {
    await s.close();
  }
});

test('feeds: the admin reset is one `reset` event', async () => {
  const s = await serve(CONFIG);
  try {
    const ws = await connectWs(s.url, '/ws/notes');
    const res = await s.call('/__mockyard/reset', {
      method: 'POST',
      headers: { Authorization: 'Bearer feed-admin-token' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await ws.json(), { event: 'reset' });
    await s.send('POST', '/notes', { text: 'after' });
    assert.equal(((await ws.json()) as { event: string }).event, 'created', 'no other event came before it');
    ws.ws.close();
  } finally {
    await s.close();
  }
});

test('feeds: the seed rows of a table a reload creates reach the subscribers of its feed as one `reset`', async () => {
  const s = await serve(yaml`
    schemas:
      Note:
        properties:
          id: integer
          text: string
    endpoints:
      - resource: Note
      - path: /ws/feed
        websocket: { feed: Note }
      - path: /sse/feed
        sse: { feed: Note }
  `);
  try {
    const ws = await connectWs(s.url, '/ws/feed');
    const sse = await openSse(`${s.url}/sse/feed`);
    // The endpoints stay and now stream Memo, whose table this reload makes and seeds.
    const applied = await s.engine.apply(yaml`
      schemas:
        Note:
          properties:
            id: integer
            text: string
        Memo:
          properties:
            id: integer
            text: string
      endpoints:
        - resource: Note
        - resource: Memo
        - path: /ws/feed
          websocket: { feed: Memo }
        - path: /sse/feed
          sse: { feed: Memo }
      seed:
        Memo:
          - { text: first }
    `);
    assert.equal(applied.ok, true, JSON.stringify(applied.problems));
    assert.deepEqual(await ws.json(), { event: 'reset' });
    const reset = await sse.events.next();
    assert.equal(reset.event, 'reset');
    const listed = (await (await s.call('/memos')).json()) as { text: string }[];
    assert.deepEqual(
      listed.map((m) => m.text),
      ['first'],
      'what the subscriber reloads holds the seed row',
    );
    await s.send('POST', '/memos', { text: 'after' });
    assert.equal(((await ws.json()) as { event: string }).event, 'created', 'no other event came before it');
    assert.equal((await sse.events.next()).event, 'created');
    ws.ws.close();
    sse.close();
  } finally {
    await s.close();
  }
});

test("feeds: the studio's row edits reach subscribers; a bulk write (generate) is one `reset`", async () => {
  const opened = await openSession(CONFIG);
  try {
    const { handlers, session } = opened;
    const base = session.engine.address?.url ?? '';
    const ws = await connectWs(base, '/ws/notes');
    const row = await handlers['tables.insert']({ table: 'notes', row: { text: 'studio' } });
    assert.deepEqual(await ws.json(), { event: 'created', record: { id: row.id, text: 'studio' } });
    await handlers['tables.update']({ table: 'notes', key: row.id as number, changes: { text: 'edited' } });
    assert.deepEqual(await ws.json(), { event: 'updated', record: { id: row.id, text: 'edited' } });
    const { inserted } = await handlers['tables.generate']({ table: 'notes', count: 25, seed: 1 });
    assert.equal(inserted, 25);
    assert.deepEqual(await ws.json(), { event: 'reset' });
    ws.ws.close();
  } finally {
    await opened.close();
  }
});

test('a malformed request target on a config with SSE endpoints is answered, not a crash', async () => {
  const s = await serve(CONFIG);
  try {
    const { port } = new URL(s.url);
    const { connect } = await import('node:net');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (c) => {
        text += c.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5000, () => reject(new Error('hung')));
    });
    assert.match(answer, /^HTTP\/1.1 [45]\d\d/);
    assert.equal((await s.call('/notes/1')).status, 200, 'the server is still up');
  } finally {
    await s.close();
  }
});
