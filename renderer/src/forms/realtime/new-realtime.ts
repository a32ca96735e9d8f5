import { NEW_SSE_SCRIPT, NEW_WEBSOCKET_SCRIPT, type RealtimeKind } from './defaults';

/** The entry the New endpoint form writes for a WebSocket or SSE endpoint: a script to start from, or a feed. */
export function newRealtimeEntry(
  kind: RealtimeKind,
  path: string,
  sends: 'script' | 'feed',
  schema: string,
): Record<string, unknown> {
  const script = kind === 'websocket' ? NEW_WEBSOCKET_SCRIPT : NEW_SSE_SCRIPT;
  return { path, [kind]: sends === 'feed' ? { feed: schema } : script };
}
