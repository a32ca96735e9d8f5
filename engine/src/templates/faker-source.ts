/**
 * @faker-js/faker for the `faker` helper: loaded on the first request that needs it (English only),
 * one instance per config version, seeded from `server.seed` when set.
 */
import type { Faker } from '@faker-js/faker';
import { FAKER_MODULES, FAKER_NAME } from './faker-modules.js';
import { FORBIDDEN_NAMES, MAX_FAKER_COUNT } from './limits.js';

let loading: Promise<typeof import('@faker-js/faker/locale/en')> | undefined;

export class FakerSource {
  private faker: Faker | undefined;
  private pending: Promise<void> | undefined;

  constructor(private readonly seed: number | undefined) {}

  /** Undefined when faker is ready; else a promise that resolves once it is. */
  ready(): Promise<void> | undefined {
    if (this.faker) return undefined;
    loading ??= import('@faker-js/faker/locale/en');
    this.pending ??= loading.then(({ faker: shared }) => {
      // The class is reached through the instance: importing it by name loads every locale.
      const FakerClass = shared.constructor as typeof Faker;
      const faker = new FakerClass({ locale: shared.rawDefinitions });
      if (this.seed !== undefined) faker.seed(this.seed);
      boundCounts(faker);
      this.faker = faker;
    });
    return this.pending;
  }

  /** Calls `module.method` (e.g. person.firstName) with the template's arguments. */
  call(name: unknown, args: unknown[]): unknown {
    const faker = this.faker;
    if (!faker) throw new Error('faker is not loaded');
    const match = typeof name === 'string' ? FAKER_NAME.exec(name) : null;
    const [, moduleName = '', methodName = ''] = match ?? [];
    if (!FAKER_MODULES.includes(moduleName) || FORBIDDEN_NAMES.has(methodName))
      throw new Error(`'${String(name)}' is not a faker method`);
    const module = (faker as unknown as Record<string, Record<string, unknown>>)[moduleName];
    const method = module?.[methodName];
    if (typeof method !== 'function') throw new Error(`'${String(name)}' is not a faker method`);
    const bounded = VALUE_MODULES.has(moduleName) ? args.map(boundedOptions) : args.map(boundedArgument);
    return (method as (...a: unknown[]) => unknown).apply(module, bounded);
  }
}

const clampCount = (n: number): number => Math.min(n, MAX_FAKER_COUNT);

/**
 * Every count and length faker's methods make (string.alpha's length, lorem.paragraphs' count,
 * date.betweens' count…) goes through helpers.rangeToNumber, which a range `{}` or a request's number
 * can make as large as 2^53: this instance's copy lowers the result to MAX_FAKER_COUNT.
 */
function boundCounts(faker: Faker): void {
  const helpers = faker.helpers;
  const rangeToNumber = helpers.rangeToNumber.bind(helpers);
  helpers.rangeToNumber = (range: number | { min: number; max: number }): number => clampCount(rangeToNumber(range));
}

/** Modules whose plain number arguments are values (a maximum, a timestamp, a probability), not sizes. */
const VALUE_MODULES: ReadonlySet<string> = new Set(['number', 'date', 'datatype']);

/** Option keys some methods loop over without rangeToNumber (internet.password's length, commerce.isbn's variant…). */
const SIZE_KEYS: ReadonlySet<string> = new Set(['length', 'count', 'variant']);

/** A number argument of a module that reads it as a size (commerce.isbn(n) loops n times) is lowered too. */
const boundedArgument = (value: unknown): unknown =>
  typeof value === 'number' ? clampCount(value) : boundedOptions(value);

/** A string argument (a separator lorem.paragraphs repeats, characters to draw from) is at most MAX_FAKER_COUNT long. */
function checkedString(value: unknown): void {
  if (typeof value === 'string' && value.length > MAX_FAKER_COUNT)
    throw new Error(`a text argument is ${value.length} characters; at most ${MAX_FAKER_COUNT} are allowed`);
}

/** An options argument with its sizes past MAX_FAKER_COUNT lowered (a copy; the request's value is left as it is). */
function boundedOptions(value: unknown): unknown {
  checkedString(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [, v] of entries) checkedString(v);
  if (!entries.some(([key, v]) => SIZE_KEYS.has(key) && typeof v === 'number' && v > MAX_FAKER_COUNT)) return value;
  return Object.fromEntries(
    entries.map(([key, v]) => [key, SIZE_KEYS.has(key) && typeof v === 'number' ? clampCount(v) : v]),
  );
}
