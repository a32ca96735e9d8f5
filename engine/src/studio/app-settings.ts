import { join } from 'node:path';
import { isPort, portMessage } from '../../../shared/src/port.js';
import type { AppSettings } from '../../../shared/src/studio-contract.js';
import { DEFAULT_PORT } from '../config/compile-server.js';
import { DomainError } from '../domain-error.js';
import { DEFAULT_LOG_BODY_BYTES, DEFAULT_LOG_LIMIT } from '../log/request-log.js';
import { JsonFile } from '../settings/json-file.js';

export const DEFAULT_SETTINGS: AppSettings = {
  defaultPort: DEFAULT_PORT,
  theme: 'system',
  autoApply: true,
  showWelcome: true,
  log: { limit: DEFAULT_LOG_LIMIT, bodyLimit: DEFAULT_LOG_BODY_BYTES, persist: false },
};

/** Checks a settings change from the UI; the file on disk is trusted only as far as it parses. */
function check(patch: Partial<AppSettings>): void {
  if (patch.defaultPort !== undefined && !isPort(patch.defaultPort))
    throw new DomainError('invalid', portMessage('The default port', patch.defaultPort));
  if (patch.theme !== undefined && !['system', 'light', 'dark'].includes(patch.theme))
    throw new DomainError('invalid', "The theme is 'system', 'light' or 'dark'.");
}

// The log settings are a nested object: a change to one of them keeps the others.
const merge = (base: AppSettings, patch: Partial<AppSettings>): AppSettings => ({
  ...base,
  ...patch,
  log: { ...base.log, ...patch.log },
});

/** App-level preferences (the studio's Settings) in `<data folder>/preferences.json`. */
export class AppSettingsFile extends JsonFile<AppSettings> {
  constructor(dataDir: string) {
    super(join(dataDir, 'preferences.json'), { defaults: DEFAULT_SETTINGS, merge, check });
  }
}
