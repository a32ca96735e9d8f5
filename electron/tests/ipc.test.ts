import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CALL_NAMES, type StudioEvents } from '../../shared/src/studio-contract.js';
import { StudioError, type StudioErrorCode } from '../../shared/src/studio-error.js';
import { createStudioHandlers, StudioSession } from '../../engine/src/studio-entry.js';
import { DomainError } from '../../engine/src/domain-error.js';
import { EVENT_CHANNEL, forwardStudioEvents, registerStudioIpc } from '../src/ipc.js';
import { electronIpc, preloadClient } from './fake-ipc.js';

async function openSession() {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-ipc-'));
  const configPath = join(dir, 'api.yaml');
  writeFileSync(
    configPath,
    'schemas:\n  User:\n    properties:\n      id: integer\n      name: { type: string, required: true }\nendpoints:\n  - resource: User\n',
  );
  const session = new StudioSession({ configPath, port: 0, watch: false });
  await session.open();
  return {
    session,
    dir,
    close: async () => {
      await session.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const rejectsWith = (code: StudioErrorCode, message: string) => (err: unknown) => {
  assert.ok(err instanceof StudioError, `a StudioError, not ${String(err)}`);
  assert.equal(err.message, message);
  assert.equal(err.code, code);
  return true;
};

test('the fake behaves as Electron: a thrown error reaches the renderer as its prefixed message only', async () => {
  const { ipcMain, invoke } = electronIpc();
  ipcMain.handle('probe', async () => {
    throw new DomainError('invalid', "Field 'name' is required.");
  });
  await assert.rejects(invoke('probe', {}), (err: Error) => {
    assert.equal(err.message, "Error invoking remote method 'probe': DomainError: Field 'name' is required.");
    assert.equal(err.constructor, Error);
    assert.equal((err as Error & { status?: number }).status, undefined);
    return true;
  });
  ipcMain.handle('clone', async () => ({ when: new Date(0), fn: () => 1 }));
  await assert.rejects(invoke('clone', {}), /could not be cloned/);
});

test('every contract call is served over IPC by the shared handlers, against a real engine', async () => {
  const { session, close } = await openSession();
  const { ipcMain, handlers, invoke } = electronIpc();
  try {
    const unregister = registerStudioIpc(ipcMain, createStudioHandlers(session));
    assert.deepEqual([...handlers.keys()].sort(), [...CALL_NAMES].sort());
    const call = preloadClient(invoke);
    const config = await call<{ endpoints: unknown[] }>('config.get', {});
    assert.equal(config.endpoints.length, 6);
    const row = await call<{ id: number }>('tables.insert', { table: 'users', row: { name: 'Ada' } });
    assert.deepEqual(row, { id: 1, name: 'Ada' });
    const status = await call<{ url: string }>('server.status', {});
    assert.deepEqual(await (await fetch(`${status.url}/users/1`)).json(), { id: 1, name: 'Ada' });
    unregister();
    assert.equal(handlers.size, 0);
  } finally {
    await close();
  }
});

test('a refused cell edit reaches the renderer with the engine’s own message and code, not Electron’s prefix', async () => {
  const { session, close } = await openSession();
  const { ipcMain, invoke } = electronIpc();
  try {
    const handlers = createStudioHandlers(session);
    registerStudioIpc(ipcMain, handlers);
    const call = preloadClient(invoke);
    // The row to edit, put in directly: this test is about failures crossing IPC.
    await handlers['tables.insert']({ table: 'users', row: { name: 'Ada' } });
    await assert.rejects(
      call('tables.update', { table: 'users', key: 1, changes: { name: 5 } }),
      rejectsWith('invalid', "Field 'name' must be text, not the integer 5."),
    );
    await assert.rejects(
      call('tables.insert', { table: 'users', row: {} }),
      rejectsWith('invalid', "Field 'name' is required."),
    );
    await assert.rejects(
      call('tables.update', { table: 'users', key: 99, changes: { name: 'Bo' } }),
      rejectsWith('not_found', "No row with id 99 in 'users'."),
    );
    await assert.rejects(
      call('log.replay', { id: 12345 }),
      rejectsWith('not_found', 'Request 12345 is no longer in the log.'),
    );
    // Nothing was changed by the refused edits.
    assert.deepEqual(await handlers['tables.query']({ table: 'users', offset: 0, limit: 10 }), {
      rows: [{ id: 1, name: 'Ada' }],
      total: 1,
    });
  } finally {
    await close();
  }
});

test('calls from a frame that is not the app are refused', async () => {
  const { session, close } = await openSession();
  const { ipcMain, invoke } = electronIpc();
  try {
    registerStudioIpc(ipcMain, createStudioHandlers(session));
    const from = (url: string) => preloadClient((channel, args) => invoke(channel, args, url));
    await assert.rejects(
      from('https://evil.example/')('config.get', {}),
      rejectsWith('refused', 'Refused config.get from https://evil.example/.'),
    );
    await assert.rejects(
      from('')('config.get', {}),
      rejectsWith('refused', 'Refused config.get from an unknown frame.'),
    );
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
    await session.save(
      session.text.replace('name: { type: string, required: true }', 'name: string\n      email: string'),
    );
    assert.ok(sent.some(([channel, name]) => channel === EVENT_CHANNEL && name === 'config.applied'));
    stop();
    const count = sent.length;
    await session.stopServer();
    assert.equal(sent.length, count);
  } finally {
    await close();
  }
});
