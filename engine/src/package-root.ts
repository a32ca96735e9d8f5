import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The folder of Mockyard's package.json, found by walking up from this file, so that the same code
 * finds examples/, dist/renderer and native/ whether it runs from dist/ or from the CLI bundle.
 */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mockyard') {
      root = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the mockyard package folder.');
    dir = parent;
  }
}

/** A path inside the package, e.g. `fromPackage('examples', 'blog.yaml')`. */
export const fromPackage = (...parts: string[]): string => join(packageRoot(), ...parts);
