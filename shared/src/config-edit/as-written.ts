/**
 * The config as the user wrote it, for the studio's forms: each schema, field and endpoint entry
 * with its document path, so a form edits exactly what was written (one `resource:` entry, never the
 * six endpoints it expands into).
 *
 * API CONTRACT (stub): the types and signature below are fixed; the implementation is being written.
 */
import type { DocPath } from './index.js';

export interface WrittenField {
  name: string;
  /** ['schemas', schema, 'properties', name] */
  path: DocPath;
  /** The type as written (may be unknown to the engine: the form shows the engine's problem). */
  type: string;
  required: boolean;
  unique: boolean;
  /** undefined when not written. */
  default?: unknown;
  description?: string;
  /** Written in the short form `name: string` (not a map). */
  short: boolean;
}

export interface WrittenSchema {
  name: string;
  /** ['schemas', name] */
  path: DocPath;
  description?: string;
  fields: WrittenField[];
}

export interface WrittenEndpoint {
  /** Index in `endpoints:`. */
  index: number;
  /** ['endpoints', index] */
  path: DocPath;
  kind: 'resource' | 'endpoint';
  /** The entry's own keys and values as written (plain JSON). */
  value: Record<string, unknown>;
  /** 1-based line of the entry. */
  line: number;
}

export type WrittenConfig =
  | {
      ok: true;
      schemas: WrittenSchema[];
      endpoints: WrittenEndpoint[];
      /** `server:` as written, plain JSON ({} when absent). */
      server: Record<string, unknown>;
    }
  | {
      ok: false;
      /** The first YAML syntax error, 1-based. */
      line: number;
      column: number;
      message: string;
    };

/** Reads the config text as written; `ok: false` when it does not parse as YAML. */
export function readAsWritten(_text: string): WrittenConfig {
  return { ok: false, line: 1, column: 1, message: 'Reading the config as written is not implemented yet.' };
}
