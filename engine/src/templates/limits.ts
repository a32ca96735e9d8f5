/** Limits that keep a hostile or careless template harmless. */

/** Largest literal count of `{{#repeat n}}`; a bigger one is a config problem, a bigger request value is capped. */
export const MAX_REPEAT = 1000;
/** Iterations of `repeat` blocks in one rendering, nested ones multiplied; past it the request gets a 500. */
export const MAX_ITERATIONS = 10_000;
/** Deepest nesting of blocks and sub-expressions in a template. */
export const MAX_TEMPLATE_DEPTH = 32;
/** Largest rendered text of one template, in characters; past it the request gets a 500. */
export const MAX_OUTPUT_CHARS = 8 * 1024 * 1024;

/**
 * Largest count or length a faker call may make (words, paragraphs, characters…), however it is asked
 * for (`{{faker 'string.alpha' 400000000}}`, `length=…`, `{ min, max }`, or faker's own default range
 * when given `{}`): a bigger one is lowered to it, so one request cannot make faker build gigabytes.
 */
export const MAX_FAKER_COUNT = 1000;

/** Names that reach an object's prototype or constructor; no template path may contain one. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);
