import type { LogEntry, StreamLog } from '../../../shared/src/log-entry';

/** What the Method column says: WS or SSE for a connection, else the method. */
export const methodLabel = (e: LogEntry): string =>
  e.stream ? (e.stream.protocol === 'websocket' ? 'WS' : 'SSE') : e.method;

/** A connection's state in a few words: open, or how it ended (the WebSocket close code). */
export function streamState(s: StreamLog): { text: string; title: string } {
  const frames = `${s.framesIn} in, ${s.framesOut} out`;
  if (s.open) return { text: 'open', title: `Open: ${frames}` };
  if (s.protocol === 'sse') return { text: 'ended', title: `Stream ended: ${frames}` };
  const code = s.closeCode ?? 1005;
  return {
    text: String(code),
    title: `Closed with code ${code}${s.closeReason ? ` (${s.closeReason})` : ''}: ${frames}`,
  };
}

const kb = (n: number): string => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/** The counts of a connection, for its detail: frames and bytes each way. */
export const streamCounts = (s: StreamLog): string =>
  `${s.framesIn} in (${kb(s.bytesIn)}) · ${s.framesOut} out (${kb(s.bytesOut)})`;
