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
import { isPrivateAddress } from '../src/openapi/ref-fetch.js';

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
