/**
 * A description's own `$ref`s never reach a private address unless the user allows it: a server on
 * 127.0.0.1 that a `$ref` names is not asked, and the import says why; allowed, it is read.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { importOpenApi } from '../src/openapi/import.js';
import { fetchRef, isPrivateAddress, type RefPolicy } from '../src/openapi/ref-fetch.js';

test('a $ref to a server on 127.0.0.1 is not fetched unless private refs are allowed', async () => {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'application/yaml');
    res.end('type: object\nproperties:\n  id: { type: integer }\n  name: { type: string }\n');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-refs-'));
  const file = join(dir, 'api.yaml');
  writeFileSync(
    file,
    `openapi: 3.0.3
info: { title: Refs, version: "1" }
paths:
  /pets:
    get:
      responses:
        "200":
          description: Pets
          content:
            application/json:
              schema: { type: array, items: { $ref: "http://127.0.0.1:${port}/pet.yaml" } }
`,
  );
  try {
    await assert.rejects(
      importOpenApi(file, 'api.yaml'),
      /refused to download http:\/\/127\.0\.0\.1:\d+\/pet\.yaml.*--allow-private-refs/,
    );
    assert.equal(hits, 0, 'the private server was not asked');
    const allowed = await importOpenApi(file, 'api.yaml', { allowPrivateRefs: true });
    assert.equal(allowed.summary.staticEndpoints + allowed.summary.schemaEndpoints, 1, 'imported');
    assert.ok(hits >= 1, 'asked when allowed');
  } finally {
    await new Promise((done) => server.close(done));
  }
});

test('private, loopback and link-local addresses are told from public ones', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
  ])
    assert.ok(isPrivateAddress(a), a);
  for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '172.32.0.1']) assert.ok(!isPrivateAddress(a), a);
});

/** A server on 127.0.0.1 that counts the requests reaching it. */
async function countingServer(): Promise<{ port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end('type: object\n');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => hits,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

test('a name that resolves to 127.0.0.1 is refused, and no request reaches the server', async () => {
  const server = await countingServer();
  const asked: string[] = [];
  // `rebind.example` is in no DNS: only this resolver knows it, as a rebinding DNS server would answer.
  const resolve: RefPolicy['resolve'] = async (host) => {
    asked.push(host);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  try {
    const url = `http://rebind.example:${server.port}/pet.yaml`;
    const policy: RefPolicy = { allowPrivate: false, resolve };
    await assert.rejects(fetchRef(url, policy), /refused to download http:\/\/rebind\.example:\d+\/pet\.yaml/);
    assert.match(policy.refused ?? '', /rebind\.example is a private, loopback or link-local address/);
    assert.deepEqual(asked, ['rebind.example'], 'resolved once');
    assert.equal(server.hits(), 0, 'the server was not asked');
    // Allowed, the download connects to the address the one lookup gave (the name is in no DNS).
    const body = await fetchRef(url, { allowPrivate: true, resolve });
    assert.equal(body.toString(), 'type: object\n');
    assert.deepEqual(asked, ['rebind.example', 'rebind.example'], 'one lookup per download');
    assert.equal(server.hits(), 1);
  } finally {
    await server.close();
  }
});

test('one private address among the answers is enough to refuse, and literal or localhost hosts need no lookup', async () => {
  const server = await countingServer();
  let lookups = 0;
  const resolve: RefPolicy['resolve'] = async () => {
    lookups++;
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
  };
  try {
    await assert.rejects(
      fetchRef(`http://mixed.example:${server.port}/a`, { allowPrivate: false, resolve }),
      /refused/,
    );
    assert.equal(lookups, 1);
    for (const host of ['127.0.0.1', 'localhost', '[::1]'])
      await assert.rejects(fetchRef(`http://${host}:${server.port}/a`, { allowPrivate: false, resolve }), /refused/);
    assert.equal(lookups, 1, 'a literal address or localhost is refused before any lookup');
    assert.equal(server.hits(), 0);
  } finally {
    await server.close();
  }
});
