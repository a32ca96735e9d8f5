import { join } from 'node:path';
import { JsonFile } from '../../engine/src/index.js';

/** What the desktop app remembers between runs (not preferences: those are the studio's AppSettings). */
export interface DesktopState {
  lastConfig?: string;
  recent: string[];
  window?: { x?: number; y?: number; width: number; height: number; maximized?: boolean };
}

/** The desktop state in `<data folder>/settings.json` (the name earlier versions wrote it under). */
export class DesktopStateFile extends JsonFile<DesktopState> {
  constructor(dataDir: string) {
    super(join(dataDir, 'settings.json'), { defaults: { recent: [] } });
  }

  /** Remembers an opened config at the top of Open Recent (ten at most). */
  opened(config: string): void {
    this.update({
      lastConfig: config,
      recent: [config, ...this.get().recent.filter((r) => r !== config)].slice(0, 10),
    });
  }

  /** Drops a config that is gone from Open Recent (and from the last opened). */
  forget(config: string): void {
    const { recent, lastConfig } = this.get();
    this.update({
      recent: recent.filter((r) => r !== config),
      ...(lastConfig === config ? { lastConfig: undefined } : {}),
    });
  }
}
