/**
 * @faker-js/faker for the `faker` helper: loaded on the first request that needs it (English only),
 * one instance per config version, seeded from `server.seed` when set.
 */
import type { Faker } from '@faker-js/faker';
import { FAKER_MODULES, FAKER_NAME } from './faker-modules.js';
import { FORBIDDEN_NAMES } from './limits.js';

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
    return (method as (...a: unknown[]) => unknown).apply(module, args);
  }
}
