import type { ServerResponse } from 'node:http';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** An answer to send: the body text (undefined for none), its status and extra headers. */
export interface Reply {
  status: number;
  json: string | undefined;
  headers?: Record<string, string>;
  /** The body's type when it is not JSON to negotiate (a text template's `contentType`); sent as is. */
  contentType?: string;
}

/** A JSON answer; `value` is serialised once, here. */
export const jsonReply = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({
  status,
  json: JSON.stringify(value),
  headers,
});

/** The `{ "error": message }` answer that every HTTP surface of Mockyard gives for a failure. */
export const errorReply = (status: number, message: string, headers?: Record<string, string>): Reply =>
  jsonReply(status, { error: message }, headers);

/** Writes a reply with its JSON type and length; `extra` headers (security, caching) go first. */
export function sendReply(res: ServerResponse, reply: Reply, extra?: Record<string, string>): void {
  const headers: Record<string, string | number> = { ...extra, ...reply.headers };
  if (reply.json !== undefined) {
    headers['Content-Type'] = JSON_CONTENT_TYPE;
    headers['Content-Length'] = Buffer.byteLength(reply.json);
  }
  res.writeHead(reply.status, headers);
  res.end(reply.json);
}

/** The same error as a complete HTTP/1.1 response that closes the connection, for a socket with no request. */
export function rawErrorResponse(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ error: message });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
