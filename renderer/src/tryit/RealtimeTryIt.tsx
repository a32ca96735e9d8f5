import { Plug, PlugZap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ServerStatus } from '../../../shared/src/studio-contract';
import { FrameList } from './FrameList';
import { realtimeUrl, unfilledParams } from './realtime-url';
import { MessageComposer } from './MessageComposer';
import { TryItFrame } from './TryItFrame';
import { sseEventNames } from './sse-names';
import { useEventStream } from './use-event-stream';
import type { SessionState } from './use-frame-log';
import { type Closed, useWebSocketSession } from './use-websocket-session';
import './tryit.css';
import './realtime.css';

interface Props {
  protocol: 'websocket' | 'sse';
  /** What the path box starts with: the endpoint's path as declared (`/ws/chat/:room`), or a logged one. */
  path: string;
  /** The endpoint's path as declared, to find its SSE event names in the config. */
  declaredPath: string;
  status: ServerStatus | undefined;
  configText: string;
  onStart(): void;
  onClose(): void;
}

const TITLE = { websocket: 'WebSocket', sse: 'Server-Sent Events' } as const;

/** Where the session stands, in words (read out as it changes); a WebSocket's close code when it ended. */
function sessionLine(protocol: Props['protocol'], state: SessionState, closed: Closed | undefined): string {
  if (state === 'idle')
    return `Connect to open ${protocol === 'websocket' ? 'a WebSocket' : 'the event stream'} from this window; it shows in the Log too.`;
  if (state === 'connecting') return 'Connecting…';
  if (state === 'open') return 'Connected';
  return protocol === 'websocket' && closed
    ? `Closed · code ${closed.code}${closed.reason ? ` · ${closed.reason}` : ''}`
    : 'Closed';
}

/**
 * Try it for a WebSocket or SSE endpoint: the browser's own WebSocket or EventSource opened on the
 * mock's URL (as a client of the mock would), frames sent from a box, and everything that comes back
 * as it arrives, timed; the close code when the connection ends.
 */
export function RealtimeTryIt({ protocol, path, declaredPath, status, configText, onStart, onClose }: Props) {
  const ws = useWebSocketSession();
  const sse = useEventStream();
  const session = protocol === 'websocket' ? ws : sse;
  const [target, setTarget] = useState(path);
  const [message, setMessage] = useState('{ "type": "ping" }');
  const [reconnect, setReconnect] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const panel = useRef<HTMLElement>(null);
  const running = status?.state === 'running' && status.url !== undefined;
  const live = session.state === 'open' || session.state === 'connecting';

  useEffect(() => {
    const root = panel.current;
    const field = root?.querySelector<HTMLInputElement>('[data-testid="tryit-path"]');
    if (unfilledParams(path).length) {
      field?.focus();
      const at = path.indexOf(':');
      field?.setSelectionRange(at, path.indexOf('/', at) < 0 ? path.length : path.indexOf('/', at));
    } else root?.querySelector<HTMLButtonElement>('[data-testid="tryit-connect"]')?.focus();
  }, [path]);

  const connect = () => {
    const missing = unfilledParams(target);
    if (missing.length)
      return setError(`Fill in ${missing.map((p) => `:${p}`).join(', ')} in the path (e.g. /ws/chat/lobby).`);
    if (!status?.url) return;
    setError(undefined);
    const url = realtimeUrl(status.url, target, protocol);
    if (protocol === 'websocket') ws.connect(url);
    else sse.connect(url, sseEventNames(configText, declaredPath), reconnect);
  };
  const send = () => {
    if (ws.state === 'open' && message !== '') ws.send(message);
  };

  return (
    <TryItFrame
      label="Try it"
      testId="tryit"
      meta={TITLE[protocol]}
      panelRef={panel}
      onClose={onClose}
      onSubmit={() => (live ? session.disconnect() : connect())}
      status={status}
      stopped={{ action: 'connect', onStart }}
      error={error}
      onDismissError={() => setError(undefined)}
      line={
        <>
          <span className="tryit-scheme" aria-hidden="true">
            {protocol === 'websocket' ? 'WS' : 'SSE'}
          </span>
          <input
            className="tryit-path"
            value={target}
            spellCheck={false}
            onChange={(e) => setTarget(e.target.value)}
            aria-label="Path and query"
            data-testid="tryit-path"
          />
          <button
            type="submit"
            className={live ? 'btn' : 'btn primary'}
            disabled={!running && !live}
            data-testid="tryit-connect"
          >
            {live ? <Plug size={14} aria-hidden="true" /> : <PlugZap size={14} aria-hidden="true" />}
            {live ? 'Disconnect' : 'Connect'}
          </button>
        </>
      }
    >
      <p className="tryit-session" role="status" data-testid="tryit-session">
        {sessionLine(protocol, session.state, ws.closed)}
      </p>
      {protocol === 'websocket' ? (
        <MessageComposer message={message} onChange={setMessage} open={ws.state === 'open'} onSend={send} />
      ) : (
        <label className="tryit-check">
          <input type="checkbox" checked={reconnect} onChange={(e) => setReconnect(e.target.checked)} />
          Reconnect when the stream ends (the browser sends Last-Event-ID)
        </label>
      )}
      <FrameList snapshot={session.frames} noun={protocol === 'websocket' ? 'Frames' : 'Events'} />
    </TryItFrame>
  );
}
