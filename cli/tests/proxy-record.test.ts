import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from './process.js';

/** A real upstream answering JSON: an object on /hello, an array of records on /users. */
async function upstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    const body =
      req.url === '/users'
        ? [
            { id: 1, name: 'Ada' },
            { id: 2, name: 'Grace' },
          ]
        : { hello: req.url };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const CONFIG = `# recorded endpoints go below
endpoints:
  - path: /health   # own
    method: GET
    response:
      inline: { status: ok }
`;

function workspace(): { dir: string; config: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-record-'));
  const config = join(dir, 'shop.yaml');
  writeFileSync(config, CONFIG);
  return { dir, config, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test('serve --proxy URL --record: proxied answers are recorded into the file and served once the upstream stops', async () => {
  const up = await upstream();
  const { dir, config, cleanup } = workspace();
  const run = runCli(['serve', config, '--port', '0', '--proxy', up.url, '--record'], dir);
  try {
    const [url] = await run.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
    await run.waitFor(/Press Ctrl\+C/);
    assert.match(run.stdout(), /proxy: unmatched requests go to http:\/\/127\.0\.0\.1:\d+, answers recorded into/);
    const first = await fetch(`${url}/hello/world`);
    assert.equal(first.headers.get('x-mockyard-proxied'), 'true');
    assert.deepEqual(await first.json(), { hello: '/hello/world' });
    await run.waitFor(/Recorded GET \/hello\/world \(200\)/);
    await up.close();
    const again = await fetch(`${url}/hello/world`);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('x-mockyard-proxied'), null);
    assert.deepEqual(await again.json(), { hello: '/hello/world' });
    const text = readFileSync(config, 'utf8');
    assert.ok(text.startsWith(CONFIG), text);
    assert.match(
      text,
      /- path: \/hello\/world\n {4}method: GET\n {4}response:\n {6}inline:\n {8}hello: \/hello\/world\n$/,
    );
    const check = runCli(['validate', config]);
    assert.equal(await new Promise((resolve) => check.child.once('exit', resolve)), 0, check.stderr());
  } finally {
    await run.stop();
    await up.close();
    cleanup();
  }
});

test('serve --proxy URL --record-schemas: a list of records becomes a schema, a resource and seed rows', async () => {
  const up = await upstream();
  const { dir, config, cleanup } = workspace();
  const run = runCli(['serve', config, '--port', '0', '--proxy', up.url, '--record-schemas'], dir);
  try {
    const [url] = await run.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
    await run.waitFor(/Press Ctrl\+C/);
    await (await fetch(`${url}/users`)).json();
    await run.waitFor(/Recorded GET \/users \(200\) as schema User with a resource and seed rows/);
    await up.close();
    const list = await fetch(`${url}/users`);
    assert.equal(list.headers.get('x-mockyard-proxied'), null);
    assert.deepEqual(await list.json(), [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
    ]);
    assert.deepEqual(await (await fetch(`${url}/users/2`)).json(), { id: 2, name: 'Grace' });
    const text = readFileSync(config, 'utf8');
    assert.match(text, /- resource: User\n/);
    assert.match(text, /schemas:\n {2}User:\n {4}properties:\n {6}id: integer\n {6}name: string\n/);
    assert.match(text, /seed:\n {2}User:\n {4}- id: 1\n {6}name: Ada\n/);
  } finally {
    await run.stop();
    await up.close();
    cleanup();
  }
});

test('serve --record without an upstream, or a --proxy that is not an http(s) URL: usage error, exit 2', async () => {
  const { dir, config, cleanup } = workspace();
  try {
    for (const args of [['--record'], ['--proxy', 'ftp://example.com']]) {
      const run = runCli(['serve', config, '--port', '0', ...args], dir);
      const code = await new Promise((resolve) => run.child.once('exit', resolve));
      assert.equal(code, 2, run.stderr());
      assert.match(run.stderr(), /--record needs an upstream|--proxy must be an http/);
    }
  } finally {
    cleanup();
  }
});
