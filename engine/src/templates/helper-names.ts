/** The helpers a template may call, known without loading Handlebars (config checks need only these). */

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
export const BLOCK_HELPERS: ReadonlySet<string> = new Set(['repeat', 'if', 'unless', 'each', 'with']);
/** The helper that hands a single tag's value back (see single-tag.ts); not for authors. */
export const VALUE_HELPER = '__value';
