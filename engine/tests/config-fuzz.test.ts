/**
 * Fuzzing the YAML loader and the validator: mutated examples, YAML-ish noise, random config-shaped
 * documents, and hostile inputs (alias bombs, huge and deeply nested documents). Whatever the text,
 * validateConfig must return (never throw), promptly, with every problem placed inside the text.
 * Seeds are fixed and runs bounded, so a failure reproduces and the file stays well under a minute.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { Problem } from '../../shared/src/problems.js';
import { validateConfig, validateWithYaml, type ValidationResult } from '../src/config/validate.js';
import { validateQuickly } from '../src/config/validate-quickly.js';
import { MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH } from '../src/config/source.js';
import { MAX_YAML_ERRORS } from '../src/config/yaml-source.js';

const EXAMPLES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples');
const EXAMPLES = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(join(EXAMPLES_DIR, f), 'utf8') }));
const CONFIG_PATH = join(EXAMPLES_DIR, 'fuzz.yaml');

/** One validateConfig call may take this much CPU time before it counts as a hang. */
const SLOW_MS = 2000;

/**
 * Milliseconds of CPU time this process spent since `start` (a `process.cpuUsage()`): other
 * processes on the machine (npm test runs several files at once) do not count, as they would in
 * wall time.
 */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

interface Timed {
  result: ValidationResult;
  ms: number;
}

/**
 * Validates as validateConfig does (the quick path, else yaml's), failing on a throw or a call
 * slower than SLOW_MS, and checks every problem's position. When the quick path (js-yaml) answers,
 * which it does only for texts without problems, yaml's path must give exactly the same result:
 * the same values, endpoint lines and schema positions.
 */
function check(text: string): Timed {
  const start = process.cpuUsage();
  let quick: ValidationResult | undefined;
  let result: ValidationResult;
  try {
    quick = validateQuickly(text, { configPath: CONFIG_PATH });
    result = quick ?? validateWithYaml(text, { configPath: CONFIG_PATH });
  } catch (err) {
    assert.fail(
      `validation threw ${(err as Error).stack ?? String(err)}\nfor input ${JSON.stringify(text.slice(0, 2000))}`,
    );
  }
  const ms = cpuMsSince(start);
  assert.ok(
    ms < SLOW_MS,
    `validation took ${ms.toFixed(0)} ms of CPU (limit ${SLOW_MS}) for input ${JSON.stringify(text.slice(0, 500))}`,
  );
  assertSaneProblems(text, result.problems);
  if (quick)
    assert.deepEqual(
      quick,
      validateWithYaml(text, { configPath: CONFIG_PATH }),
      `the two paths differ for ${JSON.stringify(text.slice(0, 500))}`,
    );
  if (result.model)
    assert.ok(
      result.problems.every((p) => p.severity !== 'error'),
      'a model is only given without errors',
    );
  else if (Buffer.byteLength(text) > 0)
    assert.ok(
      result.problems.some((p) => p.severity === 'error'),
      'no model means at least one error',
    );
  return { result, ms };
}

/** Every problem is well formed and its 1-based range lies inside the text (a column may point just past a line's end). */
function assertSaneProblems(text: string, problems: readonly Problem[]): void {
  // yaml's LineCounter starts a line after each \n; a lone \r is part of a line.
  const lines = text.split('\n');
  const inside = (line: number, column: number): boolean =>
    Number.isInteger(line) &&
    Number.isInteger(column) &&
    line >= 1 &&
    column >= 1 &&
    line <= lines.length &&
    column <= (lines[line - 1] ?? '').length + 1;
  for (const p of problems) {
    const where = `${p.code} ${p.range.start.line}:${p.range.start.column}-${p.range.end.line}:${p.range.end.column} "${p.message}" in ${JSON.stringify(text.slice(0, 300))}`;
    assert.ok(typeof p.message === 'string' && p.message.trim().length > 0, `empty message: ${where}`);
    assert.ok(!/\bundefined\b|\[object Object\]/.test(p.message), `message with a leaked placeholder: ${where}`);
    assert.ok(p.severity === 'error' || p.severity === 'warning', `bad severity: ${where}`);
    assert.ok(typeof p.code === 'string' && p.code.length > 0, `no code: ${where}`);
    assert.ok(Array.isArray(p.path), `no path: ${where}`);
    assert.ok(inside(p.range.start.line, p.range.start.column), `start outside the text: ${where}`);
    assert.ok(inside(p.range.end.line, p.range.end.column), `end outside the text: ${where}`);
    const ordered =
      p.range.end.line > p.range.start.line ||
      (p.range.end.line === p.range.start.line && p.range.end.column >= p.range.start.column);
    assert.ok(ordered, `range ends before it starts: ${where}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations of the examples

/** Text fragments that mean something to YAML: structure, quoting, anchors, tags, directives. */
const TOKENS = [
  '\t',
  ':',
  ': ',
  '-',
  '- ',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&anchor ',
  '*anchor',
  '&a',
  '*a',
  '"',
  "'",
  '#',
  '|',
  '>',
  '? ',
  '!!str ',
  '!!binary ',
  '!tag ',
  '%YAML 1.2\n',
  '---\n',
  '...\n',
  '<<: ',
  '\\',
  '\r',
  '\u0000',
  '\ufeff',
  '@',
  '`',
  'é',
  '😀',
  '~',
  'null',
  '0x1F',
  '1e999',
  '.nan',
];

type Mutation =
  | { kind: 'flip'; at: number; char: string }
  | { kind: 'flipBit'; at: number; bit: number }
  | { kind: 'deleteLine'; at: number }
  | { kind: 'duplicateLine'; at: number }
  | { kind: 'swapLines'; at: number; other: number }
  | { kind: 'indent'; at: number; by: number }
  | { kind: 'insert'; at: number; token: string }
  | { kind: 'truncate'; at: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    char: fc.oneof(fc.constantFrom(...TOKENS), fc.string({ minLength: 1, maxLength: 1, unit: 'binary' })),
  }),
  fc.record({ kind: fc.constant('flipBit' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('deleteLine' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swapLines' as const), at: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('indent' as const), at: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), token: fc.constantFrom(...TOKENS) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(text: string, m: Mutation): string {
  const lines = text.split('\n');
  const line = m.at % Math.max(1, lines.length);
  switch (m.kind) {
    case 'flip': {
      const at = m.at % Math.max(1, text.length);
      return text.slice(0, at) + m.char + text.slice(at + 1);
    }
    case 'flipBit': {
      // A bit flip in the UTF-8 bytes, read back as the loader does (invalid sequences become U+FFFD).
      const bytes = Buffer.from(text);
      if (bytes.length === 0) return text;
      const at = m.at % bytes.length;
      bytes[at] = (bytes[at] ?? 0) ^ (1 << m.bit);
      return bytes.toString('utf8');
    }
    case 'deleteLine':
      lines.splice(line, 1);
      return lines.join('\n');
    case 'duplicateLine':
      lines.splice(line, 0, lines[line] ?? '');
      return lines.join('\n');
    case 'swapLines': {
      const other = m.other % Math.max(1, lines.length);
      [lines[line], lines[other]] = [lines[other] ?? '', lines[line] ?? ''];
      return lines.join('\n');
    }
    case 'indent': {
      const current = lines[line] ?? '';
      lines[line] = m.by >= 0 ? ' '.repeat(m.by) + current : current.replace(new RegExp(`^ {0,${-m.by}}`), '');
      return lines.join('\n');
    }
    case 'insert': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.token + text.slice(at);
    }
    case 'truncate':
      return text.slice(0, m.at % (text.length + 1));
  }
}

test('mutated examples (byte flips, lines deleted, duplicated, swapped, re-indented, YAML tokens inserted) never throw, hang or misplace a problem', (t: TestContext) => {
  let tried = 0;
  let rejected = 0;
  let slowest = 0;
  for (const [i, example] of EXAMPLES.entries()) {
    fc.assert(
      fc.property(fc.array(mutationArb, { minLength: 1, maxLength: 6 }), (mutations) => {
        const text = mutations.reduce(mutate, example.text);
        const { result, ms } = check(text);
        tried++;
        if (!result.model) rejected++;
        slowest = Math.max(slowest, ms);
      }),
      { seed: 0x5eed + i, numRuns: 1200, includeErrorInReport: true },
    );
  }
  t.diagnostic(
    `mutated examples: ${tried} inputs tried (${rejected} rejected with errors), slowest ${slowest.toFixed(1)} ms`,
  );
  assert.ok(tried >= 1200 * EXAMPLES.length);
});

test('the examples stay valid, and line endings and a byte-order mark do not change that', (t: TestContext) => {
  let tried = 0;
  for (const example of EXAMPLES) {
    for (const variant of [example.text, example.text.replace(/\n/g, '\r\n'), `\ufeff${example.text}`]) {
      const { result } = check(variant);
      tried++;
      assert.ok(result.model, `${example.name} should be valid: ${JSON.stringify(result.problems)}`);
    }
  }
  t.diagnostic(`example variants: ${tried} inputs tried`);
});

// ---------------------------------------------------------------------------------------------
// YAML-ish noise

const WORDS = [
  'schemas',
  'endpoints',
  'seed',
  'server',
  'properties',
  'resource',
  'path',
  'method',
  'response',
  'inline',
  'schema',
  'type',
  'array',
  'status',
  'key',
  'operation',
  'required',
  'unique',
  'default',
  'port',
  'host',
  'cors',
  'latency',
  'admin',
  'database',
  'User',
  'Post',
  'id',
  'name',
  'integer',
  'string',
  'number',
  'boolean',
  'datetime',
  'json',
  'GET',
  'POST',
  'PATCH',
  'PUT',
  'DELETE',
  '/users',
  '/users/:id',
  '/:',
  '/__mockyard/x',
  '__proto__',
  'constructor',
  'toString',
  'true',
  'false',
  '~',
  '0',
  '-1',
  '3000',
  '99999999999999999999',
  '1.5',
];
const yamlishArb = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
      { weight: 4, arbitrary: fc.constantFrom(...TOKENS, ' ', '  ', '\n', '\n  ', '\n    ') },
      { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    ),
    {
      maxLength: 120,
    },
  )
  .map((parts) => parts.join(''));

test('random YAML-ish text and random characters never throw, hang or misplace a problem', (t: TestContext) => {
  let tried = 0;
  fc.assert(
    fc.property(yamlishArb, (text) => {
      check(text);
      tried++;
    }),
    { seed: 4242, numRuns: 3000, includeErrorInReport: true },
  );
  const yamlish = tried;
  fc.assert(
    fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (text) => {
      check(text);
      tried++;
    }),
    { seed: 4243, numRuns: 1000, includeErrorInReport: true },
  );
  t.diagnostic(`YAML-ish text: ${yamlish} inputs tried; random unicode text: ${tried - yamlish}`);
});

// ---------------------------------------------------------------------------------------------
// Well-formed YAML of random, config-like shapes: exercises the semantic checks, not the parser.

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
    { seed: 777, numRuns: 2000, includeErrorInReport: true },
  );
  fc.assert(
    fc.property(nearValidArb, (config) => {
      const { result } = check(stringify(config));
      tried++;
      if (result.model) valid++;
      for (const p of result.problems) if (p.severity === 'error') codes.set(p.code, (codes.get(p.code) ?? 0) + 1);
    }),
    { seed: 779, numRuns: 1500, includeErrorInReport: true },
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
    { seed: 778, numRuns: 500, includeErrorInReport: true },
  );
  t.diagnostic(
    `config-shaped YAML: ${shaped} inputs tried (${valid} valid); any JSON shape as YAML: ${tried - shaped}`,
  );
  assert.ok(
    valid > 100,
    `only ${valid} generated configs were valid: the generator no longer reaches the compiled model`,
  );
});

// ---------------------------------------------------------------------------------------------
// Hostile documents: refused quickly, with a message that says why.

function refusedQuickly(text: string, code: string, pattern: RegExp, withinMs: number): Problem {
  const { result, ms } = check(text);
  assert.equal(result.model, undefined);
  const problem = result.problems.find((p) => p.code === code);
  assert.ok(problem, `expected a ${code} problem, got ${JSON.stringify(result.problems.slice(0, 3))}`);
  assert.match(problem.message, pattern);
  assert.ok(ms < withinMs, `took ${ms.toFixed(0)} ms of CPU (limit ${withinMs})`);
  assert.ok(
    result.problems.length <= MAX_YAML_ERRORS + 2,
    `${result.problems.length} problems for one broken document`,
  );
  return problem;
}

test('YAML alias bombs ("billion laughs") are refused quickly, wherever the aliases sit', (t: TestContext) => {
  const letters = 'abcdefghi';
  const layers = (n: number, width: number, indent = ''): string => {
    let text = `${indent}a: &a [${Array(width).fill('"lol"').join(', ')}]\n`;
    for (let i = 1; i < n; i++)
      text += `${indent}${letters[i]}: &${letters[i]} [${Array(width)
        .fill(`*${letters[i - 1]}`)
        .join(', ')}]\n`;
    return text;
  };
  const bombs = [
    layers(9, 9),
    `${layers(9, 9)}endpoints: []\n`,
    `schemas:\n  User:\n    properties:\n${layers(6, 10, '      ')}endpoints: []\n`,
    `endpoints:\n  - path: /x\n    method: GET\n    response:\n      inline:\n${layers(9, 9, '        ')}`,
    // Block-style anchors, aliases as mapping values.
    `a: &a\n  x: 1\n  y: 2\n${Array.from({ length: 8 }, (_, i) => `${letters[i + 1]}: &${letters[i + 1]}\n${Array.from({ length: 9 }, (__, j) => `  k${j}: *${letters[i]}`).join('\n')}`).join('\n')}\n`,
    // Aliases used as keys.
    `a: &a [lol, lol, lol, lol, lol, lol, lol, lol]\nb: &b {${Array.from({ length: 9 }, (_, j) => `k${j}: *a`).join(', ')}}\nc: {${Array.from({ length: 9 }, (_, j) => `? [*b, ${j}] : *b`).join(', ')}}\n`,
  ];
  for (const bomb of bombs) {
    const problem = refusedQuickly(bomb, 'yamlSyntax', /alias/i, 1000);
    assert.deepEqual([problem.range.start.line, problem.range.start.column], [1, 1]);
  }
  t.diagnostic(`alias bombs: ${bombs.length} inputs tried`);
});

test('documents over the size limit are refused before parsing, in a few milliseconds', (t: TestContext) => {
  const over = [
    `endpoints: []\n# ${'x'.repeat(MAX_CONFIG_BYTES)}\n`,
    'x'.repeat(MAX_CONFIG_BYTES + 1),
    '['.repeat(MAX_CONFIG_BYTES + 1),
    '- '.repeat(MAX_CONFIG_BYTES / 2 + 1),
    `schemas:\n${'  S: {properties: {id: integer}}\n'.repeat(MAX_CONFIG_BYTES / 30)}`,
    `a: "${'é'.repeat(MAX_CONFIG_BYTES / 2)}"\n`, // fewer characters than the limit, more bytes
  ];
  for (const text of over) refusedQuickly(text, 'configTooLarge', /larger than 5 MiB/, 200);
  t.diagnostic(`oversized documents: ${over.length} inputs tried`);
});

test('deeply nested documents are refused with a clear message, quickly, pointing at the deep part', (t: TestContext) => {
  const deep = [
    '['.repeat(20_000),
    `x: ${'['.repeat(5000)}${']'.repeat(5000)}`,
    `x: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}`,
    '- '.repeat(20_000),
    '? '.repeat(5000),
    Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'),
    Array.from({ length: 1500 }, (_, i) => `${' '.repeat(2 * i)}- x:`).join('\n'),
    `endpoints: []\nx: ${'['.repeat(MAX_CONFIG_DEPTH + 1)}${']'.repeat(MAX_CONFIG_DEPTH + 1)}`,
    `endpoints:\n  - path: /deep\n    method: GET\n    response:\n      inline: ${'['.repeat(400)}1${']'.repeat(400)}\n`,
    // Shallow anchors stacked by aliases into a deep value.
    `endpoints: []\na: &a ${'['.repeat(60)}${']'.repeat(60)}\nb: &b ${'['.repeat(60)}*a${']'.repeat(60)}\n`,
  ];
  for (const text of deep) {
    const { result } = check(text);
    assert.equal(result.model, undefined);
    const messages = result.problems.map((p) => p.message).join('\n');
    assert.ok(!/Maximum call stack/.test(messages), `a stack overflow leaked into a message:\n${messages}`);
    // Unclosed brackets are first a syntax error; once they close, the depth is what is reported.
    assert.ok(
      result.problems.some((p) => p.code === 'configTooDeep' || p.code === 'yamlSyntax'),
      messages,
    );
  }
  refusedQuickly(deep[1] as string, 'configTooDeep', /nested more than 100 levels deep/, SLOW_MS);
  const at = refusedQuickly(deep[7] as string, 'configTooDeep', /nested more than 100 levels deep/, SLOW_MS);
  assert.equal(at.range.start.line, 2);
  // Just under the limit is fine.
  const ok = `endpoints:\n  - path: /deep\n    method: GET\n    response:\n      inline: ${'['.repeat(MAX_CONFIG_DEPTH - 5)}1${']'.repeat(MAX_CONFIG_DEPTH - 5)}\n`;
  assert.ok(check(ok).result.model);
  t.diagnostic(`deeply nested documents: ${deep.length + 1} inputs tried`);
});

test('a broken document with thousands of errors reports the first few and a count, quickly', () => {
  const { result } = check(`${'x: [\n'.repeat(3000)}`);
  assert.equal(result.model, undefined);
  assert.ok(result.problems.length <= MAX_YAML_ERRORS + 1, `${result.problems.length} problems`);
  assert.match(result.problems.at(-1)?.message ?? '', /more errors? after this one not shown/);
});

test('large documents under the size limit validate in time that grows linearly (no quadratic checks)', (t: TestContext) => {
  // Thousands of schemas and resources, and mappings of tens of thousands of keys. Each shape is
  // validated at a quarter size (twice: the first run warms the JIT, the faster one counts) and at
  // full size: linear work takes about 4× as long, a per-key scan about 16×. A ratio of CPU times,
  // not a time limit, so a machine busy with other suites does not fail it.
  const schemas = (n: number): string =>
    `schemas:\n${Array.from({ length: n }, (_, i) => `  S${i}: {properties: {id: integer}}`).join('\n')}\nendpoints:\n${Array.from({ length: n }, (_, i) => `  - resource: S${i}`).join('\n')}\n`;
  const wide = (n: number): string =>
    `endpoints:\n  - path: /wide\n    method: GET\n    response:\n      inline:\n${Array.from({ length: n }, (_, i) => `        k${i}: v`).join('\n')}\n`;
  const duplicates = (n: number): string =>
    `endpoints:\n  - path: /wide\n    method: GET\n    response:\n      inline:\n${Array.from({ length: n }, (_, i) => `        k${i % (n / 2)}: v`).join('\n')}\n`;
  const timed = (text: string): { ms: number; result: ReturnType<typeof validateConfig> } => {
    const start = process.cpuUsage();
    const result = validateConfig(text, { configPath: CONFIG_PATH });
    return { ms: cpuMsSince(start), result };
  };
  const timings: string[] = [];
  for (const [name, make, n] of [
    ['schemas', schemas, 8000],
    ['keys', wide, 60_000],
    ['duplicate keys', duplicates, 20_000],
  ] as const) {
    const quarter = make(n / 4);
    const small = Math.min(timed(quarter).ms, timed(quarter).ms);
    const text = make(n);
    const { ms, result } = timed(text);
    const ratio = ms / Math.max(small, 1);
    timings.push(
      `${name}: ${n / 4} in ${small.toFixed(0)} ms of CPU, ${n} (${(text.length / 1024 / 1024).toFixed(1)} MiB) in ${ms.toFixed(0)} ms, ×${ratio.toFixed(1)}`,
    );
    assert.ok(
      ratio < 9,
      `${name}: 4× the input took ${ratio.toFixed(1)}× the time (${small.toFixed(0)} → ${ms.toFixed(0)} ms)`,
    );
    assertSaneProblems(text, result.problems);
    if (name === 'duplicate keys') assert.equal(result.problems.filter((p) => p.code === 'duplicateKey').length, n / 2);
    else
      assert.ok(
        result.problems.every((p) => p.severity !== 'error'),
        JSON.stringify(result.problems.slice(0, 3)),
      );
  }
  t.diagnostic(timings.join('; '));
});
