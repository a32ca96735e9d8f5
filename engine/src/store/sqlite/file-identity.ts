import { statSync } from 'node:fs';
import { httpMessages } from '../../../../shared/src/messages.js';
import { DomainError } from '../../domain-error.js';
import type { Database } from './database.js';

/**
 * Whether a database file is still the one the server opened. SQLite keeps writing to an open file
 * that was deleted (or renamed away) under it, and answers 201 for writes nobody will ever read, so
 * before a write the file's device and inode at its path are compared with those it had when it was
 * opened; when they differ the write is refused with 503 until the file is back (renamed back, for
 * instance). Checked before every write, bulk writes and resets included (one stat each), so no write
 * made after the file went is acknowledged.
 */
interface Identity {
  file: string;
  dev: number;
  ino: number;
}

const identities = new WeakMap<Database.Database, Identity>();

/** Remembers which file `db` was opened from. */
export function rememberFile(db: Database.Database, file: string): void {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats) identities.set(db, { file, dev: stats.dev, ino: stats.ino });
}

/** Throws an `unavailable` DomainError when the file `db` was opened from is no longer at its path. */
export function checkFileInPlace(db: Database.Database): void {
  const identity = identities.get(db);
  if (!identity) return;
  const stats = statSync(identity.file, { throwIfNoEntry: false });
  if (!stats || stats.dev !== identity.dev || stats.ino !== identity.ino)
    throw new DomainError('unavailable', httpMessages.storeFileGone(identity.file));
}
