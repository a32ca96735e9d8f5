import type Database from 'better-sqlite3';
import { RE2JS } from 're2js';

/** The SQL function json-server mode's `_like` calls: `mockyard_regexp(pattern, value)`. */
export const REGEXP_FUNCTION = 'mockyard_regexp';

/** Longest stored value a pattern is run over, in characters; a longer one does not match. */
const MAX_INPUT = 16 * 1024;
/** Compiled patterns kept, so a page's rows do not compile the same pattern again. */
const CACHE_SIZE = 64;

const compiled = new Map<string, RE2JS>();

/**
 * A case-insensitive regular expression as json-server's `_like` reads it, compiled by RE2 (linear
 * time in the input, no backtracking, so a pattern such as `(a+)+$` cannot stall the server).
 * Throws on a pattern RE2 cannot compile; the list parser checks that first (regexpProblem).
 */
export function regexpOf(pattern: string): RE2JS {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Why RE2 refuses a pattern, or undefined when it compiles. */
export function regexpProblem(pattern: string): string | undefined {
  try {
    regexpOf(pattern);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Registers mockyard_regexp on a connection: 1 when the value's text matches, else 0 (null never matches). */
export function addRegexpFunction(db: Database.Database): void {
  db.function(REGEXP_FUNCTION, { deterministic: true }, (pattern: unknown, value: unknown) => {
    if (value === null || value === undefined || typeof pattern !== 'string') return 0;
    const text = String(value);
    return text.length <= MAX_INPUT && regexpOf(pattern).matcher(text).find() ? 1 : 0;
  });
}
