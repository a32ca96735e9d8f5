import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CALL_NAMES, type StudioEvents } from '../../shared/src/studio-contract.js';
import { createStudioHandlers } from '../../engine/src/studio/handlers.js';
import { StudioSession } from '../../engine/src/studio/session.js';
import { EVENT_CHANNEL, forwardStudioEvents, registerStudioIpc, type IpcMainLike } from '../src/ipc.js';

type Listener = Parameters<IpcMainLike['handle']>[1];

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const invoke = (channel: string, args: unknown, url = 'mockyard://studio/index.html') => {
    const listener = handlers.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return listener({ senderFrame: { url } }, args);
  };
  return { ipcMain, handlers, invoke };
}

async function openSession() {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-ipc-'));
  const configPath = join(dir, 'api.yaml');
  writeFileSync(
    configPath,
    'schemas:\n  User:\n    properties:\n      id: integer\n      name: string\nendpoints:\n  - resource: User\n',
  );
  const session = new StudioSession({ configPath, port: 0, watch: false });
  await session.open();
  return { session, dir, close: async () => {
      await session.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('every contract call is served over IPC by the shared handlers, against a real engine', async () => {
  const { session, close } = await openSession();
  const { ipcMain, handlers, invoke } = fakeIpcMain();
  try {
    const unregister = registerStudioIpc(ipcMain, createStudioHandlers(session));
    assert.deepEqual([...handlers.keys()].sort(), [...CALL_NAMES].sort());
    const config = (await invoke('config.get', {})) as { endpoints: unknown[] };
    assert.equal(config.endpoints.length, 6);
    const row = (await invoke('tables.insert', { table: 'users', row: { name: 'Ada' } })) as { id: number };
    assert.deepEqual(row, { id: 1, name: 'Ada' });
    const status = (await invoke('server.status', {})) as { url: string };
    assert.deepEqual(await (await fetch(`${status.url}/users/1`)).json(), { id: 1, name: 'Ada' });
    await assert.rejects(
      invoke('tables.insert', { table: 'users', row: { name: 5 } }) as Promise<unknown>,
      /Field 'name' must be text/,
    );
    unregister();
    assert.equal(handlers.size, 0);
  } finally {
    await close();
  }
});

test('calls from a frame that is not the app are refused', async () => {
  const { session, close } = await openSession();
  const { ipcMain, invoke } = fakeIpcMain();
  try {
    registerStudioIpc(ipcMain, createStudioHandlers(session));
    await assert.rejects(invoke('config.get', {}, 'https://evil.example/') as Promise<unknown>, /Refused config.get/);
    await assert.rejects(invoke('config.get', {}, '') as Promise<unknown>, /Refused/);
  } finally {
    await close();
  }
});

test('session events are forwarded to the window on the event channel', async () => {
  const { session, close } = await openSession();
  const sent: [string, string, unknown][] = [];
  try {
    const stop = forwardStudioEvents(
      <E extends keyof StudioEvents>(e: E, l: (p: StudioEvents[E]) => void) => session.on(e, l),
      (channel, name, payload) => sent.push([channel, name, payload]),
    );
    await session.validate(session.text);
    await session.save(session.text.replace('name: string', 'name: string\n      email: string'));
    assert.ok(sent.some(([channel, name]) => channel === EVENT_CHANNEL && name === 'config.applied'));
    stop();
    const count = sent.length;
    await session.stopServer();
    assert.equal(sent.length, count);
  } finally {
    await close();
  }
});
