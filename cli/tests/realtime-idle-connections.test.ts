// Many idle WebSocket connections on `mockyard serve` (issue 43): the real CLI as a process, the
// `ws` client here; every connection gets its onConnect frame, the server's memory per connection is
// bounded, and HTTP is answered while they are open. MOCKYARD_IDLE_CONNECTIONS sets how many
// (default 2,000, for the suite's time; 10,000 measured for the issue: two fds each, client and server in separate processes, within a 20,000 fd limit).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { WebSocket } from 'ws';
import { runCli } from './process.js';

const COUNT = Number(process.env.MOCKYARD_IDLE_CONNECTIONS ?? 2000);

const rssKiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

test(`${COUNT} idle WebSocket connections: all served, bounded memory, HTTP still answered`, {
  timeout: 180_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-idle-'));
  writeFileSync(
    join(dir, 'api.yaml'),
    'endpoints:\n  - path: /health\n    method: GET\n    response: { inline: { ok: true } }\n  - path: /ws/idle/:n\n    websocket:\n      onConnect: { inline: { hello: "{{request.params.n}}" } }\n',
  );
  const cli = runCli(['serve', 'api.yaml', '--db', ':memory:', '--port', '0', '--quiet'], dir);
  const sockets: WebSocket[] = [];
  try {
    const [url] = await cli.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
    const pid = cli.child.pid as number;
    assert.equal((await fetch(`${url}/health`)).status, 200);
    global.gc?.();
    const before = rssKiB(pid);
    const started = performance.now();
    let hellos = 0;
    for (let i = 0; i < COUNT; i += 250) {
      const batch = Array.from(
        { length: Math.min(250, COUNT - i) },
        (_, j) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`${url.replace('http', 'ws')}/ws/idle/${i + j}`);
            ws.once('message', (data) => {
              if (JSON.parse(data.toString()).hello === String(i + j)) hellos++;
              resolve(ws);
            });
            ws.once('error', reject);
          }),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    const connectSeconds = (performance.now() - started) / 1000;
    assert.equal(hellos, COUNT);
    const t0 = performance.now();
    assert.equal((await fetch(`${url}/health`)).status, 200);
    const httpMs = performance.now() - t0;
    const after = rssKiB(pid);
    const perConnection = ((after - before) * 1024) / COUNT;
    console.log(
      `# ${COUNT} idle connections in ${connectSeconds.toFixed(1)} s: server RSS ${(before / 1024).toFixed(0)} -> ${(after / 1024).toFixed(0)} MiB, ${(perConnection / 1024).toFixed(1)} KiB a connection; GET /health ${httpMs.toFixed(1)} ms`,
    );
    assert.ok(perConnection < 64 * 1024, `${(perConnection / 1024).toFixed(1)} KiB a connection`);
    assert.ok(httpMs < 2000, `GET /health took ${httpMs.toFixed(0)} ms`);
  } finally {
    for (const ws of sockets) ws.terminate();
    await cli.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
