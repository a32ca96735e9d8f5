import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { Listener } from '../src/http/listener.js';

/**
 * A retired listener's graces end on timers, and Node runs timers before the poll phase that
 * accepts connections and reads requests. These tests keep the event loop busy past a grace, as a
 * loaded machine does (a CI run failed four POSTs with ECONNRESET while reloads moved the port),
 * right after a client connected or sent a request, and check that the request is still answered.
 */

/** Blocks the thread, as a busy or starved process does, without spinning a core. */
const block = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

const ok = (): Listener =>
  new Listener((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });

/** Everything the server sent until it closed the socket, or the socket's error. */
function answer(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

const request = 'POST /items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

test('a connection made to the old port just before its listening grace ends is served, though the event loop was busy past the grace', {
  timeout: 10_000,
}, async () => {
  const listener = ok();
  try {
    const old = await listener.listen(0, '127.0.0.1');
    await listener.listen(0, '127.0.0.1'); // a new port: the old one listens for its 500 ms grace
    // From the check phase: the next timers phase (the grace's end) comes before the next poll phase.
    const socket = await new Promise<Socket>((resolve) =>
      setImmediate(() => {
        const s = connect(old.port, '127.0.0.1', () => s.write(request));
        // net connects on the next tick; the kernel completes the handshake, then the thread is busy past the grace.
        process.nextTick(() => block(700));
        resolve(s);
      }),
    );
    const text = await answer(socket);
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(text, /\r\nConnection: close\r\n/i, 'a retired server closes the connection after the answer');
    assert.ok(text.endsWith('{"ok":true}'));
  } finally {
    await listener.close(100);
  }
});

test('a request sent on an idle keep-alive connection just before the listener closes is served, not reset', {
  timeout: 10_000,
}, async () => {
  const listener = ok();
  const { port } = await listener.listen(0, '127.0.0.1');
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(request);
  const first = await new Promise<string>((resolve) => socket.once('data', (b: Buffer) => resolve(b.toString())));
  assert.match(first, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(first, /keep-alive/i, 'the first answer keeps the connection open: it is idle now');
  const rest = answer(socket);
  // The second request reaches the server's kernel buffer while the thread is busy, then the listener closes.
  let closed: Promise<void> | undefined;
  await new Promise<void>((resolve) =>
    setImmediate(() => {
      socket.write(request, () => {
        block(50);
        closed = listener.close(2000);
        resolve();
      });
    }),
  );
  const text = await rest;
  await closed;
  assert.match(text, /^HTTP\/1\.1 200 OK\r\n/, `the second request is answered, got ${JSON.stringify(text)}`);
  assert.match(text, /\r\nConnection: close\r\n/i);
});

test('a port changed back within the grace revives the old server, which keeps its connections open past the grace', {
  timeout: 10_000,
}, async () => {
  const listener = ok();
  try {
    const a = await listener.listen(0, '127.0.0.1');
    await listener.listen(0, '127.0.0.1');
    assert.equal((await listener.listen(a.port, '127.0.0.1')).port, a.port);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const res = await fetch(`${a.url}/`, { method: 'POST', body: '{}' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('connection'), 'keep-alive');
    await res.text();
  } finally {
    await listener.close(100);
  }
});

test('a draining listener refuses new connections at once, keeps an idle keep-alive connection open, and answers a request that comes on it with Connection: close', {
  timeout: 10_000,
}, async () => {
  const listener = new Listener(
    (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    },
    { keepAliveTimeout: 3000 },
  );
  const { port } = await listener.listen(0, '127.0.0.1');
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(request);
  const first = await new Promise<string>((resolve) => socket.once('data', (b: Buffer) => resolve(b.toString())));
  assert.match(first, /keep-alive/i, 'the first answer keeps the connection open: it is idle now');
  const rest = answer(socket);
  const started = Date.now();
  const closed = listener.close(100, { drain: true });
  // New connections are refused once the listening socket is closed (a proxy then tries another replica).
  const refused = await new Promise<string>((resolve) => {
    const tryConnect = (): void => {
      const probe = connect(port, '127.0.0.1');
      probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      probe.once('connect', () => {
        probe.destroy();
        setTimeout(tryConnect, 20);
      });
    };
    tryConnect();
  });
  assert.equal(refused, 'ECONNREFUSED');
  // Past the quick close's grace: a plain close() has closed the idle connection by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.write(request);
  const text = await rest;
  assert.match(
    text,
    /^HTTP\/1\.1 200 OK\r\n/,
    `the request on the idle connection is answered, got ${JSON.stringify(text)}`,
  );
  assert.match(text, /\r\nConnection: close\r\n/i);
  await closed;
  assert.ok(Date.now() - started < 3000, 'the drain ends when its last connection has closed');
});
