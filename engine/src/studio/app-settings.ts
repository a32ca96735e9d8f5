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
const merge = <T extends AppSettings>(base: T, patch: Partial<T>): T => ({
  ...base,
  ...patch,
  log: { ...base.log, ...patch.log },
});

type Theme = AppSettings['theme'];

/** What preferences.json holds: the settings, and the theme each config's studio chose (by the config's path). */
export interface StoredSettings extends AppSettings {
  themes?: Record<string, Theme>;
}

/** Configs whose theme is remembered; the one chosen longest ago is forgotten first. */
export const THEMES_KEPT = 200;

/**
 * App-level preferences (the studio's Settings) in `<data folder>/preferences.json`. The theme is
 * each studio's own (two studios on two configs are told apart at a glance); `theme` itself is
 * the one a config that never chose gets. The rest is shared by every studio of the user.
 */
export class AppSettingsFile extends JsonFile<StoredSettings> {
  constructor(dataDir: string) {
    super(join(dataDir, 'preferences.json'), { defaults: DEFAULT_SETTINGS, merge, check });
  }

  /** The settings as the studio of `configPath` sees them: its own theme, or the default one. */
  for(configPath: string): AppSettings {
    const { themes, ...settings } = this.get();
    const own = themes?.[configPath];
    return own === undefined ? settings : { ...settings, theme: own };
  }

  /** A change made in the studio of `configPath`: a theme is that config's alone, the rest is for all. */
  updateFor(configPath: string, patch: Partial<AppSettings>): AppSettings {
    const { theme, ...shared } = patch;
    check(patch);
    if (theme === undefined) this.update(shared);
    else {
      // Set last, so the oldest choices are the first keys and the first forgotten.
      const themes = Object.entries(this.get().themes ?? {}).filter(([path]) => path !== configPath);
      themes.push([configPath, theme]);
      this.update({ ...shared, themes: Object.fromEntries(themes.slice(-THEMES_KEPT)) });
    }
    return this.for(configPath);
  }
}
