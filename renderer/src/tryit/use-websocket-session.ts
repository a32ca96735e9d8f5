import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FrameBuffer, type FrameSnapshot } from './frame-buffer';

export type SessionState = 'idle' | 'connecting' | 'open' | 'closed';

export interface Closed {
  code: number;
  reason: string;
  /** Closed by a close handshake (not a dropped connection). */
  clean: boolean;
}

export interface WebSocketSession {
  state: SessionState;
  frames: FrameSnapshot;
  closed: Closed | undefined;
  connect(url: string): void;
  send(text: string): void;
  disconnect(): void;
}

/** A binary frame's size: what Try it shows of it. */
const describe = (data: unknown): string =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? `(binary, ${data.byteLength} bytes)`
      : data instanceof Blob
        ? `(binary, ${data.size} bytes)`
        : String(data);

/**
 * One WebSocket of Try it: the browser's own WebSocket against the mock's URL, every frame in and
 * out kept (timed from the connect) in a FrameBuffer, and the close code and reason when it ends.
 * The socket closes with the panel.
 */
export function useWebSocketSession(): WebSocketSession {
  const buffer = useMemo(() => new FrameBuffer(), []);
  const frames = useSyncExternalStore(buffer.subscribe, buffer.getSnapshot);
  const socket = useRef<WebSocket | undefined>(undefined);
  const started = useRef(0);
  const [state, setState] = useState<SessionState>('idle');
  const [closed, setClosed] = useState<Closed | undefined>(undefined);
  const since = () => Math.round(performance.now() - started.current);

  useEffect(
    () => () => {
      socket.current?.close(1000, 'Try it closed');
      buffer.dispose();
    },
    [buffer],
  );

  const connect = (url: string) => {
    socket.current?.close(1000, 'Reconnecting');
    buffer.clear();
    setClosed(undefined);
    started.current = performance.now();
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (err) {
      buffer.push({ direction: 'info', at: 0, text: `Could not connect: ${(err as Error).message}` });
      buffer.flush();
      setState('closed');
      return;
    }
    ws.binaryType = 'arraybuffer';
    socket.current = ws;
    let opened = false;
    setState('connecting');
    buffer.push({ direction: 'info', at: 0, text: `Connecting to ${url}` });
    buffer.flush();
    ws.onopen = () => {
      if (socket.current !== ws) return;
      opened = true;
      setState('open');
      buffer.push({ direction: 'info', at: since(), text: 'Connected' });
      buffer.flush();
    };
    ws.onmessage = (e: MessageEvent) => {
      if (socket.current === ws) buffer.push({ direction: 'in', at: since(), text: describe(e.data) });
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket.current !== ws) return;
      buffer.push({
        direction: 'info',
        at: since(),
        text:
          e.code === 1006
            ? 'The connection failed or dropped (code 1006): the server refused the upgrade (not a WebSocket endpoint?) or went away.'
            : `Closed with code ${e.code}${e.reason ? `: ${e.reason}` : ''}`,
      });
      buffer.flush();
      setClosed({ code: e.code, reason: e.reason, clean: e.wasClean && opened });
      setState('closed');
    };
  };

  const send = (text: string) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(text);
    buffer.push({ direction: 'out', at: since(), text });
    buffer.flush();
  };

  const disconnect = () => socket.current?.close(1000, 'Closed in Try it');

  return { state, frames, closed, connect, send, disconnect };
}
