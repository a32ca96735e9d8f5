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
 * desktop app's Save As).
 *
 * @example await writeAtomically('/work/mock.yaml', text)
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const previous = await stat(target).catch(() => undefined);
  if (previous?.isDirectory()) throw new Error(`${path} is a folder now, not a file; not saved.`);
  if (previous && (previous.mode & 0o222) === 0)
    throw new Error(`${path} is read-only; not saved. Make it writable to save it.`);
  const folder = dirname(target);
  const temp = join(folder, `.${basename(target)}.${process.pid}.${++writes}.tmp`);
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
