/**
 * Fuzzing the YAML loader and the validator with broken text: the examples mutated (bytes flipped,
 * lines deleted, duplicated, swapped, re-indented, YAML tokens put in), YAML-ish noise and random
 * characters. The other config-fuzz files: config-shaped documents, hostile documents.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { check, EXAMPLES, TOKENS, WORDS } from './config-fuzz-kit.js';
import { fuzzRuns } from './fuzz-runs.js';

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

/** Mutated texts tried per example. */
const MUTATION_RUNS = fuzzRuns(400);

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
      { seed: 0x5eed + i, numRuns: MUTATION_RUNS, includeErrorInReport: true },
    );
  }
  t.diagnostic(
    `mutated examples: ${tried} inputs tried (${rejected} rejected with errors), slowest ${slowest.toFixed(1)} ms`,
  );
  assert.ok(tried >= MUTATION_RUNS * EXAMPLES.length);
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
    { seed: 4242, numRuns: fuzzRuns(3000), includeErrorInReport: true },
  );
  const yamlish = tried;
  fc.assert(
    fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (text) => {
      check(text);
      tried++;
    }),
    { seed: 4243, numRuns: fuzzRuns(1000), includeErrorInReport: true },
  );
  t.diagnostic(`YAML-ish text: ${yamlish} inputs tried; random unicode text: ${tried - yamlish}`);
});
