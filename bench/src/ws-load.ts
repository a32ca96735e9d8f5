/**
 * The WebSocket echo load (`node ws-load.js URL CONNECTIONS SECONDS`, pinned to the load CPU as wrk
 * is): each connection sends one text frame and waits for its echo, again and again, and the round
 * trips are counted. It is to the WebSocket bench what wrk is to the HTTP one: the `ws` client in
 * Node spent ~25 µs of CPU a round trip, as much as the servers, so it limited both and the ratio
 * measured its batching, not the servers. Here each connection writes one prebuilt masked frame and
 * reads the echo's bytes by its header: a few µs a trip. The handshake is RFC 6455's; the frame's
 * mask is chosen once per connection (servers do not check it changes). The first echo on each
 * connection must be the frame's own text. Prints `ready` after a warm-up, then `{ trips, seconds,
 * cpuMs }` as JSON.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const PAYLOAD = Buffer.from(
  JSON.stringify({ type: 'chat', text: 'hello there, this is a message of about eighty bytes.' }),
);

/** A masked text frame of `payload` (under 126 bytes), as a client must send it. */
function maskedFrame(payload: Buffer, opcode = 0x1): Buffer {
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = (payload[i] as number) ^ (mask[i & 3] as number);
  return frame;
}

/** Opens a WebSocket connection to `url` on a raw socket; resolves once the server answered 101. */
function open(url: URL): Promise<{ socket: Socket; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    socket.once('error', reject);
    socket.write(
      `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const status = head.subarray(0, head.indexOf('\r\n')).toString();
      if (!/^HTTP\/1\.1 101 /.test(status)) reject(new Error(`${url.pathname} answered ${status}`));
      else resolve({ socket, rest: head.subarray(end + 4) });
    };
    socket.on('data', onData);
  });
}

/** Runs one connection's round trips until `until()` says stop; counts each echo with `trip`. */
function drive(socket: Socket, first: Buffer, trip: () => boolean, done: (err?: Error) => void): void {
  const frame = maskedFrame(PAYLOAD);
  let pending = first;
  let checked = false;
  const stop = (err?: Error): void => {
    socket.off('data', onData);
    done(err);
  };
  const onData = (chunk: Buffer): void => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (pending.length < 2) return;
      const opcode = (pending[0] as number) & 0x0f;
      let length = (pending[1] as number) & 0x7f;
      let header = 2;
      if (length === 126) {
        if (pending.length < 4) return;
        length = pending.readUInt16BE(2);
        header = 4;
      } else if (length === 127) {
        stop(new Error('an echo over 64 KiB'));
        return;
      }
      if (pending.length < header + length) return;
      const payload = pending.subarray(header, header + length);
      pending = pending.subarray(header + length);
      if (opcode === 0x9) socket.write(maskedFrame(Buffer.from(payload), 0xa));
      else if (opcode === 0x8) {
        stop(new Error('the server closed the connection'));
        return;
      } else if (opcode === 0x1 || opcode === 0x2) {
        if (!checked) {
          if (!payload.equals(PAYLOAD)) {
            stop(new Error(`the echo was ${payload.toString()}`));
            return;
          }
          checked = true;
        }
        if (!trip()) {
          stop();
          return;
        }
        socket.write(frame);
      }
    }
  };
  socket.on('data', onData);
  socket.write(frame);
  if (first.length > 0) onData(Buffer.alloc(0));
}

async function main(): Promise<void> {
  const [target, connections = '50', seconds = '1'] = process.argv.slice(2);
  if (!target) throw new Error('usage: ws-load URL CONNECTIONS SECONDS');
  const url = new URL(target);
  const opened = await Promise.all(Array.from({ length: Number(connections) }, () => open(url)));
  // A warm-up of 20 round trips a connection, not counted.
  await Promise.all(
    opened.map(({ socket, rest }) => {
      let n = 0;
      return new Promise<void>((resolve, reject) =>
        drive(
          socket,
          rest,
          () => ++n < 20,
          (err) => (err ? reject(err) : resolve()),
        ),
      );
    }),
  );
  // The parent reads the server's CPU time from here on.
  process.stdout.write('ready\n');
  let trips = 0;
  let running = true;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const finished = opened.map(
    ({ socket }) =>
      new Promise<void>((resolve, reject) =>
        drive(
          socket,
          Buffer.alloc(0),
          () => {
            if (!running) return false;
            trips++;
            return true;
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
  );
  await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
  running = false;
  const counted = trips;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await Promise.all(finished);
  for (const { socket } of opened) socket.destroy();
  process.stdout.write(
    `${JSON.stringify({ trips: counted, seconds: elapsed, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`ws-load: ${(err as Error).message}\n`);
  process.exit(1);
});
