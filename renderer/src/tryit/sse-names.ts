import { readAsWritten } from '../../../shared/src/config-edit/as-written';

/** What a feed stream sends, besides the events a list names. */
export const FEED_EVENTS = ['created', 'updated', 'deleted', 'reset'];

/**
 * The event names Try it listens for on an SSE endpoint (EventSource delivers a named event only to a
 * listener for that name): the ones its `events:` list names, and a feed's. Read from the config text
 * as written, so a name just typed in the editor is heard too.
 */
export function sseEventNames(configText: string, path: string): string[] {
  const read = readAsWritten(configText);
  const names = new Set(FEED_EVENTS);
  if (!read.ok) return [...names];
  for (const entry of read.endpoints) {
    const sse = entry.value.sse as { events?: unknown } | undefined;
    if (entry.value.path !== path || !sse || !Array.isArray(sse.events)) continue;
    for (const e of sse.events as { event?: unknown }[]) if (typeof e?.event === 'string') names.add(e.event);
  }
  return [...names];
}
