import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonFile } from '../../engine/src/index.js';
import { CASE_INSENSITIVE_PATHS, samePath } from './lifecycle/same-path.js';

/** What the desktop app remembers between runs (not preferences: those are the studio's AppSettings). */
export interface DesktopState {
  lastConfig?: string;
  recent: string[];
  window?: { x?: number; y?: number; width: number; height: number; maximized?: boolean };
  /** Unsaved edits kept when Windows ended the session, offered at the next start (lifecycle/recovery.ts). */
  recovered?: { config: string; copy: string; when?: string };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The fields of `saved` that have their type; the others are dropped (and named in `problems`).
 * A hand-edited or damaged file (`"recent": null`) must not stop the app at every start.
 */
export function validDesktopState(saved: Record<string, unknown>): {
  state: Partial<DesktopState>;
  problems: string[];
} {
  const state: Partial<DesktopState> = {};
  const problems: string[] = [];
  const { lastConfig, recent, window, recovered } = saved;
  if (lastConfig !== undefined) {
    if (isText(lastConfig)) state.lastConfig = lastConfig;
    else problems.push('lastConfig is not a path');
  }
  if (recent !== undefined) {
    if (Array.isArray(recent) && recent.every(isText)) state.recent = recent.slice(0, 10);
    else problems.push('recent is not a list of paths');
  }
  if (window !== undefined) {
    const w = window as Record<string, unknown> | null;
    const ok =
      w !== null &&
      typeof w === 'object' &&
      isNumber(w.width) &&
      isNumber(w.height) &&
      (w.x === undefined || isNumber(w.x)) &&
      (w.y === undefined || isNumber(w.y));
    if (ok) state.window = { ...(w as DesktopState['window'] & object), maximized: w.maximized === true };
    else problems.push('window is not a size and position');
  }
  if (recovered !== undefined) {
    const r = recovered as Record<string, unknown> | null;
    if (r !== null && typeof r === 'object' && isText(r.config) && isText(r.copy))
      state.recovered = { config: r.config, copy: r.copy, ...(isText(r.when) ? { when: r.when } : {}) };
    else problems.push('recovered is not a pair of paths');
  }
  return { state, problems };
}

/** The desktop state in `<data folder>/settings.json` (the name earlier versions wrote it under). */
export class DesktopStateFile extends JsonFile<DesktopState> {
  /** What was wrong with the file as read (its bad fields were dropped; a copy is kept as `settings.json.bad`). */
  readonly problems: string[];

  constructor(
    dataDir: string,
    private readonly caseInsensitive = CASE_INSENSITIVE_PATHS,
  ) {
    const problems: string[] = [];
    super(join(dataDir, 'settings.json'), {
      defaults: { recent: [] },
      // Applied to what the file holds when read, and to each change (typed already, so it passes).
      merge: (base, patch) => {
        const checked = validDesktopState(patch as Record<string, unknown>);
        problems.push(...checked.problems);
        const cleared = Object.fromEntries(Object.entries(patch).filter(([, value]) => value === undefined));
        return { ...base, ...cleared, ...checked.state };
      },
    });
    if (!parses(this.file)) problems.push('it is not JSON');
    this.problems = problems;
    if (problems.length) keepBadCopy(this.file);
  }

  /** Remembers an opened config at the top of Open Recent (ten at most). */
  opened(config: string): void {
    this.update({
      lastConfig: config,
      recent: [config, ...this.get().recent.filter((r) => !samePath(r, config, this.caseInsensitive))].slice(0, 10),
    });
  }

  /** Drops a config that is gone from Open Recent (and from the last opened). */
  forget(config: string): void {
    const { recent, lastConfig } = this.get();
    this.update({
      recent: recent.filter((r) => !samePath(r, config, this.caseInsensitive)),
      ...(lastConfig && samePath(lastConfig, config, this.caseInsensitive) ? { lastConfig: undefined } : {}),
    });
  }
}

/** False for a file that exists and is not JSON (JsonFile reads it as the defaults). */
function parses(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return true;
  }
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the file as it was before the next write replaces it; a copy that cannot be made is no reason not to start. */
function keepBadCopy(file: string): void {
  try {
    copyFileSync(file, `${file}.bad`);
  } catch {
    // Nothing readable to keep.
  }
}
