import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FrameBuffer, type FrameSnapshot } from './frame-buffer';
import type { SessionState } from './use-websocket-session';

export interface EventStreamSession {
  state: SessionState;
  frames: FrameSnapshot;
  /** Opens the stream; `names` are the event names to show besides unnamed `message` events. */
  connect(url: string, names: readonly string[], reconnect: boolean): void;
  disconnect(): void;
}

/**
 * One Server-Sent Events stream of Try it: the browser's own EventSource against the mock's URL,
 * each event (name, id, data) kept as it arrives. EventSource reconnects by itself when a stream
 * ends (sending Last-Event-ID); unless asked to (`reconnect`), Try it stops there and says the
 * stream ended, so a finite list of events is not replayed for ever.
 */
export function useEventStream(): EventStreamSession {
  const buffer = useMemo(() => new FrameBuffer(), []);
  const frames = useSyncExternalStore(buffer.subscribe, buffer.getSnapshot);
  const source = useRef<EventSource | undefined>(undefined);
  const started = useRef(0);
  const [state, setState] = useState<SessionState>('idle');
  const since = () => Math.round(performance.now() - started.current);

  useEffect(
    () => () => {
      source.current?.close();
      buffer.dispose();
    },
    [buffer],
  );

  const stop = (es: EventSource, text: string) => {
    es.close();
    buffer.push({ direction: 'info', at: since(), text });
    buffer.flush();
    setState('closed');
  };

  const connect = (url: string, names: readonly string[], reconnect: boolean) => {
    source.current?.close();
    buffer.clear();
    started.current = performance.now();
    const es = new EventSource(url);
    source.current = es;
    let opened = false;
    setState('connecting');
    buffer.push({ direction: 'info', at: 0, text: `Connecting to ${url}` });
    buffer.flush();
    const onEvent = (e: MessageEvent) => {
      if (source.current !== es) return;
      buffer.push({
        direction: 'in',
        at: since(),
        text: String(e.data),
        event: e.type,
        id: e.lastEventId || undefined,
      });
    };
    es.onmessage = onEvent;
    for (const name of new Set(names)) if (name !== 'message') es.addEventListener(name, onEvent);
    es.onopen = () => {
      if (source.current !== es) return;
      buffer.push({ direction: 'info', at: since(), text: opened ? 'Reconnected (with Last-Event-ID)' : 'Connected' });
      buffer.flush();
      opened = true;
      setState('open');
    };
    es.onerror = () => {
      if (source.current !== es) return;
      if (!opened)
        return stop(
          es,
          'Could not open the stream: the mock answered with an error (not an SSE endpoint?) or is not reachable.',
        );
      if (es.readyState === EventSource.CONNECTING && reconnect) {
        buffer.push({ direction: 'info', at: since(), text: 'The stream ended; the browser reconnects…' });
        buffer.flush();
        setState('connecting');
        return;
      }
      stop(es, 'The stream ended.');
    };
  };

  const disconnect = () => {
    const es = source.current;
    if (es) stop(es, 'Closed in Try it.');
  };

  return { state, frames, connect, disconnect };
}
