import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { HttpEndpointEditor } from './HttpEndpointEditor';
import { realtimeKind } from './realtime/defaults';
import { SseEditor } from './realtime/SseEditor';
import { WebSocketEditor } from './realtime/WebSocketEditor';
import { ResourceEditor } from './ResourceEditor';

/** One entry of `endpoints:`: a `resource:` (with Expand) or an endpoint, each control writing its own key. */
export function EndpointEditor({ entry, onGone }: { entry: WrittenEndpoint; onGone(): void }) {
  const realtime = realtimeKind(entry.value);
  if (realtime === 'websocket') return <WebSocketEditor entry={entry} onGone={onGone} />;
  if (realtime === 'sse') return <SseEditor entry={entry} onGone={onGone} />;
  if (entry.kind === 'resource') return <ResourceEditor entry={entry} onGone={onGone} />;
  return <HttpEndpointEditor entry={entry} onGone={onGone} />;
}
