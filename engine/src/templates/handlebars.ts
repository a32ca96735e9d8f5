/**
 * The Handlebars environments that render templates: one per config version (see render.ts), with
 * only Mockyard's helpers and Handlebars' block helpers. Prototype access stays off (Handlebars'
 * default), and output is not HTML-escaped (it is JSON or the text the author wrote, not HTML).
 * Loaded only when a served config has templates: the compiler is most of Handlebars' load time.
 */
import Handlebars from 'handlebars/dist/cjs/handlebars.js';
import { HELPERS, VALUE_HELPER } from './helper-names.js';

/** A fresh environment with Handlebars' block helpers only. */
export function newEnvironment(): typeof Handlebars {
  const env = Handlebars.create();
  // `log` writes to the console and `lookup` reads a property named at request time: neither is offered.
  env.unregisterHelper('log');
  env.unregisterHelper('lookup');
  return env;
}

export const COMPILE_OPTIONS: CompileOptions = {
  noEscape: true,
  // A name not found in a block's context is looked up in the enclosing ones, so
  // `{{request.params.id}}` works inside `{{#each}}` too.
  compat: true,
  knownHelpersOnly: true,
  knownHelpers: Object.fromEntries([...Object.keys(HELPERS), VALUE_HELPER].map((name) => [name, true])),
};
