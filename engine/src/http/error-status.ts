import { DomainError, type ErrorDetail, type ErrorKind } from '../domain-error.js';
import { HttpError } from './http-error.js';

type Answer = { status: number; headers?: Record<string, string> };

/** The HTTP answer to each kind of domain error: the one place kinds become statuses. */
const STATUS: Record<ErrorKind, Answer> = {
  invalid: { status: 400 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  busy: { status: 503, headers: { 'Retry-After': '1' } },
  refused: { status: 403 },
  unavailable: { status: 503, headers: { 'Retry-After': '1' } },
  failed: { status: 500 },
};

/** Where HTTP has a status of its own for a finer reason. */
const DETAIL_STATUS: Record<ErrorDetail, Answer> = {
  // The rest of an oversized body is not read, so the connection cannot carry another request.
  too_large: { status: 413, headers: { Connection: 'close' } },
  disk_full: { status: 507 },
  // Automatic ids would pass 2^53 - 1, which a JSON client cannot read exactly.
  out_of_ids: { status: 507 },
  damaged: { status: 500 },
  no_answer: { status: 502 },
};

/** The status and headers a domain error is answered with. */
export function answerFor(err: DomainError): Answer {
  return (err.detail && DETAIL_STATUS[err.detail]) ?? STATUS[err.kind];
}

/** A DomainError as the HttpError a client gets (its message and field kept); undefined for anything else. */
export function domainHttpError(err: unknown): HttpError | undefined {
  if (!(err instanceof DomainError)) return undefined;
  const { status, headers } = answerFor(err);
  return new HttpError(status, err.message, { ...headers }, err.field);
}
