/**
 * "Did you mean" for schema names, and the quick fixes the engine attaches to every problem whose
 * message proposes a change. Applying a fix must give a text without that problem, and the two
 * readers of a config (js-yaml's fast path and yaml) must report the same problems and fixes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem, Range } from '../../shared/src/problems.js';
import { checkConfig } from '../src/config/check.js';
import { FastSource } from '../src/config/fast-source.js';
import { validateConfig } from '../src/config/validate.js';
import { YamlSource } from '../src/config/yaml-source.js';
import { yaml } from './helpers.js';

const SCHEMAS = yaml`
  schemas:
    Product:
      properties:
        id: integer
        name: string
        sku: string
    Order:
      properties:
        id: integer
        total: number
`;

/** Offset of a 1-based line and column in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

function applyFix(text: string, range: Range, replacement: string): string {
  const start = offsetOf(text, range.start.line, range.start.column);
  const end = offsetOf(text, range.end.line, range.end.column);
  return text.slice(0, start) + replacement + text.slice(end);
}

const problemsOf = (text: string): Problem[] => validateConfig(text).problems;

/** The only problem of `text`, which must have exactly one fix; and the text with that fix applied. */
function fixOf(text: string, code: string): { problem: Problem; fixed: string; title: string } {
  const problems = problemsOf(text);
  assert.deepEqual(
    problems.map((p) => p.code),
    [code],
    problems.map((p) => p.message).join('\n'),
  );
  const [problem] = problems as [Problem];
  assert.equal(problem.fixes?.length, 1, `one fix for: ${problem.message}`);
  const [fix] = problem.fixes ?? [];
  assert.ok(fix);
  return { problem, fixed: applyFix(text, fix.range, fix.text), title: fix.title };
}

test('a misspelt resource names the closest schema, and its fix makes the config valid', () => {
  const text = `${SCHEMAS}endpoints:\n  - resource: Prodcut\n`;
  const { problem, fixed, title } = fixOf(text, 'unknownSchema');
  assert.equal(
    problem.message,
    "Endpoint GET /prodcuts references unknown schema 'Prodcut'. Define it under `schemas:`. Did you mean 'Product'?",
  );
  assert.equal(title, "Change to 'Product'");
  assert.match(fixed, /- resource: Product\n/);
  assert.deepEqual(problemsOf(fixed), []);
});

test('a misspelt response schema names the closest schema, in block and flow style', () => {
  const block = `${SCHEMAS}endpoints:\n  - path: /orders\n    method: GET\n    response:\n      schema: order\n      type: array\n`;
  const one = fixOf(block, 'unknownSchema');
  assert.equal(
    one.problem.message,
    "Endpoint GET /orders references unknown schema 'order'. Define it under `schemas:`. Did you mean 'Order'?",
  );
  assert.deepEqual(problemsOf(one.fixed), []);
  const flow = `${SCHEMAS}endpoints:\n  - path: /orders/:id\n    method: GET\n    response: { schema: "Ordr" }\n`;
  const two = fixOf(flow, 'unknownSchema');
  assert.match(two.fixed, /response: \{ schema: Order \}/);
  assert.deepEqual(problemsOf(two.fixed), []);
});

test('a schema name far from every schema keeps the plain message and offers no fix', () => {
  const problems = problemsOf(`${SCHEMAS}endpoints:\n  - resource: Customer\n`);
  assert.equal(
    problems[0]?.message,
    "Endpoint GET /customers references unknown schema 'Customer'. Define it under `schemas:`.",
  );
  assert.equal(problems[0]?.fixes, undefined);
});

test('every "did you mean" message comes with a fix that resolves it', () => {
  const endpoint = (body: string): string => `${SCHEMAS}endpoints:\n${body}`;
  const cases: { text: string; code: string; title: string }[] = [
    {
      text: endpoint('  - path: /orders\n    method: GTE\n    response: { schema: Order, type: array }\n'),
      code: 'unknownMethod',
      title: "Change to 'GET'",
    },
    {
      text: endpoint(
        '  - path: /orders\n    method: GET\n    operation: lst\n    response: { schema: Order, type: array }\n',
      ),
      code: 'unknownOperation',
      title: "Change to 'list'",
    },
    {
      text: endpoint(
        '  - path: /orders\n    method: GET\n    response: { schema: Order, type: array }\n    descripton: All\n',
      ),
      code: 'unknownField',
      title: "Rename to 'description'",
    },
    {
      text: endpoint('  - path: /orders\n    method: GET\n    response: { schema: Order, type: list }\n'),
      code: 'responseTypeNotArray',
      title: "Change to 'array'",
    },
    {
      text: endpoint('  - path: /products/:code\n    method: GET\n    key: skux\n    response: { schema: Product }\n'),
      code: 'keyNotAField',
      title: "Change to 'sku'",
    },
    {
      text: endpoint('  - resource: Product\n    key: sk\n'),
      code: 'keyNotAField',
      title: "Change to 'sku'",
    },
    {
      text: `${SCHEMAS.replace('total: number', 'total: nubmer')}endpoints:\n  - resource: Order\n`,
      code: 'unknownFieldType',
      title: "Change to 'number'",
    },
    {
      text: `${SCHEMAS}endpoints:\n  - resource: Order\nseed:\n  Ordr:\n    - { total: 3 }\n`,
      code: 'unknownSeedSchema',
      title: "Change to 'Order'",
    },
    {
      text: `${SCHEMAS}endpoints:\n  - resource: Order\nserver:\n  host: 0.0.0.0\n`,
      code: 'bindPublic',
      title: 'Listen on 127.0.0.1 only',
    },
  ];
  for (const { text, code, title } of cases) {
    const fix = fixOf(text, code);
    assert.equal(fix.title, title, fix.problem.message);
    assert.deepEqual(
      problemsOf(fix.fixed).map((p) => p.message),
      [],
      `after "${fix.title}" on: ${fix.problem.message}`,
    );
  }
});

test('the fast reader and yaml report the same problems with the same fixes', () => {
  const texts = [
    `${SCHEMAS}endpoints:\n  - resource: Prodcut\n  - path: /o\n    method: GET\n    response: { schema: Ordr, type: array }\n`,
    `${SCHEMAS}endpoints:\n  - resource: Order\n    key: totl\nseed:\n  Prodct:\n    - { name: a }\n`,
    `${SCHEMAS}endpoints:\n  - path: /products/:id\n    method: GET\n    key: nme\n    response:\n      schema: Product\n`,
  ];
  for (const text of texts) {
    const fast = FastSource.parse(text);
    assert.ok(fast, 'the fast reader reads a well-formed text');
    const quick = checkConfig(fast, {});
    const full = checkConfig(new YamlSource(text), {});
    assert.ok(quick.problems.some((p) => p.fixes !== undefined));
    assert.deepEqual(quick.problems, full.problems);
  }
});
