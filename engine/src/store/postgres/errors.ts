import { httpMessages } from '../../../../shared/src/messages.js';
import type { SchemaModel } from '../../model/service-model.js';
import { DomainError } from '../../domain-error.js';
import { primaryKeyName, uniqueIndexName } from './sql.js';

/** The fields of pg's DatabaseError (and Node's system errors) this module reads. */
interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/** Node's socket errors: the server is not there, or the connection to it broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs and driver messages meaning "the database cannot be reached now": class 08 (connection
 * exceptions), 57P01-57P03 (admin shutdown, crash shutdown, starting up), 53300 (too many
 * connections), and what pg says when a connection ends (or a new one's handshake times out).
 */
const DRIVER_MESSAGES = /Connection terminated|connection error|Client was closed|not queryable/i;

/**
 * What pg-pool says when a call waited its whole connection timeout for a pooled connection and
 * none came free: the database answered; every connection was in use (a burst of requests, or
 * statements waiting on a lock). That is `busy`, not `unavailable`, and is not tried again (it
 * would wait as long once more).
 */
const POOL_WAIT = /^timeout exceeded when trying to connect$/;

function unavailableReason(err: unknown): string | undefined {
  const e = err as PgErrorLike | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return message;
  if (!code && DRIVER_MESSAGES.test(message)) return message;
  // AggregateError (connecting to each address of a name failed): the first cause says why.
  if (err instanceof AggregateError && err.errors.length > 0) return unavailableReason(err.errors[0]);
  return undefined;
}

/** Whether the error means the database could not be reached (a read may be tried once more on a new connection). */
export const isUnavailable = (err: unknown): boolean =>
  err instanceof DomainError ? err.kind === 'unavailable' : unavailableReason(err) !== undefined;

/** The column a unique violation is about: from the constraint's name (ours are named per column), else pg's detail. */
function conflictColumn(schema: SchemaModel, e: PgErrorLike): string {
  const constraint = typeof e.constraint === 'string' ? e.constraint : '';
  if (constraint === primaryKeyName(schema.table) && schema.idField) return schema.idField.name;
  for (const field of schema.fields) if (constraint === uniqueIndexName(schema.table, field.name)) return field.name;
  const detail = typeof e.detail === 'string' ? /^Key \("?([^)"]+)"?\)=/.exec(e.detail)?.[1] : undefined;
  return detail ?? 'key';
}

/**
 * A PostgreSQL failure as what the client should hear: a unique value taken (`conflict`), the disk
 * full, a lock or serialization failure or no pooled connection free in time (`busy`), damaged
 * data, the database unreachable (`unavailable`, "Database unavailable: <reason>"); text with NUL
 * (which PostgreSQL cannot store) is the client's 400. Anything else is returned as it is.
 */
export function toStoreError(err: unknown, schema?: SchemaModel, values: Record<string, unknown> = {}): unknown {
  if (err instanceof DomainError) return err;
  const e = err as PgErrorLike | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === '23505' && schema && e) {
    const column = conflictColumn(schema, e);
    const value = values[column];
    return new DomainError(
      'conflict',
      httpMessages.conflict(schema.name, column, value === undefined ? '(same value)' : JSON.stringify(value)),
      { field: schema.fieldMap.has(column) ? column : undefined },
    );
  }
  if (code === '53100') return new DomainError('failed', httpMessages.storeFull(), { detail: 'disk_full' });
  if (code === '40001' || code === '40P01' || code === '55P03')
    return new DomainError('busy', httpMessages.storeBusy());
  if (code === 'XX001' || code === 'XX002')
    return new DomainError('failed', httpMessages.storeDamaged(), { detail: 'damaged' });
  if (!code && typeof e?.message === 'string' && POOL_WAIT.test(e.message))
    return new DomainError('busy', httpMessages.poolBusy());
  if (code === '22021' || code === '22P05')
    return new DomainError(
      'invalid',
      'Text with the NUL character (\\u0000) cannot be stored in PostgreSQL; nothing was written.',
    );
  const reason = unavailableReason(err);
  if (reason !== undefined) return new DomainError('unavailable', `Database unavailable: ${reason}`);
  return err;
}
