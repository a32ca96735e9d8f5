/**
 * The one Handlebars environment of the mock: its own instance (nothing registered globally), with
 * only Mockyard's helpers and Handlebars' block helpers. Prototype access stays off (Handlebars'
 * default), templates cannot name partials or decorators, and output is not HTML-escaped (it is JSON
 * or the text the author wrote, not HTML).
 */
import Handlebars from 'handlebars/dist/cjs/handlebars.js';

/** Helpers a template may call, with how many positional arguments each takes. */
export const HELPERS: Readonly<Record<string, { min: number; max: number; usage: string }>> = {
  uuid: { min: 0, max: 0, usage: '{{uuid}}' },
  now: { min: 0, max: 1, usage: "{{now}} or {{now 'unix'}}" },
  faker: { min: 1, max: 3, usage: "{{faker 'person.firstName'}}" },
  randomInt: { min: 2, max: 2, usage: '{{randomInt 1 100}}' },
  oneOf: { min: 1, max: 1000, usage: "{{oneOf 'a' 'b' 'c'}}" },
  default: { min: 2, max: 2, usage: "{{default request.query.page '1'}}" },
  json: { min: 1, max: 1, usage: '{{json request.body}}' },
  repeat: { min: 1, max: 1, usage: '{{#repeat 3}}…{{/repeat}}' },
  eq: { min: 2, max: 2, usage: "{{#if (eq request.method 'POST')}}…{{/if}}" },
  if: { min: 1, max: 1, usage: '{{#if value}}…{{/if}}' },
  unless: { min: 1, max: 1, usage: '{{#unless value}}…{{/unless}}' },
  each: { min: 1, max: 1, usage: '{{#each list}}…{{/each}}' },
  with: { min: 1, max: 1, usage: '{{#with value}}…{{/with}}' },
};

/** Helpers used as blocks (`{{#name}}…{{/name}}`); the others are plain values. */
export const BLOCK_HELPERS = new Set(['repeat', 'if', 'unless', 'each', 'with']);
/** The helper that hands a single tag's value back (see parse-template.ts); not for authors. */
export const VALUE_HELPER = '__value';

/** A fresh environment with Handlebars' block helpers only. */
export function newEnvironment(): typeof Handlebars {
  const env = Handlebars.create();
  // `log` writes to the console and `lookup` reads a property named at request time: neither is offered.
  env.unregisterHelper('log');
  env.unregisterHelper('lookup');
  return env;
}

/** The environment that parses (and checks) templates; rendering uses one per config version. */
export const environment = newEnvironment();

export const COMPILE_OPTIONS: CompileOptions = {
  noEscape: true,
  // A name not found in a block's context is looked up in the enclosing ones, so
  // `{{request.params.id}}` works inside `{{#each}}` too.
  compat: true,
  knownHelpersOnly: true,
  knownHelpers: Object.fromEntries([...Object.keys(HELPERS), VALUE_HELPER].map((name) => [name, true])),
};

/** Where the parser stopped after a syntax error: the token it could not use (1-based line, 0-based column). */
export function parserPosition(): { line: number; column: number } {
  // The parser is synchronous and shared; right after it threw, its lexer still points at the bad token.
  // biome-ignore lint/suspicious/noExplicitAny: Handlebars' types do not declare the parser's lexer.
  const where = (Handlebars as any).Parser?.lexer?.yylloc as { first_line?: number; first_column?: number } | undefined;
  return { line: where?.first_line ?? 1, column: where?.first_column ?? 0 };
}
