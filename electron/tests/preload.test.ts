import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { CALL_NAMES } from '../../shared/src/studio-contract.js';

const preloadFile = join(dirname(fileURLToPath(import.meta.url)), '../src/preload.cjs');

/** Runs the built preload with a fake `electron` module, as a sandboxed preload would run. */
function loadPreload() {
  const exposed: Record<string, unknown> = {};
  const invoked: [string, unknown][] = [];
  const listeners: [string, (...args: unknown[]) => void][] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
    webUtils: { getPathForFile: () => '/dropped/file.yaml' },
    ipcRenderer: {
      invoke: async (channel: string, args: unknown) => {
        invoked.push([channel, args]);
        return { ok: channel };
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => listeners.push([channel, listener]),
      removeListener: () => undefined,
    },
  };
  const required: string[] = [];
  const sandbox = {
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    },
    exports: {},
    module: { exports: {} },
  };
  runInNewContext(readFileSync(preloadFile, 'utf8'), sandbox, { filename: preloadFile });
  return { exposed, invoked, listeners, required };
}

type Api = {
  calls: Record<string, (args: unknown) => Promise<unknown>>;
  on(event: string, cb: (p: unknown) => void): () => void;
};

test('the preload exposes exactly one named function per contract call, plus on() and pathForFile(), and requires only electron', () => {
  const { exposed, required } = loadPreload();
  assert.deepEqual(Object.keys(exposed), ['mockyard']);
  const api = exposed.mockyard as Api;
  assert.deepEqual(Object.keys(api).sort(), ['calls', 'on', 'pathForFile']);
  assert.deepEqual(Object.keys(api.calls).sort(), [...CALL_NAMES].sort());
  for (const fn of Object.values(api.calls)) assert.equal(typeof fn, 'function');
  assert.deepEqual([...new Set(required)], ['electron']);
});

test('a call goes to ipcRenderer.invoke on its own channel; nothing else can be sent', async () => {
  const { exposed, invoked } = loadPreload();
  const api = exposed.mockyard as Api;
  assert.deepEqual(await api.calls['config.save']?.({ text: 'x' }), { ok: 'config.save' });
  assert.deepEqual(invoked, [['config.save', { text: 'x' }]]);
  assert.equal((api as unknown as Record<string, unknown>).invoke, undefined);
  assert.equal((api as unknown as Record<string, unknown>).send, undefined);
});

test('on() accepts only the contract events and passes on only its own event', () => {
  const { exposed, listeners } = loadPreload();
  const api = exposed.mockyard as Api;
  assert.throws(() => api.on('ipc.anything', () => undefined), /Unknown event/);
  const got: unknown[] = [];
  api.on('log.batch', (p) => got.push(p));
  const [channel, listener] = listeners[0] ?? [];
  assert.equal(channel, 'mockyard:event');
  listener?.({}, 'server.status', { state: 'running' });
  listener?.({}, 'log.batch', [1, 2]);
  assert.deepEqual(got, [[1, 2]]);
});
