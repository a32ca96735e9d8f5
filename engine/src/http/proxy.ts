import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request as httpRequest,
  type ServerResponse,
} from 'node:http';
import type { ServerModel } from '../model/service-model.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { foreignHost } from './guards.js';
import { Tap } from './body-tap.js';
import { endToEnd, type Headers, lowerCased } from './proxy-headers.js';
import { errorReply, JSON_CONTENT_TYPE, sendReply } from './reply.js';

/**
 * The proxy of `server.proxy` / --proxy: a request that matches no endpoint goes to the real API
 * (method, path, query, end-to-end headers, body) and its answer comes back, both bodies piped
 * through without being held in memory. Only a copy of the first bytes is kept, for the request log
 * and, when recording, the whole answer up to `captureLimit`.
 */

/** How long the proxy waits for the upstream when `server.proxyTimeout` is not set, in ms. */
export const DEFAULT_PROXY_TIMEOUT = 30_000;

export const PROXIED_HEADER = 'X-Mockyard-Proxied';

export interface ProxyOptions {
  /** The upstream base URL; its path (if any) prefixes the request's. */
  target: string;
  /** Ms the upstream may stay silent (before its answer, or within it) before the exchange gives up. */
  timeout: number;
  /** Bytes of the answer kept whole for the caller (recording); 0 keeps only the log's share. */
  captureLimit?: () => number;
}

/** What happened, for the request log (and the recorder). */
export interface ProxiedExchange {
  /** The status the client got: the upstream's, or 502/504 from the proxy; 0 when the answer broke off. */
  status: number;
  method: string;
  /** The request's path, without the query. */
  path: string;
  /** The URL the request went to. */
  url: string;
  requestHeaders: IncomingHttpHeaders;
  responseHeaders: Record<string, string | number | string[]>;
  /** The first bytes of each body, as text (the log keeps no more). */
  requestBody: string;
  responseBody: string;
  /** The whole answer body as received (still content-encoded), when it fit in `captureLimit` and arrived whole. */
  captured: Buffer | undefined;
  notes: string[];
}

let httpsModule: typeof import('node:https') | undefined;

/**
 * The upstream URL of a request: the target's origin, always, and its path (without a trailing
 * slash) followed by the request's path, dot segments resolved (`/../`, `/%2e%2e/`) before the
 * prefix is added, so no request leaves the prefix, and the query. Undefined for a target that could
 * name another host: not origin-form (`http://other/…`, `*`), or a path starting `//` or holding a
 * backslash, which URL parsers read as a new host.
 */
export function upstreamUrl(target: string, pathAndQuery: string): URL | undefined {
  if (!pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//') || pathAndQuery.includes('\\')) return undefined;
  const base = new URL(target);
  const prefix = base.pathname.replace(/\/+$/, '');
  // Parsed on a placeholder origin: only its path and query are taken.
  const request = new URL(`http://mockyard.invalid${pathAndQuery}`);
  if (request.host !== 'mockyard.invalid') return undefined;
  const url = new URL(base.origin);
  url.pathname = `${prefix}${request.pathname}`;
  url.search = request.search;
  if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return undefined;
  return url;
}

/** A 400 for a request target the proxy will not forward (see upstreamUrl), a 403 for a foreign Host; the exchange for the log. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  extraHeaders: Headers,
  status: 400 | 403,
  message: string,
): Promise<ProxiedExchange> {
  const reply = errorReply(status, message);
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  sendReply(res, reply);
  req.resume();
  return Promise.resolve({
    status,
    method: req.method ?? 'GET',
    path: (req.url ?? '/').split('?')[0] as string,
    url: '',
    requestHeaders: req.headers,
    responseHeaders: { ...extraHeaders, 'Content-Type': JSON_CONTENT_TYPE },
    requestBody: '',
    responseBody: reply.json ?? '',
    captured: undefined,
    notes: [message],
  });
}

/**
 * Forwards one request to the upstream and pipes its answer to `res` with X-Mockyard-Proxied: true.
 * `extraHeaders` (the mock's CORS headers) are added where the upstream set none of the same name.
 * Resolves once the exchange is over, however it ended; never rejects.
 */
export async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  options: ProxyOptions,
  extraHeaders: Headers,
): Promise<ProxiedExchange> {
  const url = upstreamUrl(options.target, req.url ?? '/');
  // Through loopback, the Host must be this server's (as for the admin API): a web page that rebinds
  // its own name to 127.0.0.1 cannot read the upstream through the developer's mock.
  const foreign = foreignHost(req);
  if (foreign) return refuse(req, res, extraHeaders, 403, foreign);
  if (!url) return refuse(req, res, extraHeaders, 400, httpMessages.unforwardable());
  // TLS loads only for an https upstream.
  if (url.protocol === 'https:') httpsModule ??= await import('node:https');
  const send = url.protocol === 'https:' && httpsModule ? httpsModule.request : httpRequest;
  const headers: OutgoingHttpHeaders = endToEnd(req.headers);
  // The upstream's own Host; the client's goes along as X-Forwarded-Host.
  delete headers.host;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  const remote = req.socket.remoteAddress;
  if (remote) {
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${prior}, ${remote}` : remote;
  }
  headers['x-forwarded-proto'] = 'http';
  const whole = options.captureLimit?.() ?? 0;
  const sent = new Tap(0);
  const received = new Tap(whole);
  const notes = [`proxied to ${url.href}`];
  const exchange: ProxiedExchange = {
    status: 0,
    method: req.method ?? 'GET',
    path: (req.url ?? '/').split('?')[0] as string,
    url: url.href,
    requestHeaders: req.headers,
    responseHeaders: {},
    requestBody: '',
    responseBody: '',
    captured: undefined,
    notes,
  };

  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    let waiting: NodeJS.Timeout | undefined;
    const done = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(waiting);
      exchange.requestBody = sent.text();
      if (exchange.responseBody === '') exchange.responseBody = received.text();
      resolve(exchange);
    };
    /** The proxy's own answer (502, 504), when the upstream's has not started. */
    const fail = (status: 502 | 504, message: string): void => {
      if (settled) return;
      notes.push(message);
      upstream.destroy();
      if (answered || res.headersSent) {
        // The answer already started: all the client can be told is that the connection ends early.
        notes.push('the upstream answer broke off; the connection to the client was closed');
        res.destroy();
        done();
        return;
      }
      answered = true;
      const reply = errorReply(status, message);
      exchange.status = status;
      exchange.responseHeaders = { ...extraHeaders, 'Content-Type': JSON_CONTENT_TYPE };
      exchange.responseBody = reply.json ?? '';
      if (!res.destroyed) {
        for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
        sendReply(res, reply);
      }
      // The client's body may still be coming; it is not wanted any more.
      req.resume();
      done();
    };

    const upstream = send(url, { method: req.method, headers });
    // Silence from the upstream for `timeout` ms: 504 before its answer, a cut connection during it.
    upstream.setTimeout(options.timeout, () =>
      fail(504, `The upstream ${url.origin} did not answer within ${options.timeout} ms.`),
    );
    // A wall-clock bound on the wait for the answer once the request is sent (a trickle of bytes does not reset it).
    upstream.on('finish', () => {
      if (!answered)
        waiting = setTimeout(
          () => fail(504, `The upstream ${url.origin} did not answer within ${options.timeout} ms.`),
          options.timeout,
        );
    });
    upstream.on('error', (err: NodeJS.ErrnoException) =>
      fail(502, `The upstream ${url.origin} could not be reached: ${err.code ?? err.message}.`),
    );
    upstream.on('response', (answer) => {
      clearTimeout(waiting);
      if (settled) {
        answer.resume();
        return;
      }
      answered = true;
      const status = answer.statusCode ?? 502;
      const out: Record<string, string | number | string[]> = {
        ...lowerCased(extraHeaders),
        ...endToEnd(answer.headers),
      };
      out[PROXIED_HEADER.toLowerCase()] = 'true';
      exchange.status = status;
      exchange.responseHeaders = out;
      if (res.destroyed) {
        notes.push('client closed the connection before the response was sent');
        upstream.destroy();
        done();
        return;
      }
      res.writeHead(status, answer.statusMessage, out);
      answer.on('data', (chunk: Buffer) => received.add(chunk));
      answer.on('aborted', () => fail(502, `The upstream ${url.origin} closed the connection mid-answer.`));
      answer.on('error', () => fail(502, `The upstream ${url.origin} closed the connection mid-answer.`));
      answer.on('end', () => {
        exchange.captured = received.all();
        res.once('finish', done);
        res.once('close', done);
      });
      answer.pipe(res);
    });

    req.on('data', (chunk: Buffer) => sent.add(chunk));
    req.on('aborted', () => {
      notes.push('client closed the connection before sending the whole body');
      upstream.destroy();
      done();
    });
    res.on('close', () => {
      // The client left before the answer was complete: stop the upstream too.
      if (!res.writableFinished) {
        if (!notes.includes('client closed the connection before the response was sent'))
          notes.push('client closed the connection before the response was sent');
        upstream.destroy();
        done();
      }
    });
    req.pipe(upstream);
  });
}

/** What the proxy needs of the recorder: how much of an answer to keep whole, and each finished exchange. */
export interface ProxyListener {
  captureLimit: () => number;
  exchanged: (exchange: ProxiedExchange) => void;
}

/** The runtime's proxy hook for a server model, or undefined when it has no upstream. */
export function proxyHook(
  server: ServerModel,
  listener?: ProxyListener,
): ((req: IncomingMessage, res: ServerResponse, headers: Headers) => Promise<ProxiedExchange>) | undefined {
  if (!server.proxy) return undefined;
  const options: ProxyOptions = {
    target: server.proxy,
    timeout: server.proxyTimeout ?? DEFAULT_PROXY_TIMEOUT,
    ...(listener ? { captureLimit: listener.captureLimit } : {}),
  };
  return (req, res, headers) =>
    forward(req, res, options, headers).then((exchange) => {
      listener?.exchanged(exchange);
      return exchange;
    });
}
