import type { CallError, StudioErrorCode } from '../../../shared/src/studio-error.js';
import { DomainError, type ErrorKind } from '../domain-error.js';
import { answerFor } from '../http/error-status.js';

/** The studio contract's code for each kind of domain error: the one place kinds become codes. */
const CODE: Record<ErrorKind, StudioErrorCode> = {
  invalid: 'invalid',
  not_found: 'not_found',
  conflict: 'conflict',
  busy: 'busy',
  refused: 'refused',
  // PostgreSQL out of reach: the same call may work once it is back.
  unavailable: 'busy',
  failed: 'failed',
};

/** A failed call as it travels: the body both transports send, and the status (and headers) HTTP answers with. */
export interface CallFailure {
  status: number;
  headers?: Record<string, string>;
  body: CallError;
}

/**
 * How a studio call failed, from what a handler threw. A DomainError keeps its message and field
 * and gets its kind's code (the status is the HTTP table's, http/error-status.ts); a TypeError is
 * a call with the wrong shape of arguments (`invalid`); anything else is `failed`, with its own message.
 */
export function callFailure(thrown: unknown): CallFailure {
  if (thrown instanceof DomainError) {
    const body: CallError = { error: thrown.message, code: CODE[thrown.kind] };
    if (thrown.field !== undefined) body.field = thrown.field;
    const { status, headers } = answerFor(thrown);
    return headers ? { status, headers, body } : { status, body };
  }
  const kind: ErrorKind = thrown instanceof TypeError ? 'invalid' : 'failed';
  return {
    status: kind === 'invalid' ? 400 : 500,
    body: { error: thrown instanceof Error ? thrown.message : String(thrown), code: kind },
  };
}
