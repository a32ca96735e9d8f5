import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Router from 'find-my-way';
import { httpMessages } from '../../../shared/src/messages.js';
import { HttpError } from '../http-error.js';
import type { ServiceModel } from '../model.js';
import type { ServedRequest } from '../log/request-log.js';
import type { TableStore } from '../store/table-store.js';
import { parseJsonBody, readBody } from './body.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { compileEndpoint, type CompiledEndpoint, type RequestContext, type Reply } from './handlers.js';
import { contentType, negotiate } from './negotiate.js';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export const ADMIN_PREFIX = '/__mockyard/';

export interface RuntimeHooks {
  /** Called after each response with the finished log entry; undefined when logging is off. */
  onServed: ((served: ServedRequest) => void) | undefined;
  /** Serves `/__mockyard/…` when the admin API is on. */
  admin: ((req: IncomingMessage, res: ServerResponse, path: string) => void) | undefined;
  onError: (err: unknown) => void;
}

type Route = Router.Instance<Router.HTTPVersion.V1>;

/**
 * One config version, compiled: a router whose handlers hold prepared statements. The engine swaps
 * whole runtimes on reload, so a request runs start to finish on the version it started with.
 */
export class ServiceRuntime {
  private readonly router: Route;
  private inFlight = 0;
  private idle: (() => void) | undefined;

  constructor(
    readonly model: ServiceModel,
    readonly stores: ReadonlyMap<string, TableStore>,
    private readonly hooks: RuntimeHooks,
  ) {
    this.router = Router({ ignoreTrailingSlash: true, maxParamLength: 2048 });
    for (const endpoint of model.endpoints) {
      const compiled = compileEndpoint(endpoint, stores, model);
      this.router.on(endpoint.method, endpoint.path, () => undefined, compiled);
    }
  }

  /** Resolves once no request is running on this version (used before closing its database). */
  drained(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle = resolve;
    });
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    this.inFlight++;
    this.serve(req, res)
      .catch((err: unknown) => {
        this.hooks.onError(err);
        // Whatever failed, the client gets an answer instead of a hung request.
        if (!res.headersSent && !res.destroyed) {
          const body = JSON.stringify({ error: httpMessages.internal() });
          res
            .writeHead(500, {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Length': Buffer.byteLength(body),
            })
            .end(body);
        }
      })
      .finally(() => {
        if (--this.inFlight === 0 && this.idle) this.idle();
      });
  }

  private allowed(path: string): string[] {
    return METHODS.filter((m) => this.router.find(m, path) !== null);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const start = performance.now();
    const time = Date.now();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const search = q === -1 ? '' : url.slice(q + 1);
    if (this.hooks.admin && path.startsWith(ADMIN_PREFIX)) return this.hooks.admin(req, res, path);

    const method = req.method ?? 'GET';
    const { server } = this.model;
    const notes: string[] = [];
    let rawBody = '';
    let compiled: CompiledEndpoint | undefined;
    let params: Record<string, string> = {};
    let reply: Reply;
    let format: 'json' | 'xml' = 'json';
    const headers: Record<string, string | number> = server.cors ? corsHeaders(server.cors, req) : {};
    try {
      const found = this.router.find(method === 'HEAD' ? 'GET' : (method as Router.HTTPMethod), path);
      if (!found) throw this.noRoute(req, method, path, headers);
      compiled = found.store as CompiledEndpoint;
      params = found.params as Record<string, string>;
      const accept = req.headers.accept;
      const negotiated = negotiate(accept);
      if (!negotiated) throw new HttpError(406, httpMessages.notAcceptable());
      format = negotiated;
      const ctx: RequestContext = {
        req,
        path,
        params,
        query: search ? new URLSearchParams(search) : undefined,
        notes,
        body: async () => {
          rawBody = await readBody(req, server.bodyLimit);
          return parseJsonBody(rawBody, req.headers['content-type']);
        },
      };
      reply = await compiled.run(ctx);
    } catch (err) {
      reply = this.errorReply(err, notes);
      format = 'json';
    }
    if (server.latency) {
      const { min, max } = server.latency;
      const delay = min + Math.floor(Math.random() * (max - min + 1));
      notes.push(`latency ${delay} ms added`);
      await sleep(delay);
    }
    let body = reply.json;
    if (body !== undefined && format === 'xml' && compiled) {
      try {
        // The XML builder loads on the first XML request; most mocks never get one.
        const { toXml } = await import('./xml.js');
        body = toXml(JSON.parse(body), compiled.xmlRoot, compiled.xmlItem);
      } catch (err) {
        reply = this.errorReply(err, notes);
        body = reply.json;
        format = 'json';
      }
    }
    if (reply.headers) Object.assign(headers, reply.headers);
    if (body !== undefined) {
      headers['Content-Type'] =
        format === 'json' ? 'application/json; charset=utf-8' : contentType(format, req.headers.accept);
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    // A client that went away (e.g. during the latency) still gets its log entry, saying so.
    if (res.destroyed) notes.push('client closed the connection before the response was sent');
    else {
      res.writeHead(reply.status, headers);
      res.end(body);
    }
    const { onServed } = this.hooks;
    if (!onServed) return;
    onServed({
      id: 0,
      time,
      method,
      path,
      query: search,
      requestHeaders: req.headers,
      requestBody: rawBody,
      endpoint: compiled?.name ?? null,
      params,
      status: reply.status,
      responseHeaders: headers,
      responseBody: body ?? '',
      duration: performance.now() - start,
      notes,
    });
  }

  private noRoute(
    req: IncomingMessage,
    method: string,
    path: string,
    headers: Record<string, string | number>,
  ): HttpError | Reply {
    const allow = this.allowed(path);
    if (allow.length === 0) {
      if (path.includes('%')) {
        try {
          decodeURIComponent(path);
        } catch {
          return new HttpError(400, 'Malformed URL: bad percent-encoding in the path.');
        }
      }
      return new HttpError(404, httpMessages.notFound);
    }
    const allowHeader = [...allow, ...(allow.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
    if (method === 'OPTIONS') {
      Object.assign(
        headers,
        { Allow: allowHeader.join(', ') },
        req.headers['access-control-request-method'] && this.model.server.cors
          ? preflightHeaders(req, allowHeader)
          : {},
      );
      return { status: 204, json: undefined };
    }
    return new HttpError(405, httpMessages.methodNotAllowed(method, allow), { Allow: allowHeader.join(', ') });
  }

  private errorReply(err: unknown, notes: string[]): Reply {
    const code = (err as { code?: unknown } | null)?.code;
    // A read that hits a damaged page: say so, instead of a bare internal error.
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') err = new HttpError(500, httpMessages.storeDamaged());
    if (err instanceof HttpError) {
      if (err.status >= 400) notes.push(err.message);
      return { status: err.status, json: JSON.stringify({ error: err.message }), headers: err.headers };
    }
    if (err && typeof err === 'object' && 'status' in err && 'json' in err) return err as Reply;
    this.hooks.onError(err);
    notes.push(`internal error: ${(err as Error)?.message ?? String(err)}`);
    return { status: 500, json: JSON.stringify({ error: httpMessages.internal() }) };
  }
}
