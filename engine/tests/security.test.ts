/**
 * Network-facing defaults and guards: the mock binds 127.0.0.1 unless told otherwise (and says so
 * when told), the admin API `/__mockyard/` and the browser studio want their token AND refuse a
 * foreign Host (DNS rebinding) or Origin (cross-site) with 403, and the studio's static files
 * cannot be escaped. Requests are forged with node:http, always to 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { cliCommand } from './cli-command.js';
import { test, type TestContext } from 'node:test';
import { isLoopbackHost } from '../src/config/compile-server.js';
import { Engine } from '../src/engine.js';
import { foreignRequest } from '../src/http/guards.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import { startStudioServer } from '../src/studio/http-transport.js';
import { StudioSession } from '../src/studio/session.js';
import { serve, tempDir, USERS_CONFIG } from './helpers.js';

const SECRET = 'SECRET-5c9e1b-never-served';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request to 127.0.0.1:port with exactly the headers given: `Host` defaults to 127.0.0.1:port,
 * `null` leaves it out. The path goes out as written (no normalising).
 */
function send(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    host = `127.0.0.1:${port}`,
  }: { method?: string; headers?: Record<string, string>; host?: string | null } = {},
): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        setHost: false,
        headers: { ...(host === null ? {} : { Host: host }), ...headers },
        timeout: 5000,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveReply({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Local addresses with a listening TCP socket on `port`, from /proc/net/tcp{,6} (Linux); undefined elsewhere. */
function listeningAddresses(port: number): string[] | undefined {
  const out: string[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    if (!existsSync(file)) return undefined;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [hex = '', portHex = ''] = local.split(':');
      if (parseInt(portHex, 16) !== port) continue;
      if (!v6) out.push([0, 1, 2, 3].map((i) => parseInt(hex.slice(6 - 2 * i, 8 - 2 * i), 16)).join('.'));
      else out.push(hex === '0'.repeat(32) ? '::' : hex === '00000000000000000000000001000000' ? '::1' : hex);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The CLI as a process (the compiled CLI when the bundle is older than the sources)

/** Starts `mockyard serve`, waits for its URL, and returns the output so far; always stopped. */
async function serveCli(
  args: string[],
  cwd: string,
): Promise<{ port: number; url: string; out: string; err: string; pid: number | undefined; stop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of ['NODE_TEST_CONTEXT', 'NODE_OPTIONS', 'FORCE_COLOR']) delete env[key];
  const child = spawn(process.execPath, [...cliCommand(), 'serve', ...args, '--no-color'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exit = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.kill('SIGTERM');
      await exit;
      clearTimeout(killer);
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = /Press Ctrl\+C to stop/.test(out) ? /(http:\/\/[^\s]+):(\d+)/.exec(out) : null;
    if (match) return { url: `${match[1]}:${match[2]}`, port: Number(match[2]), out, err, pid: child.pid, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`mockyard serve did not start:\n${out}\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// Binding

test('the mock binds 127.0.0.1 by default, in the engine and in `mockyard serve`', async (t: TestContext) => {
  const { dir, cleanup } = tempDir('mockyard-security-');
  try {
    const configPath = join(dir, 'api.yaml');
    writeFileSync(configPath, USERS_CONFIG);
    const engine = new Engine({ configPath, port: 0 });
    try {
      const applied = await engine.apply(USERS_CONFIG);
      assert.ok(applied.ok);
      assert.equal(engine.model?.server.host, '127.0.0.1');
      const address = await engine.start();
      assert.equal(address.host, '127.0.0.1');
      assert.equal(address.url, `http://127.0.0.1:${address.port}`);
      const bound = listeningAddresses(address.port);
      if (bound) assert.deepEqual(bound, ['127.0.0.1'], 'the listening socket is on loopback only');
      else t.diagnostic('no /proc/net/tcp: checked the reported address only');
    } finally {
      await engine.stop();
    }

    const cli = await serveCli(['api.yaml', '--port', '0'], dir);
    try {
      assert.match(cli.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const bound = listeningAddresses(cli.port);
      if (bound) assert.deepEqual(bound, ['127.0.0.1']);
      assert.doesNotMatch(cli.err, /reachable from other machines/);
    } finally {
      await cli.stop();
    }
  } finally {
    cleanup();
  }
});

test('`mockyard serve --host 0.0.0.0` (or a public host in the config) warns that the mock is reachable from other machines; loopback hosts do not', async () => {
  const { dir, cleanup } = tempDir('mockyard-security-');
  try {
    writeFileSync(join(dir, 'api.yaml'), USERS_CONFIG);
    const warning =
      /warning.*Listening on 0\.0\.0\.0 makes the mock reachable from other machines; use 127\.0\.0\.1 unless you mean it\./;
    const open = await serveCli(['api.yaml', '--port', '0', '--host', '0.0.0.0'], dir);
    try {
      assert.match(open.err, warning);
      assert.equal((open.err.match(/reachable from other machines/g) ?? []).length, 1, 'said once');
      const bound = listeningAddresses(open.port);
      if (bound) assert.deepEqual(bound, ['0.0.0.0']);
      // Only ever requested on loopback.
      assert.equal((await send(open.port, '/health')).status, 200);
    } finally {
      await open.stop();
    }

    writeFileSync(join(dir, 'public.yaml'), `server:\n  host: 0.0.0.0\n${USERS_CONFIG}`);
    const fromConfig = await serveCli(['public.yaml', '--port', '0'], dir);
    try {
      assert.match(fromConfig.err, /public\.yaml:2:9 warning Listening on 0\.0\.0\.0 makes the mock reachable/);
      assert.equal((fromConfig.err.match(/reachable from other machines/g) ?? []).length, 1, 'said once');
    } finally {
      await fromConfig.stop();
    }

    for (const host of ['127.0.0.1', 'localhost']) {
      const local = await serveCli(['api.yaml', '--port', '0', '--host', host], dir);
      try {
        assert.doesNotMatch(local.err, /reachable from other machines/, host);
      } finally {
        await local.stop();
      }
    }
  } finally {
    cleanup();
  }
});

test('loopback detection: which hosts only this machine reaches', () => {
  for (const host of [
    '127.0.0.1',
    '127.1.2.3',
    'localhost',
    'LOCALHOST',
    'app.localhost',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
  ])
    assert.ok(isLoopbackHost(host), host);
  for (const host of [
    '0.0.0.0',
    '::',
    '192.168.1.20',
    '10.0.0.1',
    'example.com',
    'localhost.example.com',
    '127.0.0.1.nip.io',
    '',
    '::ffff:10.0.0.1',
  ])
    assert.ok(!isLoopbackHost(host), host);
});

// ---------------------------------------------------------------------------------------------
// The admin API

test('the admin API wants its token, and refuses a foreign Host (DNS rebinding) or Origin (cross-site) with 403 even with the token', async (t: TestContext) => {
  const token = 'admin-token-0123456789abcdef';
  const served = await serve(`server:\n  admin: { token: ${token} }\n${USERS_CONFIG}`);
  try {
    const port = Number(new URL(served.url).port);
    const auth = { Authorization: `Bearer ${token}` };
    const created = await served.send('POST', '/users', { name: 'Kept' });
    assert.equal(created.status, 201);
    const count = async (): Promise<number> => ((await (await served.call('/users')).json()) as unknown[]).length;
    let tried = 0;

    // The token is needed.
    assert.equal((await send(port, '/__mockyard/log')).status, 401);
    assert.equal((await send(port, '/__mockyard/log', { headers: { Authorization: 'Bearer wrong' } })).status, 401);
    assert.equal((await send(port, '/__mockyard/log', { headers: auth })).status, 200);

    // Loopback names with this port are this server.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      assert.equal((await send(port, '/__mockyard/log', { headers: auth, host })).status, 200, host);
      tried++;
    }

    // DNS rebinding: a foreign name that resolves to 127.0.0.1 arrives with that name as Host.
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `127.0.0.1.evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `localhost:${port}.evil.example`,
      `127.0.0.1`,
      `127.0.0.1:${port}@evil.example`,
      ' ',
      `[::1]:${port}x`,
      // Loopback in other spellings than the README's three names, or the port written with a zero.
      `evil.localhost:${port}`,
      `127.0.0.2:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `localhost:0${port}`,
    ]) {
      const reply = await send(port, '/__mockyard/reset', { method: 'POST', headers: auth, host });
      assert.equal(reply.status, 403, `Host ${host}`);
      assert.deepEqual(JSON.parse(reply.body), { error: 'Forbidden: unknown Host header.' });
      tried++;
    }
    const noHost = await send(port, '/__mockyard/reset', { method: 'POST', headers: auth, host: null });
    assert.ok(noHost.status === 403 || noHost.status === 400, `no Host: ${noHost.status}`);

    // Cross-site: a page elsewhere (or a sandboxed one, Origin: null) cannot drive it.
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      'null',
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      'http://127.0.0.1',
      'file://',
      'not a url',
    ]) {
      const reply = await send(port, '/__mockyard/reset', { method: 'POST', headers: { ...auth, Origin: origin } });
      assert.equal(reply.status, 403, `Origin ${origin}`);
      assert.deepEqual(JSON.parse(reply.body), { error: 'Forbidden: cross-origin request.' });
      tried++;
    }
    assert.equal(await count(), 1, 'no forged reset went through');

    // Same-origin pages (served by the mock itself) are fine.
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      assert.equal((await send(port, '/__mockyard/log', { headers: { ...auth, Origin: origin } })).status, 200, origin);
    }
    // The guard comes before the token: a forged Host without a token is 403, not 401.
    assert.equal((await send(port, '/__mockyard/log', { host: 'evil.example' })).status, 403);
    // The real reset still works.
    assert.equal((await send(port, '/__mockyard/reset', { method: 'POST', headers: auth })).status, 200);
    assert.equal(await count(), 0);

    // The mock's own endpoints are not Host-checked: any client of the mock may call them.
    assert.equal((await send(port, '/health', { host: 'api.example.test' })).status, 200);
    t.diagnostic(`admin API: ${tried} forged Host/Origin headers tried`);
  } finally {
    await served.close();
  }
});

test('the admin API is off (404) without a token, whatever the headers', async () => {
  const served = await serve(USERS_CONFIG);
  try {
    const port = Number(new URL(served.url).port);
    for (const host of [`127.0.0.1:${port}`, 'evil.example'])
      assert.equal((await send(port, '/__mockyard/log', { host })).status, 404);
  } finally {
    await served.close();
  }
});

test('the admin guard on a mock shared on the network: any Host name through another interface, Origin still same-host only', () => {
  const fake = (localAddress: string, headers: Record<string, string>): IncomingMessage =>
    ({ socket: { localAddress, localPort: 3000 }, headers }) as unknown as IncomingMessage;
  // Reached on a LAN address (bound to 0.0.0.0): colleagues use names the server cannot know.
  assert.equal(foreignRequest(fake('192.0.2.10', { host: 'devbox:3000' })), undefined);
  assert.equal(foreignRequest(fake('192.0.2.10', { host: '192.0.2.10:3000' })), undefined);
  assert.equal(
    foreignRequest(fake('::ffff:192.0.2.10', { host: 'devbox.corp:3000', origin: 'http://devbox.corp:3000' })),
    undefined,
  );
  assert.equal(
    foreignRequest(fake('192.0.2.10', { host: 'devbox:3000', origin: 'http://evil.example' })),
    'Forbidden: cross-origin request.',
  );
  assert.equal(
    foreignRequest(fake('192.0.2.10', { host: 'devbox:3000', origin: 'http://devbox:3001' })),
    'Forbidden: cross-origin request.',
  );
  // Reached through loopback (also when bound to 0.0.0.0): only loopback names, so rebinding fails.
  assert.equal(foreignRequest(fake('127.0.0.1', { host: 'devbox:3000' })), 'Forbidden: unknown Host header.');
  assert.equal(foreignRequest(fake('::ffff:127.0.0.1', { host: 'localhost:3000' })), undefined);
  assert.equal(foreignRequest(fake('::1', { host: '[::1]:3000' })), undefined);
  assert.equal(
    foreignRequest(fake('127.0.0.1', { host: 'localhost' })),
    'Forbidden: unknown Host header.',
    'port 80 is not this port',
  );
});

// ---------------------------------------------------------------------------------------------
// The browser studio

async function startStudio(): Promise<{ port: number; token: string; close(): Promise<void> }> {
  const { dir, cleanup } = tempDir('mockyard-security-studio-');
  const configPath = join(dir, 'api.yaml');
  writeFileSync(configPath, USERS_CONFIG);
  const staticDir = join(dir, 'static');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>studio</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  // Secrets beside and above the build folder, and in a sibling whose name starts like it.
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  mkdirSync(join(dir, 'static-secret'));
  writeFileSync(join(dir, 'static-secret', 'x.txt'), SECRET);
  writeFileSync(join(staticDir, '..', 'api.sqlite.txt'), SECRET);
  const session = new StudioSession({ configPath, port: 0, watch: false });
  await session.open();
  const server = await startStudioServer({ session, handlers: createStudioHandlers(session), staticDir, port: 0 });
  return {
    port: server.port,
    token: server.token,
    close: async () => {
      await server.close();
      await session.close();
      cleanup();
    },
  };
}

test('the browser studio binds 127.0.0.1, wants its token, and refuses a foreign Host or Origin with 403 even with the token', async (t: TestContext) => {
  const studio = await startStudio();
  try {
    const { port, token } = studio;
    const bound = listeningAddresses(port);
    if (bound) assert.deepEqual(bound, ['127.0.0.1']);
    const auth = { Authorization: `Bearer ${token}` };
    let tried = 0;
    assert.equal((await send(port, '/')).status, 401);
    assert.equal((await send(port, '/api/call/server.status', { method: 'POST' })).status, 401);
    assert.equal((await send(port, '/', { headers: auth })).status, 200);
    assert.equal((await send(port, `/?token=${token}`)).status, 200);
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      `localhost:${port}.evil.example`,
      '',
    ]) {
      for (const [method, path] of [
        ['GET', `/?token=${token}`],
        ['POST', '/api/call/server.status'],
        ['GET', '/api/events'],
      ] as const) {
        const reply = await send(port, path, { method, headers: auth, host });
        assert.equal(reply.status, 403, `${method} ${path} with Host '${host}'`);
        tried++;
      }
    }
    for (const origin of ['http://evil.example', 'null', `https://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`]) {
      const reply = await send(port, '/api/call/server.status', {
        method: 'POST',
        headers: { ...auth, Origin: origin },
      });
      assert.equal(reply.status, 403, `Origin ${origin}`);
      tried++;
    }
    assert.equal(
      (
        await send(port, '/api/call/server.status', {
          method: 'POST',
          headers: { ...auth, Origin: `http://127.0.0.1:${port}` },
        })
      ).status,
      200,
    );
    t.diagnostic(`studio: ${tried} forged Host/Origin requests tried`);
  } finally {
    await studio.close();
  }
});

test('path traversal against the studio static files (encoded dots, backslashes, NUL, double encoding) is refused', async (t: TestContext) => {
  const studio = await startStudio();
  try {
    const { port, token } = studio;
    const auth = { Authorization: `Bearer ${token}` };
    const attempts = [
      '/../secret.txt',
      '/../../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/.%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%2e%2e%2F%2e%2e%2Fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/assets\\..\\..\\secret.txt',
      '/%5c..%5c..%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/%252e%252e%252fsecret.txt',
      '/%c0%ae%c0%ae/secret.txt',
      '/%c0%af../secret.txt',
      '/secret.txt%00',
      '/index.html%00/../../secret.txt',
      '/%00../secret.txt',
      '/..%00/secret.txt',
      '/../static-secret/x.txt',
      '/%2e%2e/static-secret/x.txt',
      '/../api.sqlite.txt',
      '//secret.txt',
      '///..//..//secret.txt',
      `/${encodeURIComponent(join(studio.port.toString(), '..', '..', 'secret.txt'))}`,
      '/assets/..%252f..%252fsecret.txt',
      '/....//secret.txt',
      '/.../secret.txt',
      '/%u002e%u002e/secret.txt',
    ];
    for (const path of attempts) {
      const reply = await send(port, path, { headers: auth });
      // `//name` reads as a scheme-relative URL whose path is `/`: the studio page itself, which is harmless.
      const indexPage = reply.status === 200 && reply.body.includes('<title>studio</title>');
      assert.ok([400, 403, 404].includes(reply.status) || indexPage, `${path} answered ${reply.status}`);
      assert.ok(!reply.body.includes(SECRET), `${path} leaked the secret`);
    }
    // Absolute paths in the request target do not escape either.
    for (const path of [join(resolve('/'), 'etc', 'passwd'), 'http://127.0.0.1/../secret.txt', '*']) {
      const reply = await send(port, path, { headers: auth });
      assert.ok(!reply.body.includes(SECRET) && !reply.body.includes('root:x:'), `${path} leaked`);
    }
    // Ordinary files still come.
    assert.equal((await send(port, '/assets/app.js', { headers: auth })).status, 200);
    assert.equal((await send(port, '/assets/./app.js', { headers: auth })).status, 200);
    t.diagnostic(`path traversal: ${attempts.length + 3} paths tried`);
  } finally {
    await studio.close();
  }
});
