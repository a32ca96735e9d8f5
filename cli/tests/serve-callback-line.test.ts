import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from './process.js';

test('mockyard serve marks a callback it sent in its request lines, with the status or the error', {
  timeout: 60_000,
}, async () => {
  const receiver = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-serve-callback-'));
  try {
    writeFileSync(
      join(dir, 'api.yaml'),
      `endpoints:
  - path: /pay
    method: POST
    response: { inline: { ok: true } }
    callbacks:
      - url: http://127.0.0.1:${port}/hooks/{{request.query.n}}
`,
    );
    const cli = runCli(['serve', 'api.yaml', '--db', ':memory:', '--port', '0'], dir);
    try {
      const [url] = await cli.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      assert.equal((await fetch(`${url}/pay?n=1`, { method: 'POST' })).status, 200);
      await cli.waitFor(/POST \/pay\?n=1 200/);
      await cli.waitFor(new RegExp(`→ callback POST http://127\\.0\\.0\\.1:${port}/hooks/1 204`));
      // Nothing listens any more: the line says the callback failed and why.
      await new Promise<void>((resolve) => {
        receiver.close(() => resolve());
        receiver.closeAllConnections();
      });
      assert.equal((await fetch(`${url}/pay?n=2`, { method: 'POST' })).status, 200);
      await cli.waitFor(new RegExp(`→ callback POST http://127\\.0\\.0\\.1:${port}/hooks/2 failed \\(ECONNREFUSED\\)`));
    } finally {
      await cli.stop();
    }
  } finally {
    receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
