import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppSettings } from '../../../shared/src/studio-contract.js';
import { DEFAULT_PORT } from '../config/compile-server.js';
import { HttpError } from '../http-error.js';
import { DEFAULT_BODY_LIMIT, DEFAULT_LOG_LIMIT } from '../log/request-log.js';

export const DEFAULT_SETTINGS: AppSettings = {
  defaultPort: DEFAULT_PORT,
  theme: 'system',
  autoApply: true,
  showWelcome: true,
  log: { limit: DEFAULT_LOG_LIMIT, bodyLimit: DEFAULT_BODY_LIMIT, persist: false },
};

/** Checks a settings change from the UI; the file on disk is trusted only as far as it parses. */
function checked(patch: Partial<AppSettings>): Partial<AppSettings> {
  if (
    patch.defaultPort !== undefined &&
    (!Number.isInteger(patch.defaultPort) || patch.defaultPort < 0 || patch.defaultPort > 65535)
  ) {
    throw new HttpError(400, 'The default port is a whole number from 0 to 65535.');
  }
  if (patch.theme !== undefined && !['system', 'light', 'dark'].includes(patch.theme))
    throw new HttpError(400, "The theme is 'system', 'light' or 'dark'.");
  return patch;
}

/** App-level preferences in `<data folder>/preferences.json`, written atomically. */
export class AppSettingsFile {
  private readonly file: string;
  private value: AppSettings;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'preferences.json');
    let saved: Partial<AppSettings> = {};
    try {
      saved = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<AppSettings>;
    } catch {
      // First run, or an unreadable file: the defaults serve and the next change rewrites it.
    }
    this.value = { ...DEFAULT_SETTINGS, ...saved, log: { ...DEFAULT_SETTINGS.log, ...saved.log } };
  }

  get(): AppSettings {
    return this.value;
  }

  update(patch: Partial<AppSettings>): AppSettings {
    const next = checked(patch);
    this.value = { ...this.value, ...next, log: { ...this.value.log, ...next.log } };
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.value, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
    return this.value;
  }
}
