import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fromPackage } from '../package-root.js';

/** examples/blog.yaml of this package: the sample every new user starts from. */
export const sampleSource = (): string => fromPackage('examples', 'blog.yaml');

/** Where the browser studio keeps its sample when no app data folder is given. */
export function defaultDataDir(): string {
  if (process.env.MOCKYARD_HOME) return process.env.MOCKYARD_HOME;
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Mockyard');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Mockyard');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'mockyard');
}

/**
 * The sample workspace's config, created on first use from examples/blog.yaml (with its seed rows)
 * and left alone afterwards, so the user's edits survive.
 */
export function ensureSampleWorkspace(dataDir: string = defaultDataDir()): string {
  const config = join(dataDir, 'sample', 'blog.mockyard.yaml');
  if (!existsSync(config)) {
    mkdirSync(dirname(config), { recursive: true });
    copyFileSync(sampleSource(), config);
  }
  return config;
}
