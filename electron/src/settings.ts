import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface AppSettings {
  lastConfig?: string;
  recent: string[];
  window?: { x?: number; y?: number; width: number; height: number; maximized?: boolean };
}

const DEFAULTS: AppSettings = { recent: [] };

/** App-level settings, a JSON file in the app's data folder, written atomically. */
export class SettingsFile {
  private readonly file: string;
  private value: AppSettings;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings.json');
    try {
      this.value = { ...DEFAULTS, ...(JSON.parse(readFileSync(this.file, 'utf8')) as Partial<AppSettings>) };
    } catch {
      this.value = { ...DEFAULTS };
    }
  }

  get(): AppSettings {
    return this.value;
  }

  update(patch: Partial<AppSettings>): void {
    this.value = { ...this.value, ...patch };
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(this.value, null, 2));
    renameSync(temp, this.file);
  }

  /** Remembers an opened config at the top of Open Recent (ten at most). */
  opened(config: string): void {
    this.update({
      lastConfig: config,
      recent: [config, ...this.value.recent.filter((r) => r !== config)].slice(0, 10),
    });
  }
}
