import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from './process.js';

// The bundled CLI checked a config without `{{` on its quick path, which has no template parser, and
// a `body:` is compiled as a template even without tags: serve and studio exited with "The template
// parser is not loaded".
test('mockyard serve answers a text body that has no template tags', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-serve-body-'));
  try {
    writeFileSync(
      join(dir, 'api.yaml'),
      `endpoints:
  - method: GET
    path: /greet
    response:
      body: hello
      contentType: text/plain
`,
    );
    const cli = runCli(['serve', 'api.yaml', '--db', ':memory:', '--port', '0'], dir);
    try {
      const [url] = await cli.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      const res = await fetch(`${url}/greet`);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'hello');
    } finally {
      await cli.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
