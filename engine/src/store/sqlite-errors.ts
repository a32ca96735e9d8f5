import { httpMessages } from '../../../shared/src/messages.js';
import { HttpError } from '../http-error.js';
import type { SchemaModel } from '../model/service-model.js';

interface SqliteErrorLike {
  code?: string;
  message: string;
}

/** Turns a SQLite failure into what the client should see: 409 on a unique key, 507 on a full disk. */
export function toHttpError(err: unknown, schema: SchemaModel, values: Record<string, unknown>): unknown {
  const e = err as SqliteErrorLike;
  if (typeof e?.code !== 'string') return err;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const column = /constraint failed: [^.]+\.(\w+)/.exec(e.message)?.[1] ?? 'key';
    const value = values[column];
    return new HttpError(
      409,
      httpMessages.conflict(schema.name, column, value === undefined ? '(same value)' : JSON.stringify(value)),
      {},
      // The studio shows the clash on the field's input; a column that is no field names none.
      schema.fieldMap.has(column) ? column : undefined,
    );
  }
  if (e.code === 'SQLITE_FULL') return new HttpError(507, httpMessages.storeFull());
  if (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED')
    return new HttpError(503, httpMessages.storeBusy(), { 'Retry-After': '1' });
  return storeFailure(err) ?? err;
}

/**
 * A failure any statement can meet, reads included: a damaged page or a file that is not a database
 * gets a clear 500 instead of a bare internal error. Undefined for anything else.
 */
export function storeFailure(err: unknown): HttpError | undefined {
  const code = (err as SqliteErrorLike | null)?.code;
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return new HttpError(500, httpMessages.storeDamaged());
  return undefined;
}
