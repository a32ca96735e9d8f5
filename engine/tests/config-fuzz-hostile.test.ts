/**
 * Hostile config documents (alias bombs, oversized, deeply nested, thousands of errors, huge but
 * valid): each is refused or validated quickly, with a message that says why. See config-fuzz-kit.ts.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { forgetParts } from '../src/config/fast-parts.js';
import { MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH } from '../src/config/source.js';
import { validateConfig } from '../src/config/validate.js';
import { MAX_YAML_ERRORS } from '../src/config/yaml-source.js';
import { assertSaneProblems, CONFIG_PATH, check, cpuMsSince, SLOW_MS } from './config-fuzz-kit.js';
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
    // Each read from nothing: a second read of a text reads only what changed (fast-parts.ts).
    forgetParts();
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
