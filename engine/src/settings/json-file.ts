import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeAtomicallySync } from '../files/write-atomically.js';

export interface JsonFileOptions<T extends object> {
  /** What a missing or unreadable file reads as, and what a partial file is filled in from. */
  defaults: T;
  /** Applies a change (or what the file holds) over a value; a shallow merge unless nested parts need more. */
  merge?: (base: T, patch: Partial<T>) => T;
  /** Refuses a bad change by throwing, before anything is written. The file itself is trusted as far as it parses. */
  check?: (patch: Partial<T>) => void;
}

const shallow = <T extends object>(base: T, patch: Partial<T>): T => ({ ...base, ...patch });

/**
 * A small JSON file of settings: read once with defaults, changed by patches, and written with
 * `writeAtomically` (fsynced temporary file renamed over the old one, folder fsynced, symlinks and
 * permissions kept), so a crash or power cut mid-write never leaves half a file.
 */
export class JsonFile<T extends object> {
  private value: T;
  private readonly merge: (base: T, patch: Partial<T>) => T;

  constructor(
    readonly file: string,
    private readonly options: JsonFileOptions<T>,
  ) {
    this.merge = options.merge ?? shallow;
    let saved: Partial<T> = {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) saved = parsed as Partial<T>;
    } catch {
      // First run, or an unreadable file: the defaults serve and the next change rewrites it.
    }
    this.value = this.merge(options.defaults, saved);
  }

  /** The current value. */
  get(): T {
    return this.value;
  }

  /**
   * Checks and applies a change, writes the file (`writeAtomicallySync`: synchronous, so a change
   * made as a window closes is on disk before the app quits) and returns the new value. A failed
   * write throws and leaves the value as it was.
   */
  update(patch: Partial<T>): T {
    this.options.check?.(patch);
    const next = this.merge(this.value, patch);
    mkdirSync(dirname(this.file), { recursive: true });
    writeAtomicallySync(this.file, JSON.stringify(next, null, 2));
    this.value = next;
    return next;
  }
}
