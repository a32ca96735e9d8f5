import { HttpError } from '../http-error.js';
import { StoreError, type StoreErrorKind } from '../store/store.js';

/** The HTTP answer to each kind of store failure: the one place store errors become statuses. */
const STATUS: Record<StoreErrorKind, { status: number; headers?: Record<string, string> }> = {
  conflict: { status: 409 },
  busy: { status: 503, headers: { 'Retry-After': '1' } },
  full: { status: 507 },
  damaged: { status: 500 },
  unavailable: { status: 503, headers: { 'Retry-After': '1' } },
};

/** A StoreError as the HttpError a client gets (its message and field kept); undefined for anything else. */
export function storeHttpError(err: unknown): HttpError | undefined {
  if (!(err instanceof StoreError)) return undefined;
  const { status, headers } = STATUS[err.kind];
  return new HttpError(status, err.message, { ...headers }, err.field);
}
