/** The RequestContext an endpoint runs with: the request's parts, its body read at most once. */
import type { IncomingMessage } from 'node:http';
import { parseJsonBody, readBody } from './body.js';
import type { Effects, RequestContext } from './handlers.js';

/** The part of the runtime's exchange a context reads, and where the body's text is kept for the log. */
export interface ExchangeParts {
  req: IncomingMessage;
  path: string;
  params: Record<string, string>;
  search: string;
  notes: string[];
  rawBody: string;
}

export class ExchangeContext implements RequestContext {
  readonly req: IncomingMessage;
  readonly path: string;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams | undefined;
  readonly notes: string[];
  effects: Effects | undefined = undefined;
  private reading: Promise<string> | undefined;

  constructor(
    private readonly exchange: ExchangeParts,
    private readonly bodyLimit: number,
  ) {
    this.req = exchange.req;
    this.path = exchange.path;
    this.params = exchange.params;
    this.query = exchange.search ? new URLSearchParams(exchange.search) : undefined;
    this.notes = exchange.notes;
  }

  text(): Promise<string> {
    this.reading ??= readBody(this.req, this.bodyLimit).then((text) => {
      this.exchange.rawBody = text;
      return text;
    });
    return this.reading;
  }

  body(): Promise<unknown> {
    return this.text().then((text) => parseJsonBody(text, this.req.headers['content-type']));
  }
}
