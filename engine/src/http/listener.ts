import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Address {
  host: string;
  port: number;
  url: string;
}

const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host);

function listen(server: Server, port: number, host: string): Promise<Address> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const info = server.address() as AddressInfo;
      resolve({ host, port: info.port, url: `http://${urlHost(host)}:${info.port}` });
    });
  });
}

/** Closes a server: no new connections, idle keep-alive sockets closed, in-flight requests finish. */
function retire(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    // A socket becomes idle when its in-flight request finishes; close it then, not after keep-alive times out.
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    sweep.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * The HTTP listener. Rebinding to a new port opens the new socket first and only then retires
 * the old one, whose in-flight requests still finish.
 */
export class Listener {
  private server: Server | undefined;
  address: Address | undefined;

  constructor(private readonly handler: (req: IncomingMessage, res: ServerResponse) => void) {}

  private create(): Server {
    const server = createServer({ keepAliveTimeout: 5000, headersTimeout: 20_000, requestTimeout: 60_000 }, this.handler);
    // Idle keep-alive sockets of a retired server must not hold the process open.
    server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
      if (socket.writable && err.code !== 'ECONNRESET') {
        const body = JSON.stringify({ error: 'Bad request' });
        socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
      } else socket.destroy();
    });
    return server;
  }

  get listening(): boolean {
    return this.server !== undefined;
  }

  async listen(port: number, host: string): Promise<Address> {
    const server = this.create();
    const address = await listen(server, port, host);
    const old = this.server;
    this.server = server;
    this.address = address;
    if (old) void retire(old, 10_000);
    return address;
  }

  async close(graceMs = 2000): Promise<void> {
    const old = this.server;
    this.server = undefined;
    this.address = undefined;
    if (old) await retire(old, graceMs);
  }
}
