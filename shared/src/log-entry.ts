/** One request as the request log keeps it. Bodies are text, truncated to the log's body limit. */
export interface LogEntry {
  id: number;
  /** Milliseconds since the epoch when the request arrived. */
  time: number;
  method: string;
  path: string;
  query: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: string;
  /** `GET /users/:id`, or null when no endpoint matched. */
  endpoint: string | null;
  params: Record<string, string>;
  status: number;
  responseHeaders: Record<string, string | number | string[]>;
  responseBody: string;
  /** Milliseconds from arrival to the last byte handed to the socket. */
  duration: number;
  notes: string[];
  /** Set on a callback the mock sent (a webhook): its URL, and why it failed when it did. */
  outgoing?: { url: string; error?: string };
  /** Set on a WebSocket connection (`method` GET, `status` 101) or an SSE stream (status 200): its frames, live. */
  stream?: StreamLog;
}

/**
 * A WebSocket connection or an SSE stream as the log shows it: one entry (`LogEntry.stream`) that
 * stays open while the connection does. Its frames are the latest `MAX_STREAM_FRAMES`, each text cut
 * at `MAX_STREAM_FRAME_TEXT` characters; the counts cover every frame. The engine tells changes to
 * an open entry by `streamUpdated` at most every `STREAM_UPDATE_MS` per connection (and at once when
 * it closes), so a flood of frames never floods the studio.
 */
export interface StreamLog {
  protocol: 'websocket' | 'sse';
  /** Still connected. */
  open: boolean;
  framesIn: number;
  framesOut: number;
  bytesIn: number;
  bytesOut: number;
  /** The latest frames, oldest first. */
  frames: StreamFrame[];
  /** Frames counted but no longer kept in `frames`. */
  framesDropped: number;
  /** Set once closed: the WebSocket close code (1000 normal, 1001 going away, 1006 broken…); 0 for an SSE stream. */
  closeCode?: number;
  closeReason?: string;
  /** Set once closed: milliseconds it was open. */
  closedAfter?: number;
}

export interface StreamFrame {
  /** Milliseconds since the connection opened (the entry's `time`). */
  at: number;
  direction: 'in' | 'out';
  /** The frame's text (an SSE event as sent, `event:`/`id:`/`data:` lines), cut at MAX_STREAM_FRAME_TEXT. */
  text: string;
  /** Its size in bytes. */
  bytes: number;
  /** A binary WebSocket frame (shown as its size; `text` is empty). */
  binary?: boolean;
}

export const MAX_STREAM_FRAMES = 50;
export const MAX_STREAM_FRAME_TEXT = 512;
export const STREAM_UPDATE_MS = 200;
