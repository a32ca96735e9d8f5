/**
 * Renders templates for one config version: an environment of its own whose helpers draw on the
 * version's randomness (seeded by `server.seed`) and faker. Each template is compiled once, on first use.
 *
 * The missing-value rule: a value that is not there (a parameter, query value, header or body field
 * that was not sent, or a path through something that is not an object) is `null` when a string is
 * exactly that one tag, and empty text inside other text. `default` supplies a fallback.
 */
import type { FakerSource } from './faker-source.js';
import { COMPILE_OPTIONS, newEnvironment } from './handlebars.js';
import { VALUE_HELPER } from './helper-names.js';
import { MAX_ITERATIONS, MAX_OUTPUT_CHARS, MAX_REPEAT } from './limits.js';
import { type Randomness, randomIntIn } from './random.js';
import type { TemplateModel } from './template-model.js';

/** A failure only a request can show (a helper given a wrong value, a limit passed): a 500 naming the endpoint. */
export class TemplateError extends Error {}

/** What one rendering may still spend, shared by its loops, and the value a single tag hands back. */
class RenderState {
  iterations = 0;
  chars = 0;
  value: unknown;

  /** Counts one loop iteration's output against the limits. */
  spend(text: string): string {
    if (++this.iterations > MAX_ITERATIONS)
      throw new TemplateError(`the template loops more than ${MAX_ITERATIONS} times`);
    return this.count(text.length, text);
  }

  /** Counts `chars` more characters of output (a helper's result, separators) against the cap; hands `value` back. */
  count<T>(chars: number, value: T): T {
    this.chars += chars;
    if (this.chars > MAX_OUTPUT_CHARS)
      throw new TemplateError(`the template renders more than ${MAX_OUTPUT_CHARS} characters`);
    return value;
  }
}

type Options = Handlebars.HelperOptions;
/** The helper's own options object is always the last argument Handlebars passes. */
const split = (args: unknown[]): { values: unknown[]; options: Options } => ({
  values: args.slice(0, -1),
  options: args[args.length - 1] as Options,
});
const stateOf = (options: Options): RenderState => (options.data as { state: RenderState }).state;

/** Text for comparisons: strings as they are, other values as JSON. */
export const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

function numberArgument(helper: string, value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n))
    throw new TemplateError(`${helper} needs numbers, not ${JSON.stringify(value) ?? 'nothing'}`);
  return n;
}

/** The characters a helper's result adds to the output (a string's length; other values as JSON). */
const sizeOf = (value: unknown): number =>
  typeof value === 'string' ? value.length : value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);

export type TemplateContext = {
  request: Record<string, unknown>;
  /** The scenarios' current states, for an endpoint whose templates read `scenario.<name>`. */
  scenario?: Record<string, string>;
  /** A callback's templates: the response it follows (status, headers, body). */
  response?: Record<string, unknown>;
  /** A WebSocket endpoint's templates: the incoming frame, its parsed JSON or its text. */
  message?: unknown;
};

export class TemplateRenderer {
  private readonly env = newEnvironment();
  private readonly compiled = new WeakMap<TemplateModel, HandlebarsTemplateDelegate>();

  constructor(
    random: Randomness,
    readonly faker: FakerSource,
  ) {
    const env = this.env;
    const each = env.helpers.each as (this: unknown, context: unknown, options: Options) => string;
    env.registerHelper('each', function (this: unknown, context: unknown, options: Options) {
      const state = stateOf(options);
      const fn = options.fn;
      return each.call(this, context, {
        ...options,
        fn: (ctx: unknown, o?: Handlebars.RuntimeOptions) => state.spend(fn(ctx, o)),
      });
    });
    env.registerHelper(VALUE_HELPER, (value: unknown, options: Options) => {
      stateOf(options).value = value;
      return '';
    });
    env.registerHelper('uuid', () => random.uuid());
    env.registerHelper('now', (...args: unknown[]) => {
      const { values } = split(args);
      return values[0] === 'unix' ? Math.floor(Date.now() / 1000) : new Date().toISOString();
    });
    env.registerHelper('faker', (...args: unknown[]) => {
      const { values, options } = split(args);
      const [name, ...rest] = values;
      const hash = options.hash && Object.keys(options.hash).length > 0 ? [options.hash] : [];
      let result: unknown;
      try {
        result = this.faker.call(name, [...rest, ...hash]);
      } catch (err) {
        throw new TemplateError(`faker ${JSON.stringify(name)}: ${(err as Error).message}`);
      }
      return stateOf(options).count(sizeOf(result), result);
    });
    env.registerHelper('randomInt', (min: unknown, max: unknown) => {
      const a = Math.ceil(numberArgument('randomInt', min));
      const b = Math.floor(numberArgument('randomInt', max));
      return a <= b ? randomIntIn(random, a, b) : randomIntIn(random, b, a);
    });
    env.registerHelper('oneOf', (...args: unknown[]) => {
      const { values } = split(args);
      return values[Math.floor(random.next() * values.length)];
    });
    env.registerHelper('default', (value: unknown, fallback: unknown) =>
      value === undefined || value === null ? fallback : value,
    );
    env.registerHelper('json', (value: unknown, options: Options) => {
      const text = JSON.stringify(value ?? null);
      return stateOf(options).count(text.length, text);
    });
    env.registerHelper('eq', (a: unknown, b: unknown) => textOf(a) === textOf(b));
    env.registerHelper('repeat', function (this: unknown, count: unknown, options: Options) {
      const state = stateOf(options);
      const n = Math.min(MAX_REPEAT, Math.max(0, Math.floor(Number(count) || 0)));
      const separator = typeof options.hash?.separator === 'string' ? options.hash.separator : '';
      // The separators are output too: n - 1 of them, counted before they are joined.
      if (n > 1) state.count(separator.length * (n - 1), undefined);
      const parts: string[] = [];
      for (let index = 0; index < n; index++) {
        const data = { ...options.data, index, first: index === 0, last: index === n - 1 };
        parts.push(state.spend(options.fn(this, { data })));
      }
      return parts.join(separator);
    });
  }

  private run(template: TemplateModel, context: TemplateContext): { text: string; state: RenderState } {
    let fn = this.compiled.get(template);
    if (!fn) {
      fn = this.env.compile(template.ast, COMPILE_OPTIONS);
      this.compiled.set(template, fn);
    }
    const state = new RenderState();
    const text = fn(context, {
      data: { state },
      allowProtoPropertiesByDefault: false,
      allowProtoMethodsByDefault: false,
    });
    return { text, state };
  }

  /** The template's value: a single tag's own value (null when missing), else the rendered text. */
  value(template: TemplateModel, context: TemplateContext): unknown {
    const { text, state } = this.run(template, context);
    return template.single ? (state.value ?? null) : text;
  }

  /** The template as text: a single tag's value as Handlebars would print it. */
  text(template: TemplateModel, context: TemplateContext): string {
    const { text, state } = this.run(template, context);
    if (!template.single) return text;
    return state.value === undefined || state.value === null ? '' : String(state.value);
  }
}
