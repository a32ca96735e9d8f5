import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const listenerUrl = new URL('../src/http/listener.js', import.meta.url).href;
const tickShapeUrl = new URL('../src/http/tick-shape.js', import.meta.url).href;

/**
 * In a fresh process (with V8's `gc()` and natives): a Listener is made, nextTick is warmed up, six
 * full GCs come at moments when no tick is queued (as V8's memory reducer's do), and then a new
 * TickObject is caught with a hook. It must be built with the map of the one the Listener kept: the
 * map lived through the GCs, so nextTick's inline caches never saw another.
 */
const script = `
import { createHook } from 'node:async_hooks';
const { Listener } = await import(${JSON.stringify(listenerUrl)});
const { keptTickObject } = await import(${JSON.stringify(tickShapeUrl)});
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
new Listener(() => undefined);
const kept = keptTickObject();
const noop = () => undefined;
const burst = (n) => new Promise((resolve) => {
  let i = 0;
  const step = () => {
    for (let k = 0; k < 200; k++) process.nextTick(noop);
    if (++i < n) setImmediate(step);
    else setImmediate(resolve);
  };
  step();
});
await burst(2000);
for (let g = 0; g < 6; g++) {
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  await burst(200);
}
let fresh;
const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject') fresh ??= resource; } });
hook.enable();
process.nextTick(noop);
hook.disable();
console.log(JSON.stringify({
  kept: kept !== undefined,
  keys: kept ? Reflect.ownKeys(kept).map(String) : [],
  sameMap: kept !== undefined && fresh !== undefined && sameMap(kept, fresh),
}));
`;

test('the listener keeps a TickObject, whose map nextTick still builds with after full GCs at quiet moments', {
  timeout: 30_000,
}, async () => {
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', '--allow-natives-syntax', '--input-type=module', '-e', script],
    { timeout: 25_000 },
  );
  const result = JSON.parse(stdout.trim()) as { kept: boolean; keys: string[]; sameMap: boolean };
  assert.equal(result.kept, true, 'the Listener kept no TickObject');
  assert.ok(result.keys.includes('callback'), `not a TickObject: ${result.keys.join(', ')}`);
  assert.equal(result.sameMap, true, 'a TickObject made after the GCs has another map than the kept one');
});
