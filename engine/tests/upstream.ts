import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real upstream on port 0 whose handler each test sets. */
export interface Upstream {
  url: string;
  server: Server;
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const upstream = {
    seen: [],
    handle: (_req: IncomingMessage, res: ServerResponse) => res.end('{}'),
  } as unknown as Upstream;
  const server = createServer((req, res) => {
    upstream.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    upstream.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.server = server;
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}
