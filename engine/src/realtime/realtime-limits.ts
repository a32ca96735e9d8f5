/** The bounds of the realtime endpoints (README: WebSocket and SSE endpoints). */
export interface RealtimeLimits {
  /** Open WebSocket connections and SSE streams together; one more is answered 503. Default 20,000. */
  maxConnections: number;
  /** Bytes a client may leave unread (queued on its socket) before it is dropped. Default 1 MiB. */
  sendBuffer: number;
  /** Milliseconds between WebSocket pings; a client that did not answer the last one is dropped. Default 30,000. */
  keepAlive: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxConnections: 20_000,
  sendBuffer: 1024 * 1024,
  keepAlive: 30_000,
};
