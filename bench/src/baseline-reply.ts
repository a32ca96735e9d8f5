/** What both baseline servers answer with: a JSON body with its length, and the fixed bodies they share. */
import type { ServerResponse } from 'node:http';

export const health = JSON.stringify({ status: 'ok' });
export const notFound = JSON.stringify({ error: 'Not found' });

export function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
