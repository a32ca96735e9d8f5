// The scale-out example's nginx.conf, run for real (Debian's nginx, the example's text with the
// replica names made 127.0.0.1 ports: see nginx.ts) in front of three replicas of the example's config
// (the real CLI, on SQLite here): what a client of the example sees through it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  exampleServerBlock,
  freePort,
  NGINX_SKIP_REASON,
  type RunningNginx,
  SCALE_OUT_DIR,
  startNginx,
} from './nginx.js';
import { type Running, runCli } from './process.js';

const skip = NGINX_SKIP_REASON;
const dir = mkdtempSync(join(tmpdir(), 'mockyard-scale-out-nginx-'));
let replicas: { cli: Running; port: number }[] = [];
let nginx: RunningNginx | undefined;

before(async () => {
  if (skip) return;
  replicas = await Promise.all(
    [1, 2, 3].map(async (i) => {
      const cli = runCli(
        [
          'serve',
          join(SCALE_OUT_DIR, 'mockyard.yaml'),
          '--port',
          '0',
          '--db',
          join(dir, `replica-${i}.sqlite`),
          '--quiet',
        ],
        dir,
      );
      const [, port] = await cli.waitFor(/http:\/\/127\.0\.0\.1:(\d+)/, 20_000);
      return { cli, port: Number(port) };
    }),
  );
  const port = await freePort();
  nginx = await startNginx(
    exampleServerBlock(
      replicas.map((r) => r.port),
      port,
    ),
    port,
  );
});
after(async () => {
  await nginx?.stop();
  await Promise.all(replicas.map((r) => r.cli.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const url = (): string => (nginx as RunningNginx).url;

test('Link headers name the host and port the client used (Host is passed on with its port)', { skip }, async () => {
  const res = await fetch(`${url()}/products?_page=1&_limit=1`);
  assert.equal(res.status, 200, nginx?.stderr());
  const link = res.headers.get('link') ?? '';
  assert.match(link, new RegExp(`<${url()}/products\\?_page=2&_limit=1>; rel="next"`), link);
  assert.match(res.headers.get('x-mockyard-replica') ?? '', /^127\.0\.0\.1:\d+$/, 'the replica that answered');
});

test('a replica’s own answers pass through as they are: a 409 in JSON with the CORS header', { skip }, async () => {
  const res = await fetch(`${url()}/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://app.test' },
    body: JSON.stringify({ email: 'ada@example.com', name: 'Another Ada' }),
  });
  assert.equal(res.status, 409);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.match(((await res.json()) as { error: string }).error, /email/);
});

test('nginx’s own 413 (a body over 1 MiB) is JSON with the CORS header', { skip }, async () => {
  const res = await fetch(`${url()}/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://app.test' },
    body: JSON.stringify({ sku: 'BIG', name: 'x'.repeat(2 * 1024 * 1024) }),
  });
  assert.equal(res.status, 413);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.match(((await res.json()) as { error: string }).error, /too large/);
});

// Last: it stops the replicas.
test('no replica reachable: nginx’s 502 is JSON with the CORS header', { skip }, async () => {
  await Promise.all(replicas.map((r) => r.cli.stop()));
  const res = await fetch(`${url()}/products`, { headers: { origin: 'http://app.test' } });
  assert.equal(res.status, 502);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.match(((await res.json()) as { error: string }).error, /No replica could be reached/);
});
