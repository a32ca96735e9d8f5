import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { CALL_NAMES } from '../../shared/src/studio-contract.js';
import { StudioError, studioErrorFrom } from '../../shared/src/studio-error.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import { startStudioServer, STUDIO_CSP, type StudioServer } from '../src/studio/http-transport.js';
import { StudioSession } from '../src/studio/session.js';
import { safePath } from '../src/files/static-path.js';
import { tempDir, yaml } from './helpers.js';

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
  endpoints:
    - resource: User
    - path: /health
      method: GET
      response:
        inline: { status: ok }
  seed:
    User:
      - { name: Ada }
`;

const TOKEN = `${'a'.repeat(16)}0123456789abcdef0123456789abcdef`;
const SECRET = 'TOP-SECRET-6d1f0c';
const INDEX = '<!doctype html><title>Mockyard studio</title><div id="root"></div>';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Studio {
  session: StudioSession;
  server: StudioServer;
  dir: string;
  staticDir: string;
  /** A request with node:http, so the path goes out unnormalised and Host can be anything. */
  raw(req: RawRequest): Promise<Reply>;
  /** POST /api/call/<name> with the Bearer token. */
  call(name: string, args?: unknown): Promise<Reply>;
  close(): Promise<void>;
}

function rawRequest(port: number, { method = 'GET', path, headers = {}, body }: RawRequest): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { Host: `127.0.0.1:${port}`, ...headers }, timeout: 5000 },
      (res) => {
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
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path} within 5 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** `null` lets the server generate its token. */
async function startStudio(token: string | null = TOKEN): Promise<Studio> {
  const { dir, cleanup } = tempDir('mockyard-studio-http-');
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, CONFIG);
  // The build folder, with secrets beside it that must never be served.
  const staticDir = join(dir, 'static');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("studio");');
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ secret: SECRET }));
  mkdirSync(join(dir, 'static-evil'));
  writeFileSync(join(dir, 'static-evil', 'x.txt'), SECRET);

  const session = new StudioSession({ configPath, port: 0, watch: false });
  let server: StudioServer | undefined;
  try {
    await session.open();
    server = await startStudioServer({
      session,
      handlers: createStudioHandlers(session),
      staticDir,
      port: 0,
      ...(token ? { token } : {}),
    });
  } catch (err) {
    await session.close();
    cleanup();
    throw err;
  }
  const started = server;
  const raw = (req: RawRequest): Promise<Reply> => rawRequest(started.port, req);
  return {
    session,
    server: started,
    dir,
    staticDir,
    raw,
    call: (name, args) =>
      raw({
        method: 'POST',
        path: `/api/call/${name}`,
        headers: { Authorization: `Bearer ${started.token}`, 'Content-Type': 'application/json' },
        body: args === undefined ? '' : JSON.stringify(args),
      }),
    close: async () => {
      await started.close();
      await session.close();
      cleanup();
    },
  };
}

const jsonOf = (reply: Reply): unknown => JSON.parse(reply.body);
const bearer = (token: string = TOKEN): Record<string, string> => ({ Authorization: `Bearer ${token}` });

interface SseEvent {
  event: string;
  data: unknown;
}

/** An open /api/events stream that collects events as they arrive. */
interface Sse {
  status: number;
  headers: IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  next(name: string, match?: (data: unknown) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
}

function openEvents(port: number, headers: Record<string, string>): Promise<Sse> {
  return new Promise((resolveSse, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/events', headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const events: SseEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) as unknown });
          }
          for (const wake of waiters) wake();
        });
        const ended = new Promise<void>((done) => {
          res.on('end', () => done());
          res.on('close', () => done());
        });
        resolveSse({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments,
          ended,
          next: (name, match = () => true, ms = 5000) =>
            new Promise((found, fail) => {
              let seen = 0;
              const look = (): boolean => {
                for (; seen < events.length; seen++) {
                  const e = events[seen] as SseEvent;
                  if (e.event === name && match(e.data)) {
                    seen++;
                    clearTimeout(timer);
                    waiters.delete(wake);
                    found(e);
                    return true;
                  }
                }
                return false;
              };
              const wake = (): void => void look();
              const timer = setTimeout(() => {
                waiters.delete(wake);
                fail(
                  new Error(
                    `no '${name}' event within ${ms} ms; got ${events.map((e) => e.event).join(', ') || 'none'}`,
                  ),
                );
              }, ms);
              if (!look()) waiters.add(wake);
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error('no answer from /api/events within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

test('without the token every route answers 401, with a JSON error', async () => {
  const s = await startStudio();
  try {
    for (const path of ['/', '/index.html', '/assets/app.js', '/api/events', '/nope']) {
      const reply = await s.raw({ path });
      assert.equal(reply.status, 401, path);
      assert.match(String((jsonOf(reply) as { error: string }).error), /token/);
      assert.ok(!reply.body.includes('Mockyard studio'));
    }
    const call = await s.raw({ method: 'POST', path: '/api/call/config.get', body: '{}' });
    assert.equal(call.status, 401);
    for (const wrong of ['x', TOKEN.slice(0, -1), `${TOKEN}0`, TOKEN.toUpperCase(), '']) {
      assert.equal((await s.raw({ path: `/?token=${wrong}` })).status, 401, `query token '${wrong}'`);
      assert.equal(
        (await s.raw({ path: '/api/call/config.get', method: 'POST', headers: bearer(wrong) })).status,
        401,
        `bearer '${wrong}'`,
      );
      assert.equal(
        (await s.raw({ path: '/', headers: { Cookie: `mockyard_studio_${s.server.port}=${wrong}` } })).status,
        401,
        `cookie '${wrong}'`,
      );
    }
    // A token in some other cookie does not count.
    assert.equal((await s.raw({ path: '/', headers: { Cookie: `other=${TOKEN}` } })).status, 401);
  } finally {
    await s.close();
  }
});

test('?token= serves the index with a strict HttpOnly cookie that then works for calls and assets', async () => {
  const s = await startStudio();
  try {
    assert.equal(s.server.url, `http://127.0.0.1:${s.server.port}/?token=${TOKEN}`);
    const index = await s.raw({ path: `/?token=${TOKEN}` });
    assert.equal(index.status, 200);
    assert.equal(index.body, INDEX);
    assert.match(String(index.headers['content-type']), /^text\/html/);
    const setCookie = index.headers['set-cookie'];
    assert.ok(setCookie && setCookie.length === 1, 'one Set-Cookie');
    const cookie = setCookie[0] as string;
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Strict/);
    assert.match(cookie, /; Path=\//);
    assert.ok(cookie.startsWith(`mockyard_studio_${s.server.port}=${TOKEN};`), cookie);

    const jar = { Cookie: `${cookie.split(';')[0] as string}; theme=dark` };
    const call = await s.raw({ method: 'POST', path: '/api/call/config.get', headers: jar, body: '{}' });
    assert.equal(call.status, 200);
    assert.equal((jsonOf(call) as { text: string }).text, CONFIG);
    const asset = await s.raw({ path: '/assets/app.js', headers: jar });
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers['content-type']), /^text\/javascript/);
    assert.match(String(asset.headers['cache-control']), /immutable/);
    assert.equal(asset.headers['set-cookie'], undefined, 'the cookie is only set from the token URL');
    assert.equal((await s.raw({ path: '/', headers: jar })).status, 200);
  } finally {
    await s.close();
  }
});

test('two studios on two ports keep their own cookies: one browser holds both and each still works', async () => {
  const a = await startStudio(null);
  const b = await startStudio(null);
  try {
    const cookieOf = async (studio: Studio): Promise<string> => {
      const index = await studio.raw({ path: `/?token=${studio.server.token}` });
      return ((index.headers['set-cookie'] ?? [])[0] ?? '').split(';')[0] as string;
    };
    const cookieA = await cookieOf(a);
    const cookieB = await cookieOf(b);
    assert.notEqual(cookieA.split('=')[0], cookieB.split('=')[0], 'each studio names its cookie after its port');
    // Cookies ignore ports: 127.0.0.1 sends both to each studio, which picks its own.
    const jar = { Cookie: `${cookieA}; ${cookieB}` };
    for (const studio of [a, b]) {
      const reply = await studio.raw({ method: 'POST', path: '/api/call/server.status', headers: jar, body: '{}' });
      assert.equal(reply.status, 200);
    }
    // The other studio's cookie alone opens nothing, and says how to get in.
    const foreign = await a.raw({ method: 'POST', path: '/api/call/server.status', headers: { Cookie: cookieB } });
    assert.equal(foreign.status, 401);
    assert.deepEqual(Object.keys(jsonOf(foreign) as object).sort(), ['code', 'error']);
    assert.equal((jsonOf(foreign) as { code: string }).code, 'refused');
    assert.match((jsonOf(foreign) as { error: string }).error, /Reload the page/);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a Bearer token works; a generated token is long and random', async () => {
  const s = await startStudio();
  try {
    const reply = await s.raw({ method: 'POST', path: '/api/call/server.status', headers: bearer() });
    assert.equal(reply.status, 200);
    assert.equal((jsonOf(reply) as { state: string }).state, 'running');
  } finally {
    await s.close();
  }
  const a = await startStudio(null);
  const b = await startStudio(null);
  try {
    assert.match(a.server.token, /^[0-9a-f]{48}$/);
    assert.notEqual(a.server.token, b.server.token);
    assert.ok(a.server.url.endsWith(`?token=${a.server.token}`));
    assert.equal((await a.raw({ path: '/', headers: bearer(a.server.token) })).status, 200);
    assert.equal((await a.raw({ path: '/', headers: bearer(b.server.token) })).status, 401);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a foreign Host header is refused with 403, even with the token', async () => {
  const s = await startStudio();
  try {
    const port = s.server.port;
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `127.0.0.1.evil.example:${port}`,
      `localhost.:${port}`,
    ]) {
      const reply = await s.raw({ path: `/?token=${TOKEN}`, headers: { Host: host } });
      assert.equal(reply.status, 403, host);
      assert.equal(reply.headers['set-cookie'], undefined);
      assert.match((jsonOf(reply) as { error: string }).error, /Host/);
      const call = await s.raw({ method: 'POST', path: '/api/call/config.get', headers: { Host: host, ...bearer() } });
      assert.equal(call.status, 403, `call with Host ${host}`);
    }
    assert.equal((await s.raw({ path: '/', headers: { Host: `localhost:${port}`, ...bearer() } })).status, 200);
    assert.equal((await s.raw({ path: '/', headers: { Host: `127.0.0.1:${port}`, ...bearer() } })).status, 200);
  } finally {
    await s.close();
  }
});

test('a foreign Origin is refused with 403; the studio’s own origin is allowed', async () => {
  const s = await startStudio();
  try {
    const port = s.server.port;
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://evil.example:${port}`,
      '',
    ]) {
      const reply = await s.raw({
        method: 'POST',
        path: '/api/call/config.save',
        headers: { Origin: origin, ...bearer() },
        body: JSON.stringify({ text: 'schemas: {}' }),
      });
      assert.equal(reply.status, 403, `Origin '${origin}'`);
      assert.match((jsonOf(reply) as { error: string }).error, /cross-origin/);
    }
    assert.equal((await s.call('config.get', {})).status, 200);
    // Nothing was saved by the refused calls.
    assert.equal((jsonOf(await s.call('config.get', {})) as { text: string }).text, CONFIG);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const reply = await s.raw({
        method: 'POST',
        path: '/api/call/server.status',
        headers: { Origin: origin, ...bearer() },
      });
      assert.equal(reply.status, 200, origin);
    }
    const events = await s.raw({ path: '/api/events', headers: { Origin: 'http://evil.example', ...bearer() } });
    assert.equal(events.status, 403);
  } finally {
    await s.close();
  }
});

test('path traversal never serves a file outside the static folder', async () => {
  const s = await startStudio();
  try {
    const attempts = [
      '/../package.json',
      '/../secret.txt',
      '/../../../../../../../etc/passwd',
      '/%2e%2e/%2e%2e/package.json',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/..%2fpackage.json',
      '/..%2fsecret.txt',
      '/..%2Fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/%252e%252e%252fsecret.txt',
      '/..%2fstatic-evil/x.txt',
      '/secret.txt%00.html',
      '/%00',
      '/index.html%00',
      '/%2e%2e%00/secret.txt',
      '/%c0%ae%c0%ae/secret.txt',
      '/%',
      '//../secret.txt',
      '/.%2e/secret.txt',
      `/${'..%2f'.repeat(20)}etc/passwd`,
    ];
    for (const path of attempts) {
      const reply = await s.raw({ path, headers: bearer() });
      assert.ok(!reply.body.includes(SECRET), `${path} leaked the secret`);
      assert.ok(!reply.body.includes('root:'), `${path} leaked /etc/passwd`);
      assert.ok(reply.status === 404 || reply.status === 400, `${path} answered ${reply.status}`);
    }
    // Paths that normalise to a file inside the folder are fine.
    for (const path of ['/assets/../index.html', '/assets/%2e%2e/index.html', '/./index.html', '/%69ndex.html']) {
      const reply = await s.raw({ path, headers: bearer() });
      assert.equal(reply.status, 200, path);
      assert.equal(reply.body, INDEX);
    }
    // A folder is not a file.
    assert.equal((await s.raw({ path: '/assets', headers: bearer() })).status, 404);
    // Request targets that are not URLs at all are client errors, with or without the token.
    for (const path of ['//[', '//%', '//%zz/secret.txt']) {
      for (const headers of [bearer(), {}]) {
        const reply = await s.raw({ path, headers });
        assert.equal(reply.status, 400, path);
        assert.ok(!reply.body.includes(SECRET));
      }
    }
  } finally {
    await s.close();
  }
});

test('a call round trip, unknown calls, wrong methods, bad bodies and handler errors', async () => {
  const s = await startStudio();
  try {
    const get = await s.call('config.get', {});
    assert.equal(get.status, 200);
    assert.match(String(get.headers['content-type']), /^application\/json/);
    assert.equal(get.headers['cache-control'], 'no-store');
    const state = jsonOf(get) as { text: string; path: string; endpoints: { path: string }[] };
    assert.equal(state.text, CONFIG);
    assert.equal(state.path, join(s.dir, 'mockyard.yaml'));
    assert.ok(state.endpoints.some((e) => e.path === '/health'));
    assert.equal((await s.call('config.get')).status, 200, 'an empty body is {}');

    for (const name of ['nope', 'config', 'constructor', '__proto__', 'toString', 'config.get/x', '']) {
      const reply = await s.call(name, {});
      assert.equal(reply.status, 404, `call '${name}'`);
      assert.match((jsonOf(reply) as { error: string }).error, /No call/);
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await s.raw({ method, path: '/api/call/config.get', headers: bearer() });
      assert.equal(reply.status, 405, method);
      assert.equal(reply.headers.allow, 'POST');
      assert.ok((jsonOf(reply) as { error: string }).error);
    }
    for (const body of ['{', 'not json', '{"text": }']) {
      const reply = await s.raw({ method: 'POST', path: '/api/call/config.validate', headers: bearer(), body });
      assert.equal(reply.status, 400, body);
      assert.deepEqual(Object.keys(jsonOf(reply) as object), ['error', 'code']);
      assert.match((jsonOf(reply) as { error: string }).error, /JSON/);
    }
    for (const body of ['[]', '"text"', '42', 'null']) {
      const reply = await s.raw({ method: 'POST', path: '/api/call/config.validate', headers: bearer(), body });
      assert.equal(reply.status, 400, body);
      assert.match((jsonOf(reply) as { error: string }).error, /JSON object/);
    }
    const unknownTable = await s.call('tables.query', { table: 'nope', offset: 0, limit: 10 });
    assert.equal(unknownTable.status, 404);
    assert.match((jsonOf(unknownTable) as { error: string }).error, /No table 'nope'/);
    const badArgs = await s.call('config.save', { text: 42 });
    assert.equal(badArgs.status, 400);
    assert.match((jsonOf(badArgs) as { error: string }).error, /text/);
    const noLimit = await s.call('tables.query', { table: 'users' });
    assert.equal(noLimit.status, 400);
    assert.match((jsonOf(noLimit) as { error: string }).error, /whole number for 'offset'/);
    const stringKeys = await s.call('tables.delete', { table: 'users', keys: '1' });
    assert.equal(stringKeys.status, 400);
    assert.equal(
      (jsonOf(await s.call('tables.query', { table: 'users', offset: 0, limit: 10 })) as { total: number }).total,
      1,
      'nothing deleted',
    );
    const badRow = await s.call('tables.insert', { table: 'users', row: { name: 7 } });
    assert.equal(badRow.status, 400);
    assert.match((jsonOf(badRow) as { error: string }).error, /'name'/);

    // Every failure is `{ error, code }`, the body a failed call has over IPC too.
    assert.deepEqual(jsonOf(unknownTable), { error: "No table 'nope' in the live config.", code: 'not_found' });
    assert.equal((jsonOf(badArgs) as { code: string }).code, 'invalid');
    assert.equal((jsonOf(await s.call('nope', {})) as { code: string }).code, 'not_found');

    // Every call of the contract is routed (none answers "No call").
    for (const name of CALL_NAMES) {
      const reply = await s.raw({ method: 'GET', path: `/api/call/${name}`, headers: bearer() });
      assert.equal(reply.status, 405, name);
    }
    // Static routes take GET and HEAD only.
    assert.equal((await s.raw({ method: 'POST', path: '/index.html', headers: bearer() })).status, 405);
    const head = await s.raw({ method: 'HEAD', path: '/index.html', headers: bearer() });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal((await s.raw({ path: '/missing.js', headers: bearer() })).status, 404);
  } finally {
    await s.close();
  }
});

test('HTML carries the CSP and the other security headers', async () => {
  const s = await startStudio();
  try {
    for (const path of ['/', '/index.html']) {
      const reply = await s.raw({ path, headers: bearer() });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['content-security-policy'], STUDIO_CSP);
      assert.equal(reply.headers['x-content-type-options'], 'nosniff');
      assert.equal(reply.headers['referrer-policy'], 'no-referrer');
      assert.equal(reply.headers['cache-control'], 'no-cache');
    }
    assert.match(STUDIO_CSP, /default-src 'self'/);
    assert.match(STUDIO_CSP, /frame-ancestors 'none'/);
    assert.match(STUDIO_CSP, /object-src 'none'/);
    assert.doesNotMatch(STUDIO_CSP, /script-src[^;]*unsafe/);
  } finally {
    await s.close();
  }
});

test('the event stream delivers config.applied after a save and log.batch after a request', async () => {
  const s = await startStudio();
  let sse: Sse | undefined;
  try {
    const refused = await s.raw({ path: '/api/events' });
    assert.equal(refused.status, 401);

    sse = await openEvents(s.server.port, bearer());
    assert.equal(sse.status, 200);
    assert.match(String(sse.headers['content-type']), /^text\/event-stream/);
    assert.equal(sse.headers['cache-control'], 'no-store');

    const withExtra = CONFIG.replace(
      'seed:\n',
      '  - path: /extra\n    method: GET\n    response:\n      inline: { extra: true }\nseed:\n',
    );
    const applied = sse.next('config.applied');
    const saved = await s.call('config.save', { text: withExtra });
    assert.equal(saved.status, 200);
    assert.equal((jsonOf(saved) as { applied: boolean }).applied, true);
    const event = (await applied).data as { version: number; endpoints: { path: string }[] };
    assert.equal(event.version, 2);
    assert.ok(event.endpoints.some((e) => e.path === '/extra'));
    assert.ok(sse.comments.includes('connected'));

    const rejected = sse.next('config.rejected');
    await s.call('config.save', {
      text: withExtra.replace(
        'method: GET\n    response:\n      inline: { extra',
        'method: FETCH\n    response:\n      inline: { extra',
      ),
    });
    assert.ok(((await rejected).data as { problems: unknown[] }).problems.length > 0);
    await s.call('config.save', { text: withExtra });

    const mockUrl = (jsonOf(await s.call('server.status', {})) as { url: string }).url;
    const batch = sse.next('log.batch', (data) => (data as { path: string }[]).some((e) => e.path === '/extra'));
    const changed = sse.next('table.changed');
    const res = await fetch(`${mockUrl}/extra?via=sse`, { signal: AbortSignal.timeout(5000) });
    assert.deepEqual(await res.json(), { extra: true });
    const entries = (await batch).data as { method: string; path: string; query: string; status: number }[];
    const entry = entries.find((e) => e.path === '/extra');
    assert.deepEqual(entry && [entry.method, entry.query, entry.status], ['GET', 'via=sse', 200]);

    const created = await fetch(`${mockUrl}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace' }),
      signal: AbortSignal.timeout(5000),
    });
    assert.equal(created.status, 201);
    assert.deepEqual((await changed).data, { table: 'users', change: 'insert' });

    const stopped = sse.next('server.status', (data) => (data as { state: string }).state === 'stopped');
    await s.call('server.stop', {});
    assert.equal(((await stopped).data as { url: unknown }).url, undefined);

    // A second client hears the same events.
    const other = await openEvents(s.server.port, bearer());
    try {
      const a = sse.next('server.status', (data) => (data as { state: string }).state === 'running');
      const b = other.next('server.status', (data) => (data as { state: string }).state === 'running');
      await s.call('server.start', {});
      await Promise.all([a, b]);
    } finally {
      other.close();
    }

    // Closing the studio server ends open streams.
    const ended = sse.ended;
    await s.server.close();
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([
      ended,
      new Promise((_, fail) => {
        giveUp = setTimeout(() => fail(new Error('the stream did not end')), 3000);
      }),
    ]).finally(() => clearTimeout(giveUp)); // a pending 3 s timer would hold this file's process open
  } finally {
    sse?.close();
    await s.close();
  }
});

test('close() frees the port and stops listening to the session', async () => {
  const s = await startStudio();
  try {
    const port = s.server.port;
    await s.server.close();
    await assert.rejects(rawRequest(port, { path: '/', headers: bearer() }));
  } finally {
    await s.close();
  }
});

test('safePath keeps every path inside the root', () => {
  const { dir, cleanup } = tempDir('mockyard-safepath-');
  try {
    const root = join(dir, 'static');
    const base = resolve(root);
    assert.equal(safePath(root, '/index.html'), join(base, 'index.html'));
    assert.equal(safePath(root, 'index.html'), join(base, 'index.html'));
    assert.equal(safePath(root, '/assets/app.js'), join(base, 'assets', 'app.js'));
    assert.equal(safePath(root, '/assets/../index.html'), join(base, 'index.html'));
    assert.equal(safePath(root, '/a%20b.txt'), join(base, 'a b.txt'));
    assert.equal(safePath(root, '/%252e%252e'), join(base, '%2e%2e'), 'decoded once only');
    assert.equal(safePath(root, '/'), base);
    assert.equal(safePath(root, ''), base);
    assert.equal(safePath(`${root}${sep}`, '/index.html'), join(base, 'index.html'));

    for (const bad of [
      '/..',
      '/../',
      '/../secret.txt',
      '../secret.txt',
      '..',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/a\\b',
      '/index.html%00',
      '/index.html\0.txt',
      '/%00',
      '/%',
      '/%zz',
      '/%c0%ae%c0%ae/secret.txt',
      '/..%2fstatic-evil/x.txt',
      '/../static-evil/x.txt',
      '/../static',
      `/${'../'.repeat(30)}etc/passwd`,
    ]) {
      const got = safePath(root, bad);
      assert.ok(got === undefined || got === base || got.startsWith(base + sep), `'${bad}' → ${got}`);
      assert.ok(
        !got?.includes('secret') && !got?.includes('passwd') && !got?.includes('static-evil'),
        `'${bad}' → ${got}`,
      );
    }
    assert.equal(safePath(root, '/../static-evil/x.txt'), undefined);
    assert.equal(safePath(root, '/..%2fsecret.txt'), undefined);
    assert.equal(safePath(root, '/index.html%00'), undefined);
    assert.equal(safePath(root, '/%'), undefined);
    // Absolute paths in the URL stay relative to the root.
    assert.equal(safePath(root, '//etc/passwd'), join(base, 'etc', 'passwd'));
    assert.equal(safePath(root, `/${resolve('/etc/passwd')}`), join(base, 'etc', 'passwd'));
  } finally {
    cleanup();
  }
});

test('a refused cell edit answers the engine’s own message and code, as the renderer’s HTTP client reads them', async () => {
  const s = await startStudio();
  try {
    const edit = await s.call('tables.update', { table: 'users', key: 1, changes: { name: 5 } });
    assert.equal(edit.status, 400);
    // A refusal about one field names it (2ab3b5a), so the form can show the message on that field.
    assert.deepEqual(jsonOf(edit), {
      error: "Field 'name' must be text, not the integer 5.",
      code: 'invalid',
      field: 'name',
    });
    // renderer/src/api/http-client.ts throws what studioErrorFrom makes of the body: the same error as over IPC.
    const thrown = studioErrorFrom(jsonOf(edit), 'tables.update failed with 400.');
    assert.ok(thrown instanceof StudioError);
    assert.deepEqual([thrown.code, thrown.message], ['invalid', "Field 'name' must be text, not the integer 5."]);

    const missing = await s.call('tables.insert', { table: 'users', row: {} });
    assert.equal(missing.status, 400);
    assert.deepEqual(jsonOf(missing), { error: "Field 'name' is required.", code: 'invalid', field: 'name' });
    const gone = await s.call('tables.update', { table: 'users', key: 99, changes: { name: 'Bo' } });
    assert.equal(gone.status, 404);
    assert.deepEqual(jsonOf(gone), { error: "No row with id 99 in 'users'.", code: 'not_found' });
    const replay = await s.call('log.replay', { id: 12345 });
    assert.deepEqual(
      [replay.status, jsonOf(replay)],
      [404, { error: 'Request 12345 is no longer in the log.', code: 'not_found' }],
    );
    // The refused edits changed nothing.
    const rows = jsonOf(await s.call('tables.query', { table: 'users', offset: 0, limit: 10 }));
    assert.deepEqual(rows, { rows: [{ id: 1, name: 'Ada' }], total: 1 });
    // A refusal before any call (no token) has a code too.
    const anonymous = await s.raw({ method: 'POST', path: '/api/call/config.get', body: '{}' });
    assert.equal(anonymous.status, 401);
    assert.equal((jsonOf(anonymous) as { code: string }).code, 'refused');
  } finally {
    await s.close();
  }
});
