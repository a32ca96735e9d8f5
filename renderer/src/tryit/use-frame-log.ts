import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FrameBuffer } from './frame-buffer';

export type SessionState = 'idle' | 'connecting' | 'open' | 'closed';

/**
 * What a realtime Try it session (WebSocket, SSE) keeps: its frames in a FrameBuffer, timed from
 * `begin`, and its state. `info` notes what happened (connected, closed…) and shows it at once.
 */
export function useFrameLog() {
  const buffer = useMemo(() => new FrameBuffer(), []);
  const frames = useSyncExternalStore(buffer.subscribe, buffer.getSnapshot);
  const started = useRef(0);
  const [state, setState] = useState<SessionState>('idle');
  const since = () => Math.round(performance.now() - started.current);
  return {
    buffer,
    frames,
    state,
    setState,
    since,
    /** A new session: the frames of the last one go, the clock starts. */
    begin() {
      buffer.clear();
      started.current = performance.now();
    },
    info(text: string, at = since()) {
      buffer.push({ direction: 'info', at, text });
      buffer.flush();
    },
  };
}
