import { useEffect, useRef } from 'react';
import type { FrameSnapshot } from './frame-buffer';
import { type SessionState, useFrameLog } from './use-frame-log';

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
  const log = useFrameLog();
  const { buffer, since, setState } = log;
  const source = useRef<EventSource | undefined>(undefined);

  useEffect(
    () => () => {
      source.current?.close();
      buffer.dispose();
    },
    [buffer],
  );

  const stop = (es: EventSource, text: string) => {
    es.close();
    log.info(text);
    setState('closed');
  };

  const connect = (url: string, names: readonly string[], reconnect: boolean) => {
    source.current?.close();
    log.begin();
    const es = new EventSource(url);
    source.current = es;
    let opened = false;
    setState('connecting');
    log.info(`Connecting to ${url}`, 0);
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
      log.info(opened ? 'Reconnected (with Last-Event-ID)' : 'Connected');
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
        log.info('The stream ended; the browser reconnects…');
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

  return { state: log.state, frames: log.frames, connect, disconnect };
}
