import { useEffect, useRef, useState } from 'react';
import type { FrameSnapshot } from './frame-buffer';
import { type SessionState, useFrameLog } from './use-frame-log';

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
  const log = useFrameLog();
  const { buffer, since, setState } = log;
  const socket = useRef<WebSocket | undefined>(undefined);
  const [closed, setClosed] = useState<Closed | undefined>(undefined);

  useEffect(
    () => () => {
      socket.current?.close(1000, 'Try it closed');
      buffer.dispose();
    },
    [buffer],
  );

  const connect = (url: string) => {
    socket.current?.close(1000, 'Reconnecting');
    log.begin();
    setClosed(undefined);
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (err) {
      log.info(`Could not connect: ${(err as Error).message}`, 0);
      setState('closed');
      return;
    }
    ws.binaryType = 'arraybuffer';
    socket.current = ws;
    let opened = false;
    setState('connecting');
    log.info(`Connecting to ${url}`, 0);
    ws.onopen = () => {
      if (socket.current !== ws) return;
      opened = true;
      setState('open');
      log.info('Connected');
    };
    ws.onmessage = (e: MessageEvent) => {
      if (socket.current === ws) buffer.push({ direction: 'in', at: since(), text: describe(e.data) });
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket.current !== ws) return;
      log.info(
        e.code === 1006
          ? 'The connection failed or dropped (code 1006): the server refused the upgrade (not a WebSocket endpoint?) or went away.'
          : `Closed with code ${e.code}${e.reason ? `: ${e.reason}` : ''}`,
      );
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

  return { state: log.state, frames: log.frames, closed, connect, send, disconnect };
}
