import { chmod, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let writes = 0;

/**
 * Writes a config file the studio saves, atomically (a temporary file beside it, renamed over it),
 * so a crash mid-save leaves the old text or the new one, never half of either. Through a symlink it
 * writes the file the link points to (renaming over the link would replace it with a copy), keeps
 * the file's permissions (e.g. 0600), and refuses a file nobody may write (made read-only on
 * purpose) and a path that is a folder now, with a message that says so.
 */
export async function writeConfigFile(configPath: string, text: string): Promise<void> {
  const target = await realpath(configPath).catch(() => configPath);
  const previous = await stat(target).catch(() => undefined);
  if (previous?.isDirectory()) throw new Error(`${configPath} is a folder now, not a file; not saved.`);
  if (previous && (previous.mode & 0o222) === 0)
    throw new Error(`${configPath} is read-only; not saved. Make it writable to save it from the studio.`);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${++writes}.tmp`);
  try {
    await writeFile(temp, text, 'utf8');
    if (previous) await chmod(temp, previous.mode & 0o7777);
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
