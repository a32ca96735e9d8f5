import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CALL_NAMES, EVENT_CHANNEL } from '../../shared/src/studio-contract.js';
import { loadPreload } from './preload-sandbox.js';

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
  assert.equal(channel, EVENT_CHANNEL);
  listener?.({}, 'server.status', { state: 'running' });
  listener?.({}, 'log.batch', [1, 2]);
  assert.deepEqual(got, [[1, 2]]);
});
