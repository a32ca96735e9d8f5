/** The helpers a template may call, known without loading Handlebars (config checks need only these). */

/** How a helper is called: how many positional arguments it takes, and an example. */
export interface HelperSpec {
  min: number;
  max: number;
  usage: string;
  /** Used as a block (`{{#name}}…{{/name}}`), not as a plain value. */
  block?: true;
}

/** A helper that gives a value, `{{name …}}`, taking `min` to `max` arguments. */
const value = (min: number, max: number, usage: string): HelperSpec => ({ min, max, usage });

/** A block helper, `{{#name argument}}…{{/name}}`: each takes one argument. */
const block = (name: string, argument: string): HelperSpec => ({
  min: 1,
  max: 1,
  usage: `{{#${name} ${argument}}}…{{/${name}}}`,
  block: true,
});

/** Helpers a template may call, in the order error messages list them. */
export const HELPERS: Readonly<Record<string, HelperSpec>> = {
  uuid: value(0, 0, '{{uuid}}'),
  now: value(0, 1, "{{now}} or {{now 'unix'}}"),
  faker: value(1, 3, "{{faker 'person.firstName'}}"),
  randomInt: value(2, 2, '{{randomInt 1 100}}'),
  oneOf: value(1, 1000, "{{oneOf 'a' 'b' 'c'}}"),
  default: value(2, 2, "{{default request.query.page '1'}}"),
  json: value(1, 1, '{{json request.body}}'),
  repeat: block('repeat', '3'),
  eq: value(2, 2, "{{#if (eq request.method 'POST')}}…{{/if}}"),
  if: block('if', 'value'),
  unless: block('unless', 'value'),
  each: block('each', 'list'),
  with: block('with', 'value'),
};

/** Helpers used as blocks; the others are plain values. */
export const BLOCK_HELPERS: ReadonlySet<string> = new Set(
  Object.entries(HELPERS)
    .filter(([, spec]) => spec.block)
    .map(([name]) => name),
);
/** The helper that hands a single tag's value back (see single-tag.ts); not for authors. */
export const VALUE_HELPER = '__value';
