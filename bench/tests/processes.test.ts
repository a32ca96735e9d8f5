import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort, hasScript, startServer } from '../src/processes.js';

/** A server whose /health says whether its stdout is a terminal, and its own pid. */
const SERVER = `require('node:http').createServer((req, res) => {
  process.stdout.write('a request line\\n');
  res.end(JSON.stringify({ tty: process.stdout.isTTY === true, pid: process.pid }));
}).listen(Number(process.argv[2]), '127.0.0.1');`;

async function started(terminal: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-processes-'));
  writeFileSync(join(dir, 'server.cjs'), SERVER);
  const port = await freePort();
  const server = await startServer([join(dir, 'server.cjs'), String(port)], port, undefined, dir, {
    drainStdout: { cpu: undefined, terminal },
  });
  const health = (await (await fetch(`${server.url}/health`)).json()) as { tty: boolean; pid: number };
  return { server, health, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test('a server on a terminal has a pty for stdout, and its own pid is the one measured', {
  skip: hasScript ? false : 'util-linux script is not installed',
  timeout: 20_000,
}, async () => {
  const { server, health, cleanup } = await started(true);
  try {
    assert.equal(health.tty, true);
    assert.equal(server.pid, health.pid);
    assert.notEqual(server.child.pid, health.pid, 'the child spawned is script');
    assert.equal(readFileSync(`/proc/${health.pid}/comm`, 'utf8').trim(), 'node');
    await server.stop();
    assert.notEqual(server.child.exitCode, null, 'script ends with the server');
  } finally {
    cleanup();
  }
});

test('a server into a drained pipe has no terminal, and is the child spawned', { timeout: 20_000 }, async () => {
  const { server, health, cleanup } = await started(false);
  try {
    assert.equal(health.tty, false);
    assert.equal(server.pid, health.pid);
    assert.equal(server.child.pid, health.pid);
    await server.stop();
  } finally {
    cleanup();
  }
});
