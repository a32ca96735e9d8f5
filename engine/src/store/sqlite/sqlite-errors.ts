import { httpMessages } from '../../../../shared/src/messages.js';
import type { SchemaModel } from '../../model/service-model.js';
import { DomainError } from '../../domain-error.js';

interface SqliteErrorLike {
  code?: string;
  message: string;
}

/** A SQLite failure as a DomainError: a unique key taken, a full disk, a lock, a damaged file; else as it is. */
export function toStoreError(err: unknown, schema: SchemaModel, values: Record<string, unknown>): unknown {
  const e = err as SqliteErrorLike;
  if (typeof e?.code !== 'string') return err;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const column = /constraint failed: [^.]+\.(\w+)/.exec(e.message)?.[1] ?? 'key';
    const value = values[column];
    return new DomainError(
      'conflict',
      httpMessages.conflict(schema.name, column, value === undefined ? '(same value)' : JSON.stringify(value)),
      // The studio shows the clash on the field's input; a column that is no field names none.
      { field: schema.fieldMap.has(column) ? column : undefined },
    );
  }
  if (e.code === 'SQLITE_FULL') return new DomainError('failed', httpMessages.storeFull(), { detail: 'disk_full' });
  if (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED') return new DomainError('busy', httpMessages.storeBusy());
  return damaged(err) ?? err;
}

/**
 * A failure any statement can meet, reads included: a damaged page or a file that is not a database
 * is a `damaged` DomainError (a clear 500 instead of a bare internal error). Undefined for anything else.
 */
export function damaged(err: unknown): DomainError | undefined {
  const code = (err as SqliteErrorLike | null)?.code;
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB')
    return new DomainError('failed', httpMessages.storeDamaged(), { detail: 'damaged' });
  return undefined;
}
