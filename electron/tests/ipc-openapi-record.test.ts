import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { StudioEvents } from '../../shared/src/studio-contract.js';
import { StudioError } from '../../shared/src/studio-error.js';
import { createStudioHandlers, StudioSession } from '../../engine/src/studio-entry.js';
import { EVENT_CHANNEL, forwardStudioEvents, registerStudioIpc } from '../src/ipc.js';
import { electronIpc, preloadClient } from './fake-ipc.js';

const PETSTORE = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../engine/tests/fixtures/openapi/petstore.yaml'),
  'utf8',
);

test('over IPC: OpenAPI import and export, and the Record toggle with its events, as the desktop app serves them', async () => {
  const upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"upstream"}');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-ipc-record-'));
  const configPath = join(dir, 'api.mockyard');
  writeFileSync(configPath, 'endpoints:\n  - path: /health\n    method: GET\n    response: { inline: { ok: true } }\n');
  const session = new StudioSession({ configPath, port: 0, watch: false });
  await session.open();
  const { ipcMain, invoke } = electronIpc();
  const sent: { name: string; payload: unknown }[] = [];
  const stop = forwardStudioEvents(
    <E extends keyof StudioEvents>(e: E, l: (p: StudioEvents[E]) => void) => session.on(e, l),
    // What webContents.send does to a payload: a structured clone.
    (channel, name, payload) => {
      assert.equal(channel, EVENT_CHANNEL);
      sent.push({ name, payload: structuredClone(payload) });
    },
  );
  try {
    registerStudioIpc(ipcMain, createStudioHandlers(session));
    const call = preloadClient(invoke);

    const imported = await call<{ summary: unknown; text: string }>('openapi.import', {
      name: 'petstore.yaml',
      text: PETSTORE,
    });
    assert.deepEqual(imported.summary, { schemas: 2, schemaEndpoints: 3, staticEndpoints: 0 });
    await assert.rejects(call('openapi.import', { name: 'x.yaml', text: 'just: text\n' }), (err: unknown) => {
      assert.ok(err instanceof StudioError);
      assert.equal(err.code, 'invalid');
      assert.match(err.message, /^Not imported: x\.yaml is not an OpenAPI or Swagger description/);
      return true;
    });
    const exported = await call<{ text: string; filename: string }>('openapi.export', { format: 'json' });
    assert.equal(exported.filename, 'api.openapi.json');
    assert.equal((JSON.parse(exported.text) as { openapi: string }).openapi, '3.1.0');

    await assert.rejects(call('record.set', { mode: 'endpoints' }), (err: unknown) => {
      assert.ok(err instanceof StudioError);
      assert.equal(err.code, 'conflict');
      assert.match(err.message, /^Recording needs a proxy/);
      return true;
    });
    await call('config.save', { text: `${session.text}server:\n  proxy: ${upstreamUrl}\n` });
    assert.deepEqual(await call('record.set', { mode: 'endpoints' }), { mode: 'endpoints', proxy: upstreamUrl });
    assert.ok(sent.some((e) => e.name === 'record.status' && (e.payload as { mode: string }).mode === 'endpoints'));

    const { url } = await call<{ url: string }>('server.status', {});
    const recorded = new Promise((done) => session.engine.once('recorded', done));
    assert.deepEqual(await (await fetch(`${url}/from-upstream`)).json(), { from: 'upstream' });
    await recorded;
    const event = sent.find((e) => e.name === 'record.recorded');
    assert.deepEqual(event?.payload, { method: 'GET', path: '/from-upstream', status: 200 });
    const disk = sent.filter((e) => e.name === 'config.changedOnDisk').at(-1)
      ?.payload as StudioEvents['config.changedOnDisk'];
    assert.equal(disk.text, readFileSync(configPath, 'utf8'));
    assert.deepEqual(disk.changes?.[0]?.path, ['endpoints']);
    assert.deepEqual(await call('record.set', { mode: null }), { mode: null, proxy: upstreamUrl });
  } finally {
    stop();
    await session.close();
    upstream.closeAllConnections();
    upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
