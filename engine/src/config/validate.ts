// The template parser loads with the full validator (see templates/template-parser.ts).
import '../templates/parse-template.js';
import { byPosition, checkConfig, type ValidationResult } from './check.js';
import type { ServerOptions } from './compile-server.js';
import { tooLarge } from './source.js';
import { validateQuickly } from './validate-quickly.js';
import { YamlSource } from './yaml-source.js';

export type { ValidationResult } from './check.js';

/**
 * Parses and checks a config text, collecting every problem with its line and column.
 * Most texts are fine and validateQuickly reads them; any problem at all, and the text is read again
 * by yaml, which places every problem (and adds yaml's own), so positions never depend on the path.
 * @example validateConfig(text, { configPath: 'blog.yaml' }).problems
 */
export function validateConfig(text: string, options: ServerOptions = {}): ValidationResult {
  return validateQuickly(text, options) ?? validateWithYaml(text, options);
}

/** The full path alone: the text read by yaml, every problem placed. (Tests compare the two paths.) */
export function validateWithYaml(text: string, options: ServerOptions = {}): ValidationResult {
  const large = tooLarge(text);
  if (large) return { problems: [large] };
  const source = new YamlSource(text);
  if (source.problems.some((p) => p.severity === 'error')) return { problems: [...source.problems].sort(byPosition) };
  const result = checkConfig(source, options);
  if (source.problems.length > 0) {
    result.problems.push(...source.problems);
    result.problems.sort(byPosition);
  }
  return result;
}
