import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isConfigPath } from '../../../shared/src/config-file.js';

/**
 * The config a command line names, as an absolute path: the first argument with a config's
 * extension, relative paths resolved against `workingDirectory` (for `second-instance`, the second
 * instance's own directory, which Electron passes, not this process's). Linux desktop entries pass
 * files as `file://` URIs (`%U`), which become paths. Switches (`--…`) and the executable (and, when
 * run as `electron .`, the app's folder) are not configs.
 */
export function configFromArgv(argv: readonly string[], workingDirectory: string): string | undefined {
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    let path = arg;
    if (/^file:\/\//i.test(arg)) {
      try {
        path = fileURLToPath(arg);
      } catch {
        continue;
      }
    }
    if (isConfigPath(path)) return resolve(workingDirectory, path);
  }
  return undefined;
}
