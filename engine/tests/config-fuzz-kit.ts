/**
 * What the config fuzz files share (config-fuzz*.test.ts: mutated examples and YAML-ish noise,
 * config-shaped documents, hostile documents, each a file so that they run side by side): the check
 * every generated text goes through, the examples, and the YAML words and tokens the generators use.
 * Whatever the text, validateConfig must return (never throw), promptly, with every problem placed
 * inside the text. Seeds are fixed and runs bounded, so a failure reproduces.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../shared/src/problems.js';
import { validateWithYaml, type ValidationResult } from '../src/config/validate.js';
import { validateQuickly } from '../src/config/validate-quickly.js';

const EXAMPLES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples');
export const EXAMPLES = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(join(EXAMPLES_DIR, f), 'utf8') }));
export const CONFIG_PATH = join(EXAMPLES_DIR, 'fuzz.yaml');

/** One validateConfig call may take this much CPU time before it counts as a hang. */
export const SLOW_MS = 2000;

/**
 * Milliseconds of CPU time this process spent since `start` (a `process.cpuUsage()`): other
 * processes on the machine (npm test runs several files at once) do not count, as they would in
 * wall time.
 */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

export interface Timed {
  result: ValidationResult;
  ms: number;
}

/**
 * Validates as validateConfig does (the quick path, else yaml's), failing on a throw or a call
 * slower than SLOW_MS, and checks every problem's position. When the quick path (js-yaml) answers,
 * which it does only for texts without problems, yaml's path must give exactly the same result:
 * the same values, endpoint lines and schema positions.
 */
export function check(text: string): Timed {
  const start = process.cpuUsage();
  let quick: ValidationResult | undefined;
  let result: ValidationResult;
  try {
    quick = validateQuickly(text, { configPath: CONFIG_PATH });
    result = quick ?? validateWithYaml(text, { configPath: CONFIG_PATH });
  } catch (err) {
    assert.fail(
      `validation threw ${(err as Error).stack ?? String(err)}\nfor input ${JSON.stringify(text.slice(0, 2000))}`,
    );
  }
  const ms = cpuMsSince(start);
  assert.ok(
    ms < SLOW_MS,
    `validation took ${ms.toFixed(0)} ms of CPU (limit ${SLOW_MS}) for input ${JSON.stringify(text.slice(0, 500))}`,
  );
  assertSaneProblems(text, result.problems);
  if (quick)
    assert.deepEqual(
      quick,
      validateWithYaml(text, { configPath: CONFIG_PATH }),
      `the two paths differ for ${JSON.stringify(text.slice(0, 500))}`,
    );
  if (result.model)
    assert.ok(
      result.problems.every((p) => p.severity !== 'error'),
      'a model is only given without errors',
    );
  else if (Buffer.byteLength(text) > 0)
    assert.ok(
      result.problems.some((p) => p.severity === 'error'),
      'no model means at least one error',
    );
  return { result, ms };
}

/** Every problem is well formed and its 1-based range lies inside the text (a column may point just past a line's end). */
export function assertSaneProblems(text: string, problems: readonly Problem[]): void {
  // yaml's LineCounter starts a line after each \n; a lone \r is part of a line.
  const lines = text.split('\n');
  const inside = (line: number, column: number): boolean =>
    Number.isInteger(line) &&
    Number.isInteger(column) &&
    line >= 1 &&
    column >= 1 &&
    line <= lines.length &&
    column <= (lines[line - 1] ?? '').length + 1;
  for (const p of problems) {
    const where = `${p.code} ${p.range.start.line}:${p.range.start.column}-${p.range.end.line}:${p.range.end.column} "${p.message}" in ${JSON.stringify(text.slice(0, 300))}`;
    assert.ok(typeof p.message === 'string' && p.message.trim().length > 0, `empty message: ${where}`);
    assert.ok(!/\bundefined\b|\[object Object\]/.test(p.message), `message with a leaked placeholder: ${where}`);
    assert.ok(p.severity === 'error' || p.severity === 'warning', `bad severity: ${where}`);
    assert.ok(typeof p.code === 'string' && p.code.length > 0, `no code: ${where}`);
    assert.ok(Array.isArray(p.path), `no path: ${where}`);
    assert.ok(inside(p.range.start.line, p.range.start.column), `start outside the text: ${where}`);
    assert.ok(inside(p.range.end.line, p.range.end.column), `end outside the text: ${where}`);
    const ordered =
      p.range.end.line > p.range.start.line ||
      (p.range.end.line === p.range.start.line && p.range.end.column >= p.range.start.column);
    assert.ok(ordered, `range ends before it starts: ${where}`);
  }
}

/** Text fragments that mean something to YAML: structure, quoting, anchors, tags, directives. */
export const TOKENS = [
  '\t',
  ':',
  ': ',
  '-',
  '- ',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&anchor ',
  '*anchor',
  '&a',
  '*a',
  '"',
  "'",
  '#',
  '|',
  '>',
  '? ',
  '!!str ',
  '!!binary ',
  '!tag ',
  '%YAML 1.2\n',
  '---\n',
  '...\n',
  '<<: ',
  '\\',
  '\r',
  '\u0000',
  '\ufeff',
  '@',
  '`',
  'é',
  '😀',
  '~',
  'null',
  '0x1F',
  '1e999',
  '.nan',
];

/** Words of the config language, and values that trip parsers, for the generators to put together. */
export const WORDS = [
  'schemas',
  'endpoints',
  'seed',
  'server',
  'properties',
  'resource',
  'path',
  'method',
  'response',
  'inline',
  'schema',
  'type',
  'array',
  'status',
  'key',
  'operation',
  'required',
  'unique',
  'default',
  'port',
  'host',
  'cors',
  'latency',
  'admin',
  'database',
  'User',
  'Post',
  'id',
  'name',
  'integer',
  'string',
  'number',
  'boolean',
  'datetime',
  'json',
  'GET',
  'POST',
  'PATCH',
  'PUT',
  'DELETE',
  '/users',
  '/users/:id',
  '/:',
  '/__mockyard/x',
  '__proto__',
  'constructor',
  'toString',
  'true',
  'false',
  '~',
  '0',
  '-1',
  '3000',
  '99999999999999999999',
  '1.5',
];
