/**
 * The GraphQL endpoint of a config version (`server.graphql`), over HTTP as the GraphQL-over-HTTP
 * spec has it: POST with a JSON body, GET with `query`, `operationName` and `variables` parameters
 * (queries only: a mutation over GET is 405), answered as `application/graphql-response+json` when
 * the client accepts it, else `application/json`. A request that cannot run (unparsable, over a
 * limit, invalid against the schema) is a 400 with `errors`; one that ran is a 200, errors and all.
 */
import Negotiator from 'negotiator';
import {
  type ExecutionResult,
  execute,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getOperationAST,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import { DomainError } from '../domain-error.js';
import { preflightHeaders } from '../http/cors.js';
import type { Exchange } from '../http/exchange.js';
import { parseJsonBody } from '../http/body.js';
import { HttpError } from '../http/http-error.js';
import type { Reply } from '../http/reply.js';
import type { ServiceModel } from '../model/service-model.js';
import type { RecordService } from '../records/record-service.js';
import { buildGraphqlSchema } from './build-schema.js';
import { DocumentCache } from './document-cache.js';
import { GRAPHQL_LIMITS, limitExceeded } from './limits.js';
import { HttpRequestContext } from './request-context.js';

const RESPONSE_TYPE = 'application/graphql-response+json';
const OFFERED = [RESPONSE_TYPE, 'application/json'];
/** The Content-Type of each offered type, made once: Node checks a header's text on every response, a flat string fastest. */
const CONTENT_TYPES = new Map(OFFERED.map((type) => [type, `${type}; charset=utf-8`]));

interface Params {
  query: string;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
}

/** A request the endpoint refuses before running anything: its status and message. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The log's name for an operation, made once for each cached document's operation (the log keeps it, shared). */
const labels = new WeakMap<OperationDefinitionNode, string>();

function labelOf(operation: OperationDefinitionNode): string {
  let label = labels.get(operation);
  if (label === undefined) {
    label = `GraphQL ${operation.operation} ${operation.name?.value ?? '(anonymous)'}`;
    labels.set(operation, label);
  }
  return label;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function paramsOf(raw: Record<string, unknown>): Params {
  const { query, operationName } = raw;
  let { variables } = raw;
  if (typeof query !== 'string' || query.trim() === '')
    throw new Refused(400, 'A GraphQL request needs a `query` string.');
  if (query.length > GRAPHQL_LIMITS.queryBytes)
    throw new Refused(413, `The query is longer than ${GRAPHQL_LIMITS.queryBytes} characters.`);
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    throw new Refused(400, '`operationName` must be a string.');
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      throw new Refused(400, '`variables` must be a JSON object.');
    }
  }
  if (variables !== undefined && variables !== null && !isObject(variables))
    throw new Refused(400, '`variables` must be a JSON object.');
  return {
    query,
    operationName: operationName ?? undefined,
    variables: (variables as Record<string, unknown> | null) ?? undefined,
  };
}

export class GraphqlEndpoint {
  private built: GraphQLSchema | undefined;
  private readonly documents = new DocumentCache();

  constructor(
    readonly path: string,
    private readonly model: ServiceModel,
    private readonly records: RecordService,
    /** A resolver's failure that is not the client's (a bug): logged, and answered as an internal error. */
    private readonly onError: (err: unknown) => void,
  ) {}

  /** This version's schema, built on first use (a config that never gets a GraphQL request never builds it). */
  schema(): GraphQLSchema {
    this.built ??= buildGraphqlSchema(this.model);
    return this.built;
  }

  /** Answers a request to the endpoint's path. */
  run(exchange: Exchange): Reply | Promise<Reply> {
    const accept = exchange.req.headers.accept;
    const type = this.responseType(accept);
    try {
      if (exchange.method === 'GET' || exchange.method === 'HEAD') {
        const params = exchange.searchParams;
        return this.execute(exchange, type, paramsOf(Object.fromEntries(params ?? [])), false);
      }
      if (exchange.method === 'OPTIONS') return this.options(exchange);
      if (exchange.method !== 'POST')
        throw new Refused(405, 'GraphQL takes GET and POST.', { Allow: 'GET, HEAD, POST, OPTIONS' });
      // One reaction for the body and its failures (as exchange.body() would read and parse it).
      return exchange.text().then(
        (text) => {
          try {
            const body = parseJsonBody(text, exchange.req.headers['content-type']);
            if (!isObject(body)) throw new Refused(400, 'A GraphQL request body must be a JSON object with a `query`.');
            return this.execute(exchange, type, paramsOf(body), true);
          } catch (err) {
            return this.refused(exchange, type, err);
          }
        },
        (err: unknown) => this.refused(exchange, type, err),
      );
    } catch (err) {
      return this.refused(exchange, type, err);
    }
  }

  /** OPTIONS, and a browser's CORS preflight before it POSTs JSON (with `server.cors` on). */
  private options(exchange: Exchange): Reply {
    const allowed = ['GET', 'HEAD', 'POST', 'OPTIONS'];
    const preflight = exchange.req.headers['access-control-request-method'] && this.model.server.cors;
    return {
      status: 204,
      json: undefined,
      headers: { Allow: allowed.join(', '), ...(preflight ? preflightHeaders(exchange.req, allowed) : {}) },
    };
  }

  private responseType(accept: string | undefined): string {
    if (accept === undefined || accept === '' || accept === '*/*' || accept === 'application/json')
      return 'application/json';
    return new Negotiator({ headers: { accept } }).mediaType(OFFERED) ?? 'application/json';
  }

  private refused(exchange: Exchange, type: string, err: unknown): Reply {
    if (err instanceof Refused) {
      exchange.notes.push(`GraphQL: ${err.message}`);
      return this.reply(type, err.status, { errors: [{ message: err.message }] }, err.headers);
    }
    if (err instanceof HttpError) {
      exchange.notes.push(`GraphQL: ${err.message}`);
      return this.reply(type, err.status, { errors: [{ message: err.message }] }, err.headers);
    }
    throw err;
  }

  private execute(exchange: Exchange, type: string, params: Params, post: boolean): Reply | Promise<Reply> {
    const schema = this.schema();
    let document = this.documents.get(params.query);
    if (!document) {
      try {
        document = parse(params.query, { maxTokens: GRAPHQL_LIMITS.tokens });
      } catch (err) {
        return this.invalid(exchange, type, [err as GraphQLError]);
      }
      const over = limitExceeded(document);
      if (over) return this.invalid(exchange, type, [{ message: over }]);
      const errors = validate(schema, document, undefined, { maxErrors: 20 });
      if (errors.length > 0) return this.invalid(exchange, type, errors);
      this.documents.set(params.query, document);
    }
    const operation = getOperationAST(document, params.operationName);
    if (!operation)
      return this.invalid(exchange, type, [
        {
          message: params.operationName
            ? `No operation named '${params.operationName}' in the query.`
            : 'The query has several operations: name one with `operationName`.',
        },
      ]);
    const label = labelOf(operation);
    exchange.label = label;
    // The log keeps each request's notes: an array of one when the label comes first, not a push's room for many.
    if (exchange.notes.length === 0) exchange.notes = [label];
    else exchange.notes.push(label);
    if (operation.operation === 'subscription')
      return this.invalid(exchange, type, [
        { message: 'Subscriptions run over WebSocket with the graphql-ws protocol at this path.' },
      ]);
    if (!post && operation.operation !== 'query')
      return this.refused(
        exchange,
        type,
        new Refused(405, `A ${operation.operation} must be sent with POST.`, { Allow: 'POST' }),
      );
    // The resolvers' notes go to the log after the operation's label, before its errors.
    const context = new HttpRequestContext(this.records, exchange.notes);
    const done = (result: ExecutionResult): Reply => {
      const errors = result.errors?.map((e) => this.formatted(e));
      for (const e of errors ?? []) exchange.notes.push(`GraphQL error: ${e.message}`);
      // No `data` at all: the variables did not fit the operation, which is the request's fault.
      const status = result.data === undefined ? 400 : 200;
      return this.reply(type, status, errors ? { ...result, errors } : result);
    };
    const result = execute({
      schema,
      document,
      operationName: params.operationName,
      variableValues: params.variables,
      contextValue: context,
    });
    return result instanceof Promise ? result.then(done) : done(result);
  }

  private invalid(exchange: Exchange, type: string, errors: readonly (GraphQLError | GraphQLFormattedError)[]): Reply {
    const formatted = errors.map((e) => ('toJSON' in e && typeof e.toJSON === 'function' ? e.toJSON() : e));
    for (const e of formatted) exchange.notes.push(`GraphQL error: ${e.message}`);
    return this.reply(type, 400, { errors: formatted });
  }

  /** A resolver's error as the client sees it: a domain error's message with its kind and field, anything else hidden. */
  private formatted(error: GraphQLError): GraphQLFormattedError {
    const original = error.originalError;
    if (original instanceof DomainError)
      return {
        ...error.toJSON(),
        extensions: { code: original.kind, ...(original.field ? { field: original.field } : {}) },
      };
    // A resolver's own failure (it has a path) that is no domain error is a bug, not the client's to read.
    if (original && error.path !== undefined) {
      this.onError(original);
      return { ...error.toJSON(), message: 'Internal error.' };
    }
    return error.toJSON();
  }

  private reply(type: string, status: number, body: unknown, headers?: Record<string, string>): Reply {
    return {
      status,
      json: JSON.stringify(body),
      contentType: CONTENT_TYPES.get(type) ?? `${type}; charset=utf-8`,
      ...(headers ? { headers } : {}),
    };
  }
}
