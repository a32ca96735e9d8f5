import {
  chmodSync,
  closeSync,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { chmod, type FileHandle, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let writes = 0;

/**
 * Writes a file so that a crash, a SIGKILL or a full disk at any moment leaves the old text or the
 * new one, never half of either, and never an empty file: the text goes to a temporary file beside it
 * (same folder, so same filesystem), is fsynced, renamed over the file, and the folder is fsynced so
 * the rename itself survives a power cut. Through a symlink it writes the file the link points to
 * (renaming over the link would replace it with a copy), keeps the file's permissions (e.g. 0600),
 * and refuses a file nobody may write (made read-only on purpose) and a path that is a folder now,
 * with a message that says so. On failure the temporary file is removed and the old file is untouched.
 *
 * Every config write goes through this one function (the studio's saves, `serve --record`, the
 * desktop app's Save As); small settings files written synchronously use `writeAtomicallySync`.
 *
 * @example await writeAtomically('/work/mock.yaml', text)
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const previous = await stat(target).catch(() => undefined);
  refuseOverwrite(path, previous);
  const folder = dirname(target);
  const temp = tempBeside(target);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', previous ? previous.mode & 0o7777 : 0o666);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    // open() applies the umask; the file's own mode is what it keeps.
    if (previous) await chmod(temp, previous.mode & 0o7777);
    await rename(temp, target);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncFolder(folder);
}

/**
 * `writeAtomically` for a caller that cannot wait (a settings file written as a window closes): the
 * same steps, guarantees and refusals, blocking until the file and its folder are synced.
 *
 * @example writeAtomicallySync('/home/me/.config/Mockyard/preferences.json', text)
 */
export function writeAtomicallySync(path: string, text: string): void {
  const target = tryOr(() => realpathSync(path), path);
  const previous = statSync(target, { throwIfNoEntry: false });
  refuseOverwrite(path, previous);
  const temp = tempBeside(target);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', previous ? previous.mode & 0o7777 : 0o666);
    writeFileSync(fd, text, 'utf8');
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    if (previous) chmodSync(temp, previous.mode & 0o7777);
    renameSync(temp, target);
  } catch (err) {
    if (fd !== undefined) tryOr(() => closeSync(fd as number), undefined);
    tryOr(() => unlinkSync(temp), undefined);
    throw err;
  }
  tryOr(() => {
    const folder = openSync(dirname(target), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  }, undefined);
}

const tryOr = <T>(run: () => T, fallback: T): T => {
  try {
    return run();
  } catch {
    return fallback;
  }
};

/**
 * A folder where the file was, or a file nobody may write (made read-only on purpose), is not written
 * over. The folder's error carries the code and path the system's would (EISDIR), for callers that word it.
 */
function refuseOverwrite(path: string, previous: Stats | undefined): void {
  if (previous?.isDirectory())
    throw Object.assign(new Error(`${path} is a folder now, not a file; not saved.`), { code: 'EISDIR', path });
  if (previous && (previous.mode & 0o222) === 0)
    throw new Error(`${path} is read-only; not saved. Make it writable to save it.`);
}

/** A new temporary file's path beside `target` (same folder, so same filesystem). */
const tempBeside = (target: string): string =>
  join(dirname(target), `.${basename(target)}.${process.pid}.${++writes}.tmp`);

/** Makes a rename in `folder` durable; a filesystem that cannot fsync a folder (some network ones) is let be. */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // The rename is done; only its durability across a power cut is left to the filesystem.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
