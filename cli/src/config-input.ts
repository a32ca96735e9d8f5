/** The config a command reads, and its problems reported as the commands report them. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Problem } from '../../shared/src/problems.js';
import { readErrorReason } from '../../engine/src/index.js';
import { EXIT, usage } from './exit.js';
import { type Colors, formatProblem } from './format.js';

/** The config file named on the command line, read; exit 2 without one, 1 when it cannot be read. */
export const readConfig = (file: string | undefined): { path: string; text: string } =>
  readInputFile(file, 'missing CONFIG (a YAML file)');

/**
 * The file a command reads, named on its command line (`name`, as typed), read: exit 2 with `missing`
 * without one, 1 when it cannot be read.
 */
export function readInputFile(file: string | undefined, missing: string): { name: string; path: string; text: string } {
  if (!file) usage(missing);
  const path = resolve(file);
  try {
    return { name: file, path, text: readFileSync(path, 'utf8') };
  } catch (err) {
    process.stderr.write(`mockyard: cannot read ${file}: ${readErrorReason(err)}\n`);
    process.exit(EXIT.invalid);
  }
}

/** Problems that are not in the config's text but in its database (locked, read-only, not a database). */
const STORE_CODES = new Set(['databaseOpenFailed', 'migrationFailed']);
export const storeOnly = (problems: readonly Problem[]): boolean => {
  const errors = problems.filter((p) => p.severity === 'error');
  return errors.length > 0 && errors.every((p) => STORE_CODES.has(p.code));
};

/** Each problem as `file:line:col severity message`, on stderr. */
export function printProblems(file: string, problems: readonly Problem[], c: Colors): void {
  for (const p of problems) process.stderr.write(`${formatProblem(file, p, c)}\n`);
}
