/**
 * Fuzzing the validator with well-formed YAML of random, config-like shapes (and of any JSON shape):
 * this exercises the semantic checks rather than the parser. See config-fuzz-kit.ts.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { check, WORDS } from './config-fuzz-kit.js';
import { fuzzRuns } from './fuzz-runs.js';
const scalarArb = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 8 }),
);
const fieldArb = fc.oneof(
  fc.constantFrom('integer', 'string', 'number', 'boolean', 'datetime', 'json', 'text', 'int'),
  fc.record(
    {
      type: fc.constantFrom('integer', 'string', 'number', 'boolean', 'datetime', 'json', 'uuid'),
      required: fc.boolean(),
      unique: fc.oneof(fc.boolean(), scalarArb),
      default: fc.oneof(scalarArb, fc.jsonValue({ maxDepth: 2 })),
    },
    { requiredKeys: ['type'] },
  ),
  scalarArb,
);
const nameArb = fc.oneof(
  fc.constantFrom('User', 'Post', 'user', 'Users', 'Bad-Name', '1Thing', 'A', '__proto__', 'constructor'),
  fc.string({ maxLength: 6 }),
);
const fieldNameArb = fc.oneof(
  fc.constantFrom('id', 'name', 'slug', 'email', 'authorId', 'bad name', '', '__proto__', 'constructor'),
  fc.string({ maxLength: 6 }),
);
const schemasArb = fc.dictionary(
  nameArb,
  fc.oneof(
    fc.record({ properties: fc.dictionary(fieldNameArb, fieldArb, { maxKeys: 5 }) }, { requiredKeys: [] }),
    scalarArb,
  ),
  { maxKeys: 4 },
);
const pathArb = fc.oneof(
  fc.constantFrom(
    '/users',
    '/users/:id',
    '/posts/:slug',
    '/users/:authorId/posts',
    '/',
    '',
    'users',
    '/a//b',
    '/:',
    '/:id/:id',
    '/__mockyard/reset',
    '/x/*',
    '/é',
  ),
  fc.string({ maxLength: 10 }),
);
const endpointArb = fc.oneof(
  fc.record(
    {
      path: pathArb,
      method: fc.oneof(fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'get', 'FETCH'), scalarArb),
      status: fc.oneof(fc.integer({ min: 0, max: 700 }), scalarArb),
      operation: fc.constantFrom('list', 'get', 'create', 'update', 'delete', 'other'),
      response: fc.oneof(
        fc.record(
          { schema: nameArb, type: fc.constantFrom('array', 'list'), inline: fc.jsonValue({ maxDepth: 3 }) },
          { requiredKeys: [] },
        ),
        scalarArb,
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record({ resource: nameArb, key: fieldNameArb, path: pathArb }, { requiredKeys: ['resource'] }),
  scalarArb,
);
const configArb = fc.record(
  {
    schemas: fc.oneof(schemasArb, scalarArb),
    endpoints: fc.oneof(fc.array(endpointArb, { maxLength: 6 }), scalarArb),
    seed: fc.oneof(
      fc.dictionary(
        nameArb,
        fc.array(fc.dictionary(fieldNameArb, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), { maxLength: 3 }),
      ),
      scalarArb,
    ),
    server: fc.oneof(
      fc.record(
        {
          port: fc.oneof(fc.integer({ min: -5, max: 70000 }), scalarArb),
          host: fc.constantFrom('127.0.0.1', '0.0.0.0', '::', 'localhost', ''),
          cors: fc.oneof(
            fc.boolean(),
            fc.record(
              { origin: fc.oneof(fc.constant('*'), fc.array(fc.string({ maxLength: 8 }))), credentials: fc.boolean() },
              { requiredKeys: [] },
            ),
          ),
          latency: fc.oneof(
            fc.integer({ min: -10, max: 100 }),
            fc.record({ min: fc.integer({ min: -1, max: 50 }), max: fc.integer({ min: -1, max: 50 }) }),
          ),
          admin: fc.oneof(fc.boolean(), fc.record({ token: fc.string({ maxLength: 8 }) })),
          bodyLimit: fc.oneof(fc.integer({ min: -1, max: 1e9 }), scalarArb),
          // Kept in memory: a fuzzed path must not point anywhere on disk (validation never opens it anyway).
          database: fc.constant(':memory:'),
        },
        { requiredKeys: [] },
      ),
      scalarArb,
    ),
    extra: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
);

/** Mostly valid configs: known schema names and field types, endpoints and seed rows built from them, a few slips. */
const SCHEMA_NAMES = ['User', 'Post', 'Tag'] as const;
const TYPES = ['integer', 'string', 'number', 'boolean', 'datetime', 'json'] as const;
const VALUES: Record<(typeof TYPES)[number], fc.Arbitrary<unknown>> = {
  integer: fc.integer(),
  string: fc.string({ maxLength: 6 }),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.boolean(),
  datetime: fc.constantFrom('2024-05-01T12:00:00Z', '2024-05-01', 'yesterday'),
  json: fc.jsonValue({ maxDepth: 2 }),
};
const slip = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ weight: 19, arbitrary: good }, { weight: 1, arbitrary: bad });
const schemaArb = fc.dictionary(
  fc.constantFrom('name', 'slug', 'email', 'score', 'active', 'meta'),
  fc.constantFrom(...TYPES),
  { maxKeys: 4 },
);
const nearValidArb = fc
  .uniqueArray(fc.constantFrom(...SCHEMA_NAMES), { minLength: 1, maxLength: 3 })
  .chain((names) =>
    fc.tuple(fc.constant(names), fc.array(schemaArb, { minLength: names.length, maxLength: names.length })),
  )
  .chain(([names, fieldSets]) => {
    const schemas = Object.fromEntries(
      names.map((name, i) => [
        name,
        { properties: { id: 'integer', ...fieldSets[i] } as Record<string, (typeof TYPES)[number]> },
      ]),
    );
    const nameArb = slip(fc.constantFrom(...names), fc.constant('Missing'));
    const base = (name: string): string => `/${name.toLowerCase()}s`;
    const endpoint = fc.oneof(
      nameArb.map((resource) => ({ resource })),
      fc
        .record({
          name: nameArb,
          op: fc.constantFrom('list', 'get', 'create', 'update', 'replace', 'delete'),
          status: slip(fc.constantFrom(undefined, 200, 201, 204), fc.constantFrom(99, 600)),
        })
        .map(({ name, op, status }) => {
          const one = `${base(name)}/:id`;
          const [method, path] = (
            {
              list: ['GET', base(name)],
              get: ['GET', one],
              create: ['POST', base(name)],
              update: ['PATCH', one],
              replace: ['PUT', one],
              delete: ['DELETE', one],
            } as const
          )[op];
          const response = op === 'list' ? { schema: name, type: 'array' } : { schema: name };
          return { path, method, response, ...(status === undefined ? {} : { status }) };
        }),
      fc
        .record({ path: fc.constantFrom('/health', '/version', '/nested/deep'), inline: fc.jsonValue({ maxDepth: 3 }) })
        .map(({ path, inline }) => ({ path, method: 'GET', response: { inline } })),
    );
    const seedArb = fc.record(
      Object.fromEntries(
        names.map((name) => {
          const props = schemas[name]?.properties ?? {};
          const row = fc.record(
            Object.fromEntries(
              Object.entries(props)
                .filter(([f]) => f !== 'id')
                .map(([f, type]) => [f, slip(VALUES[type], fc.constant('wrong type'))]),
            ),
            { requiredKeys: [] },
          );
          return [name, fc.array(row, { maxLength: 3 })];
        }),
      ),
      { requiredKeys: [] },
    );
    return fc.record({
      server: fc.record(
        { port: fc.integer({ min: 0, max: 65535 }), cors: fc.boolean(), database: fc.constant(':memory:') },
        { requiredKeys: ['database'] },
      ),
      schemas: fc.constant(schemas),
      endpoints: fc.uniqueArray(endpoint, { minLength: 1, maxLength: 5, selector: (e) => JSON.stringify(e) }),
      seed: seedArb,
    });
  });

test('random well-formed YAML of config-like shapes (and of any JSON shape) never throws, hangs or misplaces a problem', (t: TestContext) => {
  let tried = 0;
  let valid = 0;
  const codes = new Map<string, number>();
  fc.assert(
    fc.property(configArb, fc.constantFrom('block', 'flow'), (config, style) => {
      const text = stringify(config, style === 'flow' ? { collectionStyle: 'flow' } : {});
      const { result } = check(text);
      tried++;
      if (result.model) valid++;
    }),
    { seed: 777, numRuns: fuzzRuns(800), includeErrorInReport: true },
  );
  fc.assert(
    fc.property(nearValidArb, (config) => {
      const { result } = check(stringify(config));
      tried++;
      if (result.model) valid++;
      for (const p of result.problems) if (p.severity === 'error') codes.set(p.code, (codes.get(p.code) ?? 0) + 1);
    }),
    { seed: 779, numRuns: fuzzRuns(600), includeErrorInReport: true },
  );
  const shaped = tried;
  t.diagnostic(
    `errors in near-valid configs: ${[...codes]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ')}`,
  );
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
      check(stringify(value));
      tried++;
    }),
    { seed: 778, numRuns: fuzzRuns(250), includeErrorInReport: true },
  );
  t.diagnostic(
    `config-shaped YAML: ${shaped} inputs tried (${valid} valid); any JSON shape as YAML: ${tried - shaped}`,
  );
  assert.ok(
    valid > 100,
    `only ${valid} generated configs were valid: the generator no longer reaches the compiled model`,
  );
});
