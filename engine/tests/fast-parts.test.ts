/**
 * Reading a config item by item (fast-parts.ts) against reading it whole: the same value and the
 * same place for every key and value, for texts read before, edited texts, and texts whose lines
 * look like items but are not (those must read exactly as the whole text does, or not at all).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cutBlocks } from '../src/config/fast-blocks.js';
import { forgetParts } from '../src/config/fast-parts.js';
import { FastSource } from '../src/config/fast-source.js';
import { MAX_CONFIG_DEPTH, type DocPath } from '../src/config/source.js';
import { largeConfig } from './large-config.js';

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples');
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(join(EXAMPLES, f), 'utf8'));

/** Every path in a value, with the range of its value and of its key. */
function places(source: FastSource): string[] {
  const out: string[] = [];
  const walk = (value: unknown, path: DocPath): void => {
    out.push(
      `${JSON.stringify(path)} ${JSON.stringify(source.rangeOf(path))} ${JSON.stringify(source.rangeOf(path, 'key'))}`,
    );
    if (value !== null && typeof value === 'object')
      for (const [key, child] of Object.entries(value))
        walk(child, [...path, Array.isArray(value) ? Number(key) : key]);
  };
  walk(source.value, []);
  return out;
}

/** Reads `text` item by item (after `before`, so its items are known) and whole; both must agree. */
function sameAsWhole(text: string, before = text): FastSource | undefined {
  forgetParts();
  FastSource.parse(before);
  const parts = FastSource.parse(text);
  const whole = FastSource.parse(text, true);
  assert.equal(parts === undefined, whole === undefined, `read by one way only: ${JSON.stringify(text)}`);
  if (parts && whole) {
    assert.deepEqual(parts.value, whole.value, JSON.stringify(text));
    assert.deepEqual(places(parts), places(whole), JSON.stringify(text));
  }
  return parts;
}

test('the examples and a 101-endpoint config read item by item as they read whole, before and after edits', () => {
  const texts = [...examples, largeConfig(20, 0), largeConfig(20, 0, 1)];
  for (const text of texts) sameAsWhole(text);
  // An edit to one endpoint, a route added, one removed, two swapped, a schema's field retyped, CRLF lines.
  const big = largeConfig(20, 0);
  const lines = big.split('\n');
  const at = lines.findIndex((l) => l.includes('/things3/:id, method: GET'));
  const swapped = [...lines];
  [swapped[at], swapped[at + 1]] = [swapped[at + 1] as string, swapped[at] as string];
  for (const edited of [
    largeConfig(20, 7),
    big.replace('{ variant: 0 }', '{ variant: 0, more: [1, 2] }'),
    big.replace('  - { path: /things0, method: POST, response: { schema: Thing0 } }\n', ''),
    swapped.join('\n'),
    big.replace(
      '  Thing5:\n    properties:\n      id: integer\n      name: string',
      '  Thing5:\n    properties:\n      id: integer\n      name: integer',
    ),
    `# a comment first\n${big.replace('endpoints:\n', 'endpoints:\n  # a comment between items\n\n')}`,
    big.replaceAll('\n', '\r\n'),
  ])
    assert.ok(sameAsWhole(edited, big));
  for (const example of examples)
    sameAsWhole(
      example.replace(/\n {2}- /, '\n  - path: /added\n    method: GET\n    response: { inline: 1 }\n  - '),
      example,
    );
});

test('a text of mostly known items reads only its new ones', () => {
  forgetParts();
  const first = FastSource.parse(largeConfig(20, 0));
  const second = FastSource.parse(largeConfig(20, 1));
  assert.ok(first && second);
  const endpoints = (s: FastSource): unknown[] => s.value.endpoints as unknown[];
  // Unchanged items are the very values read before (and frozen, since texts share them); the new one is new.
  assert.equal(endpoints(second)[0], endpoints(first)[0]);
  assert.ok(Object.isFrozen(endpoints(second)[0]));
  assert.notEqual(endpoints(second)[100], endpoints(first)[100]);
  assert.deepEqual(endpoints(second)[100], { path: '/variant1', method: 'GET', response: { inline: { variant: 1 } } });
  // The model's lines come from the new text's places, not the old ones.
  assert.equal(second.lineOf(['endpoints', 100]), first.lineOf(['endpoints', 100]));
  const moved = FastSource.parse(largeConfig(20, 1).replace('endpoints:\n', 'endpoints:\n\n\n'));
  assert.equal(moved?.lineOf(['endpoints', 100]), (second.lineOf(['endpoints', 100]) as number) + 2);
});

test('lines that only look like items read as the whole text does, or not at all', () => {
  const tricky = [
    // A quoted scalar or a flow collection running over a line that looks like the next item.
    'endpoints:\n  - path: "/a\n  - b"\n    method: GET\n',
    'schemas:\n  A: { properties:\n  B: 1 }\n',
    'seed:\n  User: [ {a: 1},\n  {a: 2} ]\n',
    // A top-level key inside a multi-line quoted scalar.
    'description: "one\nendpoints:\n  - x"\n',
    'a: [ 1,\nendpoints:\n  - x ]\n',
    // Tabs, lines indented less than the items, explicit keys.
    'endpoints:\n\t- a\n',
    'schemas:\n  A:\n\tx: 1\n',
    'schemas:\n    A: 1\n  B: 2\n',
    'schemas:\n  ? A\n  : 1\n',
    // Duplicate keys across items, `__proto__`, `<<`.
    'schemas:\n  A: 1\n  B: 2\n  A: 3\n',
    'schemas:\n  __proto__: { x: 1 }\n  B: 2\n',
    'schemas:\n  <<: { x: 1 }\n  B: 2\n',
    // Indentless lists, in a sequence block and as a mapping's values.
    'endpoints:\n- a\n- b\nserver: { port: 1 }\n',
    'seed:\n  User:\n  - { a: 1 }\n  - { a: 2 }\n  Post:\n  - { b: 1 }\n',
    // Anchors, aliases, tags and a document marker inside items.
    'schemas:\n  A: &x { a: 1 }\n  B: *x\n',
    'schemas:\n  A: !!str 1\n',
    'endpoints:\n- a\n---\nb: 1\n',
    // Empty items, comments at column 0 between items, a key with a comment after it.
    'endpoints:\n  -\n  - b\n',
    'schemas: # the schemas\n  A: 1\n# between\n  B: 2\nendpoints:\n  - x\n',
    'schemas:\n  A: 1\n  A : 2\n',
    'schemas:\n  "A": 1\n  A: 2\n',
    'schemas:\n  1: a\n  0: b\n',
  ];
  for (const text of tricky) {
    // Read after itself (every item known) and after a text that shares its first item only.
    sameAsWhole(text);
    sameAsWhole(text, text.split('\n').slice(0, 3).join('\n'));
  }
});

test('an item nests one level less than a whole text, so the depth limit is the same either way', () => {
  for (const depth of [MAX_CONFIG_DEPTH - 4, MAX_CONFIG_DEPTH - 3, MAX_CONFIG_DEPTH - 2, MAX_CONFIG_DEPTH - 1]) {
    const text = `endpoints:\n  - ${'['.repeat(depth)}1${']'.repeat(depth)}\n  - b\n`;
    sameAsWhole(text);
    const mapping = `schemas:\n  A: ${'['.repeat(depth)}1${']'.repeat(depth)}\n  B: 1\n`;
    sameAsWhole(mapping);
  }
});

test('the cut: items start on the lines indented like the first, blank and comment lines go with the item before', () => {
  const text =
    'schemas:\n  A:\n    x: 1\n\n  # B next\n  B: 2\nendpoints:\n  - a\n  - b:\n      c: 1\nserver: { port: 1 }\n';
  const blocks = cutBlocks(text).map((b) => ({
    key: b.key,
    kind: b.kind,
    items: b.items.map((i) => text.slice(i.start, i.end)),
  }));
  assert.deepEqual(blocks, [
    { key: 'schemas', kind: 'mapping', items: ['  A:\n    x: 1\n\n  # B next\n', '  B: 2\n'] },
    { key: 'endpoints', kind: 'sequence', items: ['  - a\n', '  - b:\n      c: 1\n'] },
  ]);
});
