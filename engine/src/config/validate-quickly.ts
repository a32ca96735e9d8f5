import { checkConfig, type ValidationResult } from './check.js';
import type { ServerOptions } from './compile-server.js';
import { FastSource } from './fast-source.js';
import { isTemplate, templateParserLoaded } from '../templates/template-parser.js';
import { tooLarge } from './source.js';

/** A `body:` key anywhere (block or flow style): a response or callback body, a text template. */
const BODY_KEY = /(?:^|[\s{,])["']?body["']?\s*:/m;

/**
 * The answer for a text that is plainly fine (or too large to read), without loading `yaml`; undefined
 * when the text has a problem to place, which validateConfig (with yaml) then finds and places.
 * `mockyard serve` starts through here: most of its startup was yaml reading the config.
 */
export function validateQuickly(text: string, options: ServerOptions = {}): ValidationResult | undefined {
  const large = tooLarge(text);
  if (large) return { problems: [large] };
  // A text with templates needs the template parser, which loads with the full validator; so does a
  // `body:` without tags, which is compiled as a template all the same (a text answer).
  if (!templateParserLoaded() && (isTemplate(text) || BODY_KEY.test(text))) return undefined;
  const fast = FastSource.parse(text);
  if (!fast) return undefined;
  const result = checkConfig(fast, options);
  return result.problems.length === 0 ? result : undefined;
}
