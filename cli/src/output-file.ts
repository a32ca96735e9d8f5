/** The file a command writes (`-o`), written one way by every command. */
import { writeFileSync } from 'node:fs';
import { writeAtomically } from '../../engine/src/index.js';
import { fail } from './exit.js';
import { displayPath } from './format.js';

/**
 * Writes `text` to `out`. With `replace`, through the engine's one atomic writer, so a crash cannot
 * leave the file half-written; without, the file is created exclusively, so an existing one is never
 * replaced. Exits 1 with one line when it cannot be written.
 */
export async function writeOutputFile(out: string, text: string, replace: boolean): Promise<void> {
  try {
    if (replace) await writeAtomically(out, text);
    else writeFileSync(out, text, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      fail(`${displayPath(out)} exists; use --force to overwrite it`, 1);
    fail(`cannot write ${displayPath(out)}: ${(err as Error).message}`, 1);
  }
}
