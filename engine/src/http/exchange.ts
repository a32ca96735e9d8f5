import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServedRequest } from '../log/request-log.js';
import { parseJsonBody, readBody } from './body.js';
import type { CompiledEndpoint, Effects, RequestContext } from './endpoint-run.js';
import type { Format } from './negotiate.js';
import { wallTime } from './wall-time.js';

/** The params of a request no route matched, or of a route without any: one object for all of them. */
export const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * One request from its arrival to its log entry, as one object: the runtime's steps fill it in, the
 * endpoint runs with it (its RequestContext), and once answered it is what the log is handed (its
 * ServedRequest, whose fields the log copies; it keeps no exchange).
 *
 * One object, not three: the runtime's record of the request, the endpoint's context and the log
 * entry were separate objects with the same fields copied between them, on every request.
 */
export class Exchange implements RequestContext, ServedRequest {
  id = 0;
  /** When the request came, on the monotonic clock: it times the duration, and gives `time`. */
  readonly start = performance.now();
  readonly method: string;
  readonly path: string;
  /** The query string, without its `?`. */
  readonly query: string;
  readonly requestHeaders: IncomingMessage['headers'];
  /** The body's text once an endpoint read it; empty until then. */
  requestBody = '';
  /** The matched endpoint; undefined when none matched. */
  compiled: CompiledEndpoint | undefined = undefined;
  /** What answered when no endpoint of the config did (the GraphQL endpoint names its operation). */
  label: string | undefined = undefined;
  params = NO_PARAMS;
  format: Format = 'json';
  effects: Effects | undefined = undefined;
  notes: string[] = [];
  status = 0;
  responseBody = '';
  duration = 0;
  private parsedQuery: URLSearchParams | undefined = undefined;
  private reading: Promise<string> | undefined = undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** The response's headers as they build up (CORS first, then the reply's own). */
    public responseHeaders: ServedRequest['responseHeaders'],
    private readonly bodyLimit: number,
  ) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    this.method = req.method ?? 'GET';
    this.path = q === -1 ? url : url.slice(0, q);
    this.query = q === -1 ? '' : url.slice(q + 1);
    this.requestHeaders = req.headers;
  }

  /** Wall-clock time of arrival, for the log. */
  get time(): number {
    return wallTime(this.start);
  }

  get endpoint(): string | null {
    return this.compiled?.name ?? this.label ?? null;
  }

  /** The query string parsed, on first use; undefined when there is none. */
  get searchParams(): URLSearchParams | undefined {
    if (this.query === '') return undefined;
    this.parsedQuery ??= new URLSearchParams(this.query);
    return this.parsedQuery;
  }

  text(): Promise<string> {
    this.reading ??= readBody(this.req, this.bodyLimit).then((text) => {
      this.requestBody = text;
      return text;
    });
    return this.reading;
  }

  body(): Promise<unknown> {
    return this.text().then((text) => parseJsonBody(text, this.req.headers['content-type']));
  }

  /** Records the answer (status 0: none, the connection was dropped) and how long the request took. */
  answered(status: number, body: string | undefined): this {
    this.status = status;
    this.responseBody = body ?? '';
    this.duration = performance.now() - this.start;
    return this;
  }
}
