import { createServer, type IncomingMessage, type Server, ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorReply, rawErrorResponse, sendReply } from './reply.js';
import { keepTickShape } from './tick-shape.js';

/** Answers given before a request is handled close their connection. */
const CLOSE = { Connection: 'close' };

export interface Address {
  host: string;
  port: number;
  url: string;
}

/** Connection limits; the defaults suit a local mock. Tests lower them to watch a slow client being cut off. */
export interface ListenerOptions {
  /** Idle time before a keep-alive connection is closed. */
  keepAliveTimeout?: number;
  /** Time a client has to send a request's headers (slow-loris guard). */
  headersTimeout?: number;
  /** Time a client has to send a whole request, body included. */
  requestTimeout?: number;
  /** How often connections are checked against the two timeouts above. */
  connectionsCheckingInterval?: number;
}

export const LISTENER_DEFAULTS: Required<ListenerOptions> = {
  keepAliveTimeout: 5000,
  headersTimeout: 20_000,
  requestTimeout: 60_000,
  // Node's default (30 s) would let a slow client hold its socket up to 30 s past the timeouts.
  connectionsCheckingInterval: 5000,
};

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

/** What a parse or timeout failure of the connection means for the client. */
function clientErrorStatus(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, 'Request Timeout', 'Request timeout: the request was not sent in time.'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', 'Request headers are too large.'];
  return [400, 'Bad Request', 'Bad request'];
}

/** A server, and whether it is being retired (its responses then close their connections). */
interface Serving {
  server: Server;
  address: Address;
  retired: boolean;
}

/**
 * The responses of one server: a response whose head is written once the server is retired says
 * `Connection: close`, so that no client sends another request on a socket about to close. Every
 * head goes through writeHead (Node's implicit head calls it too), so nothing is done per request
 * (no list of in-flight responses, no 'close' listener on each).
 */
function responseClass(serving: Serving): typeof ServerResponse {
  const writeHead = ServerResponse.prototype.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  class RetirableResponse extends ServerResponse {}
  RetirableResponse.prototype.writeHead = function (
    this: ServerResponse,
    status: unknown,
    reason: unknown,
    headers: unknown,
  ) {
    if (serving.retired) this.shouldKeepAlive = false;
    return writeHead.call(this, status, reason, headers);
  } as ServerResponse['writeHead'];
  return RetirableResponse as unknown as typeof ServerResponse;
}

interface RetireTimes {
  /** Connections still open after this are cut. */
  graceMs: number;
  /** The old address keeps accepting connections this long. */
  listenGraceMs: number;
  /** Idle keep-alive connections are closed after this. */
  idleGraceMs: number;
  /**
   * Answers say `Connection: close` only once the listening socket is closed (a drain): a client
   * (a proxy) told to close a connection opens a new one, and one the kernel completes just before
   * the listening socket closes is reset, with the request the proxy has already sent on it.
   */
  closeAfterListening?: boolean;
}

/** A server being retired. */
interface Retiring {
  serving: Serving;
  /** Resolves once its last connection has ended. */
  done: Promise<void>;
  /** Ends the graces now; connections still open after `graceMs` are cut. */
  hurry(graceMs: number): void;
  /** Makes it serve as before, if it still listens (a port changed back at once); false if it cannot. */
  revive(): boolean;
}

/**
 * Retires a server so that no request that reached it fails: requests in flight finish and answer
 * with `Connection: close`, so that no client sends another request on a socket about to close.
 *
 * On a port change clients keep using the old address for a moment: one that read it just before
 * the switch connects, or sends on a keep-alive socket, an instant later. Closing the listening
 * socket at once would reset connections the kernel had accepted but Node had not yet picked up,
 * and closing idle sockets at once would reset requests already on their way: failed POSTs that a
 * client cannot safely retry. So the old address keeps accepting for `listenGraceMs`, and idle
 * sockets end by the keep-alive timeout, which clients (undici, browsers) anticipate from
 * `Keep-Alive: timeout=5` by closing them first; `idleGraceMs` is the backstop.
 */
function retire(serving: Serving, { graceMs, listenGraceMs, idleGraceMs, closeAfterListening }: RetireTimes): Retiring {
  const { server } = serving;
  if (!closeAfterListening) serving.retired = true;
  const timers: NodeJS.Timeout[] = [];
  let revived = false;
  /**
   * Runs `run` once a whole poll phase has passed, so that every connection the kernel has
   * completed is accepted, and every request a client has already sent is read, first. Timers run
   * before the poll phase: a timer that closed the listening socket, or the idle connections, as
   * soon as it fired would, after the event loop had been busy past the grace, reset connections
   * that reached the server in time, and requests sent on sockets that were idle a moment before.
   */
  const afterPoll = (run: () => void): void => {
    setImmediate(() => setImmediate(() => revived || run()).unref()).unref();
  };
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => afterPoll(run), ms);
    timer.unref();
    timers.push(timer);
  };
  let listening = true;
  // net's close, not http's (which would also close the idle connections): no new connections.
  const stopListening = (): void => {
    if (!listening) return;
    listening = false;
    NetServer.prototype.close.call(server);
    serving.retired = true;
  };
  let sweeping = false;
  const closeIdle = (): void => {
    stopListening();
    if (sweeping) return;
    sweeping = true;
    // http's close() closes the idle connections and stops the timeout checks.
    server.close();
    // A socket becomes idle when its in-flight request finishes; close it then, not after keep-alive times out.
    const sweep = setInterval(() => afterPoll(() => server.closeIdleConnections()), 25);
    sweep.unref();
    timers.push(sweep);
  };
  const cutAll = (): void => {
    closeIdle();
    server.closeAllConnections();
  };
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  // 'close' comes once the listening socket is closed and the last connection has ended.
  const onClose = (): void => {
    for (const timer of timers) clearTimeout(timer);
    if (!sweeping) server.close(); // stops the timeout checks
    resolveDone();
  };
  server.once('close', onClose);
  if (listenGraceMs > 0) later(listenGraceMs, stopListening);
  else afterPoll(stopListening);
  if (idleGraceMs > 0) later(idleGraceMs, closeIdle);
  else afterPoll(closeIdle);
  later(graceMs, cutAll);
  return {
    serving,
    done,
    hurry: (ms) => {
      afterPoll(closeIdle);
      later(ms, cutAll);
    },
    revive: () => {
      if (!listening) return false;
      revived = true;
      for (const timer of timers) clearTimeout(timer);
      server.off('close', onClose);
      serving.retired = false;
      return true;
    },
  };
}

/**
 * The HTTP listener. Rebinding to a new port opens the new socket first and only then retires
 * the old one, whose in-flight requests still finish.
 */
export class Listener {
  private serving: Serving | undefined;
  /** Servers of earlier ports whose connections are still open. */
  private readonly retiring = new Set<Retiring>();
  private readonly options: Required<ListenerOptions>;
  address: Address | undefined;

  constructor(
    private readonly handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: ListenerOptions = {},
    /** HTTP upgrades (WebSocket); without it they are answered 404. */
    private readonly upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
  ) {
    this.options = { ...LISTENER_DEFAULTS, ...options };
    // Node's HTTP server queues a TickObject about eight times a request: keep their shape (tick-shape.ts).
    keepTickShape();
  }

  private create(): Serving {
    const { keepAliveTimeout, headersTimeout, requestTimeout, connectionsCheckingInterval } = this.options;
    const serving: Serving = {
      server: undefined as unknown as Server,
      address: { host: '', port: 0, url: '' },
      retired: false,
    };
    const server = createServer(
      {
        keepAliveTimeout,
        headersTimeout,
        requestTimeout,
        connectionsCheckingInterval,
        // Node's own Host check answers 400 with no body; the handler below answers it in JSON.
        requireHostHeader: false,
        ServerResponse: responseClass(serving),
      },
      (req, res) => {
        if (req.httpVersion === '1.1' && req.headers.host === undefined) {
          sendReply(res, errorReply(400, 'Bad request: HTTP/1.1 requests need a Host header.'), CLOSE);
          return;
        }
        this.handler(req, res);
      },
    );
    serving.server = server;
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
      // As Node's default handler: once a response has started on the socket, appending another would corrupt it.
      const started =
        (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent === true;
      if (socket.writable && !started && err.code !== 'ECONNRESET') {
        const [status, reason, message] = clientErrorStatus(err.code);
        socket.end(rawErrorResponse(status, reason, message));
      } else socket.destroy();
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.upgrade) this.upgrade(req, socket, head);
      else {
        socket.on('error', () => socket.destroy());
        socket.end(rawErrorResponse(404, 'Not Found', 'Not found'));
      }
    });
    // CONNECT (proxy tunnels) never reaches the request handler; without this the socket would just be dropped.
    server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
      socket.on('error', () => socket.destroy());
      socket.end(rawErrorResponse(405, 'Method Not Allowed', 'Method CONNECT is not allowed: this is not a proxy.'));
    });
    // Node answers an Expect other than 100-continue with an empty 417; say why in JSON.
    server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
      const message = `Expectation failed: only 'Expect: 100-continue' is supported, not '${String(req.headers.expect)}'.`;
      sendReply(res, errorReply(417, message), CLOSE);
    });
    return serving;
  }

  get listening(): boolean {
    return this.serving !== undefined;
  }

  async listen(port: number, host: string): Promise<Address> {
    // Back to a port whose server is still in its grace: that server serves again, with nothing to rebind.
    for (const retiring of this.retiring) {
      const { address } = retiring.serving;
      if (port !== 0 && address.port === port && address.host === host && retiring.revive()) {
        this.retiring.delete(retiring);
        this.replace(retiring.serving);
        return address;
      }
    }
    const serving = this.create();
    serving.address = await listen(serving.server, port, host);
    this.replace(serving);
    return serving.address;
  }

  private replace(serving: Serving): void {
    const old = this.serving;
    this.serving = serving;
    this.address = serving.address;
    if (!old) return;
    const retiring = retire(old, {
      graceMs: 10_000,
      listenGraceMs: 500,
      idleGraceMs: this.options.keepAliveTimeout + 1000,
    });
    this.retiring.add(retiring);
    void retiring.done.then(() => this.retiring.delete(retiring));
  }

  /**
   * Stops listening at once; requests in flight finish. By default idle keep-alive connections are
   * closed at once too (Ctrl+C, the studio's stop). `drain` (a SIGTERM from a service manager, with a
   * proxy in front) leaves them open until their client closes them or they time out as idle, and
   * answers a request that still comes on one with `Connection: close`: closing a proxy's idle
   * connection at once races the request the proxy may be sending on it, which the proxy cannot
   * replay elsewhere if it is a POST (nginx answers 502). A proxy whose reuse window is shorter than
   * `keepAliveTimeout` (nginx's upstream `keepalive_timeout`) closes them first; after
   * `keepAliveTimeout` + 1 s the rest are closed, and after `graceMs` every connection is cut.
   */
  async close(graceMs = 2000, { drain = false }: { drain?: boolean } = {}): Promise<void> {
    const old = this.serving;
    this.serving = undefined;
    this.address = undefined;
    const idleGraceMs = drain ? this.options.keepAliveTimeout + 1000 : 0;
    const cutMs = Math.max(graceMs, idleGraceMs + 1000);
    const pending = [...this.retiring].map((r) => {
      r.hurry(cutMs);
      return r.done;
    });
    if (old)
      pending.push(retire(old, { graceMs: cutMs, listenGraceMs: 0, idleGraceMs, closeAfterListening: drain }).done);
    await Promise.all(pending);
  }
}
