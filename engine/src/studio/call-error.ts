import type { CallError, StudioErrorCode } from '../../../shared/src/studio-error.js';
import { StudioError } from '../../../shared/src/studio-error.js';
import { HttpError } from '../http-error.js';
import { storeHttpError } from '../http/store-status.js';

/** The HTTP status of each code, for errors that carry none of their own. */
const STATUS: Record<StudioErrorCode, number> = {
  invalid: 400,
  refused: 403,
  not_found: 404,
  conflict: 409,
  failed: 500,
  busy: 503,
};

/** The code of an engine status: the handlers and the store say what went wrong with an HTTP status. */
function codeOf(status: number): StudioErrorCode {
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 401 || status === 403) return 'refused';
  if (status === 503 || status === 423 || status === 429) return 'busy';
  return status >= 400 && status < 500 ? 'invalid' : 'failed';
}

/** A failed call as it travels: the body both transports send, and the status HTTP answers with. */
export interface CallFailure {
  status: number;
  body: CallError;
}

/**
 * How a studio call failed, from what a handler threw; the one place engine errors become codes.
 * A store's error is read as the HTTP edge answers it (http/store-status.ts). An HttpError keeps its message, status and field and gets the code of that status; a TypeError is a call
 * with the wrong shape of arguments (`invalid`); anything else is `failed`, with its own message.
 */
export function callFailure(thrown: unknown): CallFailure {
  if (thrown instanceof StudioError) return { status: STATUS[thrown.code], body: thrown.toCallError() };
  const err = storeHttpError(thrown) ?? thrown;
  if (err instanceof HttpError) {
    const body: CallError = { error: err.message, code: codeOf(err.status) };
    if (err.field !== undefined) body.field = err.field;
    return { status: err.status, body };
  }
  const code: StudioErrorCode = err instanceof TypeError ? 'invalid' : 'failed';
  return { status: STATUS[code], body: { error: err instanceof Error ? err.message : String(err), code } };
}
