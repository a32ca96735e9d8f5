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
}
