/**
 * The one error the engine's layers below the transports throw (store/, records/, studio/, data/):
 * what went wrong as a `kind` from a closed set, the message a person reads, and the field it is
 * about. Each transport turns a kind into its own terms once: http/error-status.ts into an HTTP
 * status, studio/call-error.ts into the studio contract's code.
 *
 * - `invalid`: the input was refused (a wrong type, a missing required field, a bad parameter).
 * - `not_found`: the table, record or thing named does not exist (any more).
 * - `conflict`: the write clashes with what is there (a unique value taken, a `restrict` reference).
 * - `busy`: locked or not open right now; the same call may work a moment later.
 * - `refused`: the caller may not do this.
 * - `unavailable`: a service the engine needs (PostgreSQL) cannot be reached.
 * - `failed`: anything else (a full disk, a damaged database file, a mock that did not answer).
 */
export const ERROR_KINDS = ['invalid', 'not_found', 'conflict', 'busy', 'refused', 'unavailable', 'failed'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * A finer reason some transports answer differently (HTTP's 413, 507, 502); the kind stays the
 * one a caller decides by.
 */
export type ErrorDetail = 'too_large' | 'disk_full' | 'out_of_ids' | 'damaged' | 'no_answer';

export class DomainError extends Error {
  readonly kind: ErrorKind;
  /** The record field the message is about (a required field left empty, a unique clash). */
  readonly field: string | undefined;
  readonly detail: ErrorDetail | undefined;

  constructor(kind: ErrorKind, message: string, options: { field?: string | undefined; detail?: ErrorDetail } = {}) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.field = options.field;
    this.detail = options.detail;
  }
}
