/**
 * The quick path of validation (js-yaml, no problems to place) against the full one (yaml): the quick
 * path must answer for ordinary configs, answer exactly as the full path would, and step aside for
 * every text it does not read the same way. (config-fuzz.test.ts also compares the two on every
 * fuzzed text the quick path accepts.)
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FastSource } from '../src/config/fast-source.js';
import { MAX_CONFIG_DEPTH } from '../src/config/source.js';
import { validateWithYaml } from '../src/config/validate.js';
import { validateQuickly } from '../src/config/validate-quickly.js';
import { YamlSource } from '../src/config/yaml-source.js';
import { Engine } from '../src/engine.js';

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples');
/** Like the benchmark's config: a resource, a static endpoint and 100 seed rows in flow style. */
const benchLike = `schemas:\n  User:\n    properties:\n      id: integer\n      name: string\n      email: string\nendpoints:\n  - path: /health\n    method: GET\n    response:\n      inline: { status: ok }\n  - resource: User\nseed:\n  User:\n${Array.from({ length: 100 }, (_, i) => `    - { name: "User ${i}", email: "user${i}@example.com" }\n`).join('')}`;
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({ name: f, configPath: join(EXAMPLES, f), text: readFileSync(join(EXAMPLES, f), 'utf8') }));

test('the examples and the benchmark config take the quick path, with the same result as the full one', () => {
  assert.ok(examples.length >= 2);
  for (const { name, configPath, text } of [
    ...examples,
    { name: 'bench', configPath: join(EXAMPLES, 'bench.yaml'), text: benchLike },
  ]) {
    const quick = validateQuickly(text, { configPath });
    assert.ok(quick?.model, `${name} is read by the quick path`);
    assert.deepEqual(quick, validateWithYaml(text, { configPath }), name);
    // Positions the model keeps (endpoint lines, schema ranges) are real ones.
    assert.ok(
      quick.model.endpoints.every((e) => e.line > 1),
      name,
    );
  }
});

test('plain scalars resolve the same in both parsers (YAML 1.2 core schema)', () => {
  const tokens = [
    '~',
    'null',
    'Null',
    'NULL',
    'nUll',
    '',
    'true',
    'True',
    'TRUE',
    'tRue',
    'false',
    'yes',
    'no',
    'on',
    'off',
    'y',
    '0',
    '-0',
    '+0',
    '007',
    '0o17',
    '0O17',
    '0x1F',
    '0X1F',
    '0xg',
    '0b101',
    '1_000',
    '1,000',
    '.5',
    '+.5',
    '-.5',
    '5.',
    '1e3',
    '1E3',
    '1e+3',
    '-1.5e-3',
    '.inf',
    '.Inf',
    '-.inf',
    '+.inf',
    '.nan',
    '.NaN',
    '2001-12-14',
    '1:20',
    '12:30:45',
    '1.0',
    '9007199254740993',
    '123456789012345678901234567890',
    '=',
    '<<',
    '0x',
    '+1',
    '1e',
    'e3',
    '1.2.3',
    '"a\\tb\\u00e9\\x41"',
    "'it''s'",
    'a b',
    'a#b',
    'a #comment',
    '|\n    two\n    lines\n',
    '>-\n    folded\n    text\n',
  ];
  let compared = 0;
  for (const token of tokens) {
    const text = `key: ${token}\n`;
    const fast = FastSource.parse(text);
    if (!fast) continue;
    compared++;
    assert.deepEqual(fast.value, new YamlSource(text).value, JSON.stringify(token));
  }
  assert.ok(compared >= tokens.length - 2, `${compared} of ${tokens.length} compared`);
});

test('texts the quick parser would read differently, or that have problems to place, take the full path', () => {
  const deep = `a: ${'['.repeat(MAX_CONFIG_DEPTH)}1${']'.repeat(MAX_CONFIG_DEPTH)}\n`;
  const cases: Record<string, string> = {
    anchor: 'endpoints: &e []\n',
    alias: 'a: &x 1\nb: *x\n',
    tag: 'endpoints: !!seq []\n',
    directive: '%YAML 1.2\n---\nendpoints: []\n',
    'two documents': 'endpoints: []\n---\nendpoints: []\n',
    'duplicate key': 'endpoints: []\nendpoints: []\n',
    'key that resolves to null': '~: 1\nendpoints: []\n',
    'key that resolves to another number': '1.0: 1\nendpoints: []\n',
    'complex key': '? [a, b]\n: 1\nendpoints: []\n',
    'lone carriage return': 'endpoints: []\rserver: {}\n',
    'syntax error': 'endpoints: [\n',
    'nested to the limit': deep,
    'not a mapping': '- a\n- b\n',
    empty: '',
  };
  for (const [what, text] of Object.entries(cases)) assert.equal(FastSource.parse(text), undefined, what);
  // A readable text with a problem (here a warning) is answered by the full path, which places it.
  assert.ok(FastSource.parse('endpoints: []\n'));
  assert.equal(validateQuickly('endpoints: []\n'), undefined);
});

test('ranges point where yaml points: keys, values, quoted values and the nearest ancestor', () => {
  const text =
    'schemas:\n  User:\n    properties: { id: integer, "full name": string }\nendpoints:\n  - path: /users\n    method: GET\n    response: { schema: User, type: array }\n';
  const fast = FastSource.parse(text);
  assert.ok(fast);
  const slow = new YamlSource(text);
  const paths: [(string | number)[], 'key' | 'value'][] = [
    [['schemas', 'User'], 'key'],
    [['schemas', 'User'], 'value'],
    [['schemas', 'User', 'properties', 'full name'], 'key'],
    [['schemas', 'User', 'properties', 'full name'], 'value'],
    [['endpoints', 0, 'path'], 'value'],
    [['endpoints', 0, 'response', 'schema'], 'value'],
    [['endpoints', 0, 'response', 'nope', 'deeper'], 'value'],
  ];
  for (const [path, part] of paths)
    assert.deepEqual(fast.rangeOf(path, part), slow.rangeOf(path, part), `${path.join('.')} (${part})`);
  // A list item that is a mapping starts where yaml says (the endpoint's line); its end is not kept.
  for (const path of [['endpoints', 0], ['nowhere']])
    assert.deepEqual(fast.rangeOf(path).start, slow.rangeOf(path).start, path.join('.'));
});

test('applies take effect in the order they were called, whichever path validates them', async () => {
  const engine = new Engine({ database: ':memory:' });
  try {
    // The first text has a warning (full path, loads yaml the first time); the second is plainly fine.
    const first = engine.apply('endpoints: []\n');
    const second = engine.apply('endpoints:\n  - { path: /x, method: GET, response: { inline: 1 } }\n');
    const [a, b] = await Promise.all([first, second]);
    assert.ok(a.ok && b.ok);
    assert.ok(a.version < b.version);
    assert.deepEqual(
      engine.model?.endpoints.map((e) => e.path),
      ['/x'],
    );
  } finally {
    await engine.stop();
  }
});
