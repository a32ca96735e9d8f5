// WebSocket endpoints (issue 43): onConnect, message rules over `message.<path>`, reply, broadcast to
// the same concrete path, close, otherwise, interval, the limits, and the log entry that stays open.
// Driven with the `ws` client over real sockets on 127.0.0.1.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import type { LogEntry } from '../../shared/src/log-entry.js';
import { eventually } from './eventually.js';
import { serve, yaml } from './helpers.js';
import { connectWs } from './realtime-clients.js';

const CHAT = yaml`
  endpoints:
    - path: /hello
      method: GET
      response: { inline: { ok: true } }
    - path: /ws/chat/:room
      websocket:
        onConnect: { inline: { hello: "{{request.query.name}}", room: "{{request.params.room}}" } }
        messages:
          - when: { message.type: ping }
            reply: { inline: { type: pong } }
          - when: { message.type: say }
            broadcast: { inline: { from: "{{request.query.name}}", text: "{{message.text}}" } }
          - when: { message.type: slow }
            latency: 50
            reply: { body: "slow {{message.n}}" }
          - when: { message.type: bye }
            reply: { inline: { type: bye } }
            close: { code: 4001, reason: see you }
        otherwise: echo
    - path: /ws/ticks
      websocket:
        otherwise: ignore
        interval: { every: 20, send: { inline: { type: tick, at: "{{now}}" } } }
    - path: /ws/words
      websocket:
        messages:
          - when: { message: { regex: "^hi" } }
            reply: { body: "hello to you" }
        otherwise: { inline: { unknown: "{{message}}" } }
`;

test('onConnect renders the upgrade request; a rule replies to the sender only', async () => {
  const s = await serve(CHAT);
  try {
    const ann = await connectWs(s.url, '/ws/chat/lobby?name=ann');
    assert.deepEqual(await ann.json(), { hello: 'ann', room: 'lobby' });
    const bob = await connectWs(s.url, '/ws/chat/lobby?name=bob');
    assert.deepEqual(await bob.json(), { hello: 'bob', room: 'lobby' });
    ann.send({ type: 'ping' });
    assert.deepEqual(await ann.json(), { type: 'pong' });
    bob.send({ type: 'other' });
    assert.equal(await bob.inbox.next(), '{"type":"other"}', 'otherwise: echo sends the frame back');
    assert.equal(ann.inbox.pending, 0, 'the reply went to the sender only');
    ann.ws.close();
    bob.ws.close();
  } finally {
    await s.close();
  }
});

test('broadcast reaches every client on the same concrete path, the sender included, and no other room', async () => {
  const s = await serve(CHAT);
  try {
    const ann = await connectWs(s.url, '/ws/chat/lobby?name=ann');
    const bob = await connectWs(s.url, '/ws/chat/lobby?name=bob');
    const cy = await connectWs(s.url, '/ws/chat/kitchen?name=cy');
    for (const c of [ann, bob, cy]) await c.json();
    ann.send({ type: 'say', text: 'hi all' });
    assert.deepEqual(await ann.json(), { from: 'ann', text: 'hi all' });
    assert.deepEqual(await bob.json(), { from: 'ann', text: 'hi all' });
    cy.send({ type: 'ping' });
    assert.deepEqual(await cy.json(), { type: 'pong' }, 'the other room got nothing before its own pong');
    for (const c of [ann, bob, cy]) c.ws.close();
  } finally {
    await s.close();
  }
});

test('latency delays a rule; close sends its code and reason after the reply', async () => {
  const s = await serve(CHAT);
  try {
    const c = await connectWs(s.url, '/ws/chat/a?name=x');
    await c.json();
    const started = performance.now();
    c.send({ type: 'slow', n: 7 });
    assert.equal(await c.inbox.next(), 'slow 7');
    assert.ok(performance.now() - started >= 45, 'waited for the latency');
    c.send({ type: 'bye' });
    assert.deepEqual(await c.json(), { type: 'bye' });
    assert.deepEqual(await c.closed, { code: 4001, reason: 'see you' });
  } finally {
    await s.close();
  }
});

test('interval sends each client a rendered message every `every` ms', async () => {
  const s = await serve(CHAT);
  try {
    const c = await connectWs(s.url, '/ws/ticks');
    const first = (await c.json()) as { type: string; at: string };
    const second = (await c.json()) as { type: string; at: string };
    assert.equal(first.type, 'tick');
    assert.ok(!Number.isNaN(Date.parse(second.at)));
    c.send('ignored');
    c.ws.close();
  } finally {
    await s.close();
  }
});

test('`message` is the whole text: a regex on it, and otherwise as a message', async () => {
  const s = await serve(CHAT);
  try {
    const c = await connectWs(s.url, '/ws/words');
    c.send('hi there');
    assert.equal(await c.inbox.next(), 'hello to you');
    c.send('what');
    assert.deepEqual(await c.json(), { unknown: 'what' });
    c.ws.close();
  } finally {
    await s.close();
  }
});

test('a frame that is not JSON, where the rules read JSON, gets an error frame and the connection stays', async () => {
  const s = await serve(CHAT);
  try {
    const c = await connectWs(s.url, '/ws/chat/a?name=x');
    await c.json();
    c.send('{not json');
    const answer = (await c.json()) as { error: string };
    assert.match(answer.error, /not JSON/);
    c.send({ type: 'ping' });
    assert.deepEqual(await c.json(), { type: 'pong' });
    c.ws.close();
  } finally {
    await s.close();
  }
});

test('a frame over the size limit (server.bodyLimit) closes that connection with 1009; others go on', async () => {
  const s = await serve(
    yaml`
      server: { bodyLimit: 1024 }
      endpoints:
        - path: /ws/chat/:room
          websocket:
            messages:
              - when: { message.type: ping }
                reply: { inline: { type: pong } }
            onConnect: { inline: { hi: true } }
    `,
  );
  try {
    const big = await connectWs(s.url, '/ws/chat/a?name=big');
    const other = await connectWs(s.url, '/ws/chat/a?name=other');
    await big.json();
    await other.json();
    big.send('x'.repeat(4096));
    const { code } = await big.closed;
    assert.equal(code, 1009);
    other.send({ type: 'ping' });
    assert.deepEqual(await other.json(), { type: 'pong' });
    other.ws.close();
  } finally {
    await s.close();
  }
});

test('an upgrade to a path that is no WebSocket endpoint gets a 404 JSON answer, not a hang', async () => {
  const s = await serve(CHAT);
  try {
    for (const path of ['/nowhere', '/hello', '/ws/chat']) {
      await assert.rejects(connectWs(s.url, path), (err: Error & { status?: number; body?: string }) => {
        assert.equal(err.status, 404);
        assert.deepEqual(JSON.parse(err.body ?? ''), { error: `No WebSocket endpoint at ${path}.` });
        return true;
      });
    }
    const res = await s.call('/hello');
    assert.equal(res.status, 200, 'HTTP goes on');
  } finally {
    await s.close();
  }
});

test('a plain HTTP GET on a WebSocket endpoint is a 426 saying so, not "Not found"; an HTTP route on the same path still wins', async () => {
  const s = await serve(CHAT);
  try {
    const res = await s.call('/ws/chat/lobby');
    assert.equal(res.status, 426);
    assert.equal(res.headers.get('upgrade'), 'websocket');
    assert.deepEqual(await res.json(), {
      error:
        '/ws/chat/lobby is a WebSocket endpoint: connect with a WebSocket client (ws://…), not a plain HTTP request.',
    });
    assert.equal((await s.call('/ws/chat/lobby', { method: 'POST' })).status, 404);
    assert.equal((await s.call('/ws/nowhere')).status, 404);
  } finally {
    await s.close();
  }
  const both = await serve(
    CHAT.replace(
      'endpoints:',
      'endpoints:\n  - path: /ws/ticks\n    method: GET\n    response: { inline: { http: true } }',
    ),
  );
  try {
    const res = await both.call('/ws/ticks');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { http: true });
  } finally {
    await both.close();
  }
});

test('a connection is one log entry that stays open: frames in and out, then its close code', async () => {
  const s = await serve(CHAT);
  const updates: LogEntry[] = [];
  s.engine.on('streamUpdated', (e) => updates.push(e));
  try {
    const c = await connectWs(s.url, '/ws/chat/a?name=x');
    await c.json();
    c.send({ type: 'ping' });
    await c.json();
    const open = s.engine.log.entries().find((e) => e.stream);
    assert.ok(open?.stream);
    assert.equal(open.status, 101);
    assert.equal(open.endpoint, 'WS /ws/chat/:room');
    c.ws.close(1000, 'done');
    await eventually(() => updates.some((u) => u.stream?.open === false), 5000, 'the close update');
    const closed = s.engine.log.entries().find((e) => e.id === open.id);
    assert.equal(closed?.stream?.open, false);
    assert.equal(closed?.stream?.closeCode, 1000);
    assert.equal(closed?.stream?.closeReason, 'done');
    assert.equal(closed?.stream?.framesIn, 1);
    assert.equal(closed?.stream?.framesOut, 2);
    assert.deepEqual(
      closed?.stream?.frames.map((f) => [f.direction, f.text]),
      [
        ['out', '{"hello":"x","room":"a"}'],
        ['in', '{"type":"ping"}'],
        ['out', '{"type":"pong"}'],
      ],
    );
    assert.equal(s.engine.log.entries().filter((e) => e.stream).length, 1, 'one entry for the connection');
  } finally {
    await s.close();
  }
});

test('a flood of frames sends the studio a few sampled updates, not one per frame', async () => {
  const s = await serve(CHAT);
  let updates = 0;
  s.engine.on('streamUpdated', () => updates++);
  try {
    const c = await connectWs(s.url, '/ws/chat/a?name=x');
    await c.json();
    const started = performance.now();
    for (let i = 0; i < 2000; i++) c.send(`frame ${i}`);
    for (let i = 0; i < 2000; i++) await c.inbox.next();
    const seconds = (performance.now() - started) / 1000;
    c.ws.close();
    await c.closed;
    await eventually(() => s.engine.log.entries().some((e) => e.stream?.open === false), 5000, 'the close');
    const entry = s.engine.log.entries().find((e) => e.stream);
    assert.equal(entry?.stream?.framesIn, 2000);
    assert.equal(entry?.stream?.frames.length, 50, 'the latest frames only');
    assert.ok(updates <= Math.ceil(seconds * 5) + 2, `${updates} updates in ${seconds.toFixed(2)} s`);
  } finally {
    await s.close();
  }
});

test('an echo endpoint logs the latest frames in order, each echo with the text of its frame, and counts the rest as dropped', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /ws/echo
        websocket: { otherwise: echo }
  `);
  try {
    const c = await connectWs(s.url, '/ws/echo');
    for (let i = 0; i < 300; i++) c.send(`frame ${i}`);
    for (let i = 0; i < 300; i++) await c.inbox.next();
    c.ws.close();
    await c.closed;
    await eventually(() => s.engine.log.entries().some((e) => e.stream?.open === false), 5000, 'the close');
    const stream = s.engine.log.entries().find((e) => e.stream)?.stream;
    assert.ok(stream);
    assert.equal(stream.framesIn, 300);
    assert.equal(stream.framesOut, 300);
    assert.equal(stream.frames.length, 50);
    assert.equal(stream.framesDropped, 550, 'every frame not kept is counted');
    const expected = Array.from({ length: 25 }, (_, k) => [
      ['in', `frame ${275 + k}`],
      ['out', `frame ${275 + k}`],
    ]).flat();
    assert.deepEqual(
      stream.frames.map((f) => [f.direction, f.text]),
      expected,
    );
    const times = stream.frames.map((f) => f.at);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'oldest first',
    );
  } finally {
    await s.close();
  }
});

test('a client that never reads is dropped once its send buffer passes the bound; others are not', async () => {
  const s = await serve(
    yaml`
      endpoints:
        - path: /ws/flood
          websocket:
            messages:
              - when: { message.go: true }
                broadcast: { body: ${'x'.repeat(60_000)} }
            otherwise: ignore
    `,
    { realtime: { sendBuffer: 256 * 1024 } },
  );
  try {
    const stuck = await connectWs(s.url, '/ws/flood');
    // The client stops reading its socket: what the server sends piles up in the kernel, then in Node.
    (stuck.ws as unknown as { _socket: import('node:net').Socket })._socket.pause();
    const reader = await connectWs(s.url, '/ws/flood');
    const rounds = 400; // 400 × 60 kB = 24 MB, well past the kernel's buffers and the bound
    // One at a time: the reader keeps up, so only the client that stopped reading piles up.
    for (let i = 0; i < rounds; i++) {
      reader.send({ go: true });
      await reader.inbox.next(10_000);
    }
    await eventually(
      () => s.engine.log.entries().some((e) => e.stream?.closeCode === 1008),
      10_000,
      'the slow client dropped',
    );
    const dropped = s.engine.log.entries().find((e) => e.stream?.closeCode === 1008);
    assert.match(dropped?.stream?.closeReason ?? '', /did not read/);
    assert.equal(reader.ws.readyState, reader.ws.OPEN, 'the reader is still connected');
    reader.ws.close();
    stuck.ws.terminate();
  } finally {
    await s.close();
  }
});

test('past the connection limit an upgrade is answered 503 JSON', async () => {
  const s = await serve(CHAT, { realtime: { maxConnections: 2 } });
  try {
    const a = await connectWs(s.url, '/ws/ticks');
    const b = await connectWs(s.url, '/ws/ticks');
    await assert.rejects(connectWs(s.url, '/ws/ticks'), (err: Error & { status?: number; body?: string }) => {
      assert.equal(err.status, 503);
      assert.match(JSON.parse(err.body ?? '').error, /at most 2/);
      return true;
    });
    a.ws.close();
    await a.closed;
    await eventually(async () => {
      const c = await connectWs(s.url, '/ws/ticks').catch(() => undefined);
      c?.ws.close();
      return c !== undefined;
    });
    b.ws.close();
  } finally {
    await s.close();
  }
});

test('a raw upgrade request with no WebSocket key is answered, never left hanging, and not counted', async () => {
  const s = await serve(CHAT, { realtime: { maxConnections: 1 } });
  try {
    const { port } = new URL(s.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /ws/chat/a HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (c) => {
        text += c.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5000, () => reject(new Error('hung')));
    });
    assert.match(answer, /^HTTP\/1.1 400/);
    // The refused handshake does not hold the one connection the limit allows.
    const c = await connectWs(s.url, '/ws/ticks');
    c.ws.close();
  } finally {
    await s.close();
  }
});

test('ping/pong: a client that stops answering pings is dropped', async () => {
  const s = await serve(CHAT, { realtime: { keepAlive: 50 } });
  try {
    const c = await connectWs(s.url, '/ws/ticks', { autoPong: false });
    const { code } = await c.closed;
    assert.equal(code, 1006);
    const live = await connectWs(s.url, '/ws/ticks');
    await new Promise((r) => setTimeout(r, 200)); // four ping rounds: an answering client stays
    assert.equal(live.ws.readyState, live.ws.OPEN);
    live.ws.close();
  } finally {
    await s.close();
  }
});

test('a binary frame is echoed by an endpoint with no rules, and only logged by one with rules', async () => {
  const s = await serve(CHAT);
  try {
    const plain = await connectWs(s.url, '/ws/words');
    const echo = await serve(yaml`
      endpoints:
        - path: /ws/echo
          websocket: {}
    `);
    try {
      const c = await connectWs(echo.url, '/ws/echo');
      c.ws.send(Buffer.from([1, 2, 3]));
      assert.equal(await c.inbox.next(), '<binary 3>');
      c.ws.close();
    } finally {
      await echo.close();
    }
    plain.ws.send(Buffer.from([1, 2, 3]));
    plain.send('hi');
    assert.equal(await plain.inbox.next(), 'hello to you', 'the binary frame got nothing back');
    plain.ws.close();
  } finally {
    await s.close();
  }
});
