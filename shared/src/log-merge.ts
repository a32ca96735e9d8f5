import type { LogEntry } from './log-entry.js';

/**
 * A batch from the engine laid over the list (newest first, at most `limit`): an entry already there
 * (a WebSocket connection or SSE stream, sent again as its frames come and when it closes) is
 * replaced where it stands; the others are new and go on top, newest first.
 */
export function mergeEntries(entries: readonly LogEntry[], batch: readonly LogEntry[], limit: number): LogEntry[] {
  if (batch.length === 0) return entries as LogEntry[];
  const updates = new Map<number, LogEntry>();
  for (const e of batch) updates.set(e.id, e);
  let replaced = 0;
  const kept = entries.map((e) => {
    const next = updates.get(e.id);
    if (!next) return e;
    updates.delete(e.id);
    replaced += 1;
    return next;
  });
  if (updates.size === 0 && replaced > 0) return kept;
  const fresh = [...updates.values()].reverse();
  return [...fresh, ...kept].slice(0, limit);
}
