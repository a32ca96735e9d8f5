import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root, from dist/engine/tests/. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * How to run the CLI: bin/mockyard.cjs (the rolldown bundle) after `npm run build`; when only
 * `tsc -b` ran since, the bundle is older than the compiled sources and would test old code, so
 * then the compiled CLI runs instead.
 */
export function cliCommand(): string[] {
  const bundle = join(ROOT, 'dist/cli-bundle/main.cjs');
  const newest = (dir: string): number => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) latest = Math.max(latest, newest(full));
      else if (entry.name.endsWith('.js')) latest = Math.max(latest, statSync(full).mtimeMs);
    }
    return latest;
  };
  const sources = Math.max(...['dist/cli/src', 'dist/engine/src', 'dist/shared/src'].map((d) => newest(join(ROOT, d))));
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= sources) return [join(ROOT, 'bin/mockyard.cjs')];
  const main = pathToFileURL(join(ROOT, 'dist/cli/src/main.js')).href;
  return [
    '--input-type=module',
    '-e',
    `const { main } = await import(${JSON.stringify(main)}); await main(process.argv.slice(1));`,
  ];
}
