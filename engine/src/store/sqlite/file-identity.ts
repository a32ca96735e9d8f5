import { type FSWatcher, statSync, watch } from 'node:fs';
import { httpMessages } from '../../../../shared/src/messages.js';
import { DomainError } from '../../domain-error.js';
import type { Database } from './database.js';

/**
 * Whether a database file is still the one the server opened. SQLite keeps writing to an open file
 * that was deleted (or renamed away) under it, and answers 201 for writes nobody will ever read, so
 * before a write the file's device and inode at its path are compared with those it had when it was
 * opened; when they differ the write is refused with 503 until the file is back (renamed back, for
 * instance). Bulk writes and resets are checked too, so no write made after the file went is acknowledged.
 *
 * A stat before every write cost 5 % of the server's CPU under wrk on POST /users (node --cpu-prof),
 * so the file is watched (inotify on Linux, kqueue on macOS) and stat'ed before a write only when the
 * watch reported something about it (deleted, renamed, written by a checkpoint) or the last stat is
 * more than `RECHECK_MS` old. The watch's event is queued by the kernel when the file is deleted or
 * renamed, before any request sent after that reaches the server, and is handled first, so the very
 * next write is refused. What a watch on the file does not see (its folder renamed, a platform whose
 * watch reports late) is caught by the stat within `RECHECK_MS`. Without a watch (it could not be
 * set up, or it failed) every write is stat'ed, as before.
 */
const RECHECK_MS = 100;

interface Identity {
  file: string;
  dev: number;
  ino: number;
  watcher: FSWatcher | undefined;
  /** The watch reported something since the last stat that found the file in place. */
  suspect: boolean;
  /** When a stat last found the file in place (Date.now()). */
  checkedAt: number;
}

const identities = new WeakMap<Database.Database, Identity>();

/** Remembers which file `db` was opened from, and watches it. */
export function rememberFile(db: Database.Database, file: string): void {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return;
  const identity: Identity = {
    file,
    dev: stats.dev,
    ino: stats.ino,
    watcher: undefined,
    suspect: false,
    checkedAt: Date.now(),
  };
  try {
    // Not persistent: the watch must not keep a process alive that has nothing else to do.
    const watcher = watch(file, { persistent: false }, () => {
      identity.suspect = true;
    });
    watcher.on('error', () => {
      watcher.close();
      identity.watcher = undefined;
    });
    identity.watcher = watcher;
  } catch {
    // No watch (the system's limit on watches reached, for instance): every write is stat'ed.
  }
  identities.set(db, identity);
}

/** Stops watching the file `db` was opened from (when the store closes). */
export function forgetFile(db: Database.Database): void {
  identities.get(db)?.watcher?.close();
  identities.delete(db);
}

/** Throws an `unavailable` DomainError when the file `db` was opened from is no longer at its path. */
export function checkFileInPlace(db: Database.Database): void {
  const identity = identities.get(db);
  if (!identity) return;
  const now = Date.now();
  if (identity.watcher && !identity.suspect && now - identity.checkedAt < RECHECK_MS) return;
  const stats = statSync(identity.file, { throwIfNoEntry: false });
  if (!stats || stats.dev !== identity.dev || stats.ino !== identity.ino)
    throw new DomainError('unavailable', httpMessages.storeFileGone(identity.file));
  identity.suspect = false;
  identity.checkedAt = now;
}
