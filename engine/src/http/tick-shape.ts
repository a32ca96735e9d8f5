import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's TickObjects (the record `process.nextTick` queues) alive for the life of the
 * process, so that V8 keeps the object shape ("map") every TickObject is built with.
 *
 * Why: Node's HTTP server calls `process.nextTick` about eight times a request (stream ends, write
 * callbacks, `finish`), and a TickObject lives only until its tick runs. A full GC that comes when
 * no tick is queued frees the TickObject's map; the next tick builds a new one, and the
 * inline caches of `nextTick`'s object literal have seen one map more. After a few full GCs they
 * go megamorphic, and for the rest of the process every `nextTick` builds its object through V8's
 * runtime (perf: `Runtime_DefineKeyedOwnPropertyInLiteral`, `JSObject::MigrateToMap`).
 *
 * Measured on Node 20 on this project's 2-core VM:
 * - bursts of 200 `nextTick` calls, one burst a turn of the event loop: 57-81 ns a call, 247-249 ns
 *   after six full GCs at quiet moments, 55 ns with one TickObject kept (2 runs each);
 * - `mockyard serve` under wrk on /health after ten forced full GCs: 0.849 and 0.876 of the same
 *   server without them, 0.984 and 0.969 with one TickObject kept; a bare node:http server: 0.843,
 *   and 0.962 kept (medians of 16-20 interleaved 1 s rounds).
 * Full GCs come in real use from V8's memory reducer (about 100 s after the last one) and from an
 * old generation that fills up. A `pg` pool opening ten connections at once set the slow state off
 * as well: 0.72-0.88 of the same server without the pool, 0.94 with one TickObject kept.
 *
 * The object is caught with an async hook that is on only for one `nextTick` call: the hook sees
 * the TickObject itself, and nothing stays enabled afterwards.
 */
let kept: object | undefined;

/** The TickObject kept, if one is. */
export const keptTickObject = (): object | undefined => kept;

/** Keeps a TickObject, once per process (none where a Node queues no TickObject). */
export function keepTickShape(): void {
  if (kept) return;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') kept ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
}
