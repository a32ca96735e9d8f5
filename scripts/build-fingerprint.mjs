// A build step's fingerprint: a hash of the contents of every file it reads (its own config, its
// sources, package-lock.json for its dependencies). scripts/build.mjs skips a step whose fingerprint
// is the one its last successful run left in dist/.build/, when its output is still there: `npm test`
// builds first, and on a tree built a moment ago (as CI's `npm install` leaves it) the renderer's type
// check, vite and rolldown cost ~21 CPU-s for nothing. Contents, not times: a checkout or a copy that
// keeps the bytes keeps the fingerprint, and any edit changes it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under `path` (a file or a folder), node_modules left out, in a stable order. */
function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true })
    .filter((f) => !f.split(sep).includes('node_modules'))
    .map((f) => join(path, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** The hash of the paths (relative to `root`) and contents of every file under `inputs`. */
export function fingerprint(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs)
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  return hash.digest('hex');
}

const stampPath = (root, name) => join(root, 'dist', '.build', `${name}.sha256`);

/** True when the step last succeeded on these very inputs and its output is still there. */
export function upToDate(root, name, print, output) {
  const stamp = stampPath(root, name);
  return existsSync(stamp) && existsSync(join(root, output)) && readFileSync(stamp, 'utf8') === print;
}

/** Records a successful run (or, with no print, forgets the last one: the step runs next time). */
export function remember(root, name, print) {
  const stamp = stampPath(root, name);
  if (print === undefined) return rmSync(stamp, { force: true });
  mkdirSync(join(root, 'dist', '.build'), { recursive: true });
  writeFileSync(stamp, print);
}
