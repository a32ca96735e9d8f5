import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { validateConfig } from '../src/config/validate.js';
import { MAX_TEMPLATE_DEPTH } from '../src/templates/limits.js';
import { PRESCAN_DEPTH, tooDeepToParse } from '../src/templates/too-deep.js';
import { yaml } from './helpers.js';

/** `line:column-endColumn code` of each problem. */
const problemsOf = (text: string): string[] =>
  validateConfig(text).problems.map(
    (p: Problem) => `${p.range.start.line}:${p.range.start.column}-${p.range.end.column} ${p.code}`,
  );
const messagesOf = (text: string): string[] => validateConfig(text).problems.map((p) => p.message);

const endpoint = (inline: string): string => yaml`
  endpoints:
    - path: /t/:id
      method: POST
      response:
        inline: ${inline}
`;

test('template syntax errors are config problems placed at the tag', () => {
  assert.deepEqual(problemsOf(endpoint('{ a: "x {{#if request.body}" }')), ['5:41-42 templateSyntax']);
  assert.deepEqual(problemsOf(endpoint('{ a: "{{#each request.body}}x" }')), ['5:44-45 templateSyntax']);
  assert.deepEqual(messagesOf(endpoint('{ a: "{{#if x}}{{/each}}" }')), [
    "In a template of endpoint POST /t/:id: Template syntax error: if doesn't match each.",
  ]);
});

test('unknown helpers, names and request roots are problems with a suggestion', () => {
  const text = yaml`
    endpoints:
      - path: /t/:id
        method: GET
        response:
          headers: { X-A: "{{uuidd}}" }
          inline:
            a: "{{randomInteger 1 2}}"
            b: "{{request.parms.id}}"
            c: "{{requets.params.id}}"
            d: "{{faker 'persn.firstName'}}"
            e: "{{randomInt 1}}"
            f: "{{#repet 2}}x{{/repet}}"
  `;
  assert.deepEqual(problemsOf(text), [
    '5:26-33 templateUnknownName',
    '7:13-34 templateUnknownHelper',
    '8:15-33 templateUnknownRoot',
    '9:15-34 templateUnknownName',
    '10:21-40 templateFakerName',
    '11:13-28 templateHelperArguments',
    '12:13-25 templateUnknownHelper',
  ]);
  const messages = messagesOf(text);
  assert.match(messages[0] ?? '', /Unknown name 'uuidd'.*Did you mean 'uuid'\?/);
  assert.match(messages[1] ?? '', /Unknown helper 'randomInteger'.*Did you mean 'randomInt'\?/);
  assert.match(messages[2] ?? '', /Unknown request value 'request\.parms'.*Did you mean 'request\.params'\?/);
  assert.match(messages[4] ?? '', /Did you mean 'person'\?/);
  assert.match(messages[5] ?? '', /Helper 'randomInt' takes 2 arguments/);
});

test('a problem in a multi-line body template is placed on its own line', () => {
  const text = yaml`
    endpoints:
      - path: /t
        method: GET
        response:
          contentType: text/plain
          body: |
            first line {{request.method}}
            second {{request.nope}}
  `;
  assert.deepEqual(problemsOf(text), ['8:18-32 templateUnknownRoot']);
});

test('names inside each and with blocks may come from the block’s context', () => {
  const text = endpoint(
    '{ a: "{{#each request.body.items}}{{name}} {{../request.method}} {{#with owner as |o|}}{{o.id}}{{/with}}{{/each}}" }',
  );
  assert.deepEqual(problemsOf(text), []);
});

test('hostile templates are refused when the config is applied', () => {
  const text = yaml`
    endpoints:
      - path: /t
        method: POST
        response:
          inline:
            a: "{{constructor.constructor 'return process'}}"
            b: "{{request.body.__proto__}}"
            c: "{{request.body.constructor.prototype}}"
            d: "{{> partial}}"
            e: "{{#repeat 1001}}x{{/repeat}}"
            f: "{{#repeat 200}}{{#repeat 100}}x{{/repeat}}{{/repeat}}"
            g: "{{lookup request.body 'x'}}"
            h: "{{log 'x'}}"
  `;
  assert.deepEqual(problemsOf(text), [
    '6:13-57 templateUnknownHelper',
    '7:15-39 templateForbidden',
    '8:15-51 templateForbidden',
    '9:13-26 templateUnsupported',
    '10:23-29 repeatTooLarge',
    '11:28-43 repeatTooLarge',
    '12:13-40 templateUnknownHelper',
    '13:13-24 templateUnknownHelper',
  ]);
});

test('deeply nested templates are refused, not a stack overflow', () => {
  const depth = 5000;
  const deep = `${'{{#if request.body}}'.repeat(depth)}x${'{{/if}}'.repeat(depth)}`;
  const problems = validateConfig(endpoint(`{ a: "${deep}" }`)).problems;
  assert.equal(problems.length, 1);
  assert.match(problems[0]?.code ?? '', /templateTooDeep/);
});

test('nesting far past the limit is refused by a scan before Handlebars parses it, at the tag that goes past it', () => {
  // Handlebars' parser is quadratic in the depth: the scan (templates/too-deep.ts) spares it.
  const open = '{{#if request.body}}';
  const blocks = (n: number): string => `${open.repeat(n)}x${'{{/if}}'.repeat(n)}`;
  assert.equal(tooDeepToParse(blocks(PRESCAN_DEPTH)), undefined, 'up to the scan depth, the parser decides');
  assert.deepEqual(tooDeepToParse(blocks(PRESCAN_DEPTH + 1)), {
    code: 'templateTooDeep',
    message: `Template blocks are nested more than ${MAX_TEMPLATE_DEPTH} deep.`,
    line: 1,
    column: PRESCAN_DEPTH * open.length,
  });
  // Sub-expressions count, on a later line too.
  const sub = `line one\n  {{upper ${'(upper '.repeat(PRESCAN_DEPTH + 1)}"x"${')'.repeat(PRESCAN_DEPTH + 1)}}}`;
  assert.deepEqual(tooDeepToParse(sub), {
    code: 'templateTooDeep',
    message: `Template blocks are nested more than ${MAX_TEMPLATE_DEPTH} deep.`,
    line: 2,
    column: 2,
  });
  // Blocks that close do not add up; comments, raw blocks, escaped tags and {{^}} (else) are not blocks.
  assert.equal(tooDeepToParse('{{#if a}}x{{/if}}'.repeat(500)), undefined);
  assert.equal(tooDeepToParse(`{{!-- ${open.repeat(500)} --}}{{! ${open.repeat(9)}}}`), undefined);
  assert.equal(tooDeepToParse(`{{{{raw}}}}${open.repeat(500)}{{{{/raw}}}}`), undefined);
  assert.equal(tooDeepToParse(`\\${open}`.repeat(500)), undefined);
  assert.equal(tooDeepToParse(`{{#if a}}${'{{^}}'.repeat(500)}{{/if}}`), undefined);
  // Between the limit and the scan depth, the checker reports the exact node past the limit.
  assert.deepEqual(problemsOf(endpoint(`{ a: "${blocks(MAX_TEMPLATE_DEPTH + 1)}" }`)).length, 1);
  assert.match(problemsOf(endpoint(`{ a: "${blocks(PRESCAN_DEPTH)}" }`))[0] ?? '', /templateTooDeep/);
});

test('rule problems: unknown targets, parameters, body fields not in the schema, bad regex, empty conditions', () => {
  const text = yaml`
    schemas:
      User:
        properties:
          id: integer
          name: string
    endpoints:
      - path: /users/:id
        method: PATCH
        response: { schema: User }
        rules:
          - when: { body.nmae: x, params.uid: 1, header.x: 1 }
            status: 400
          - when: { query.q: { regex: "(" }, body.name: {}, "body.items[x]": 1 }
            status: 400
          - when: { method: GET }
            fault: { rate: 0.5 }
          - when: { method: GET }
            fault: { status: 503, kind: reset }
            response: { inline: { a: "{{request.bodyy}}" } }
  `;
  assert.deepEqual(problemsOf(text), [
    '11:17-26 ruleBodyNotAField',
    '11:31-41 ruleUnknownParam',
    '11:46-54 ruleUnknownTarget',
    '13:35-38 ruleBadRegex',
    '13:42-51 ruleEmptyCondition',
    '13:57-72 ruleBadPath',
    '16:9-14 faultWithoutEffect',
    '18:37-42 faultKindAndStatus',
    '19:37-52 templateUnknownRoot',
  ]);
  const messages = messagesOf(text);
  assert.equal(
    messages[0],
    "Rule condition on body field 'nmae', which User does not have (fields: id, name). Did you mean 'name'?",
  );
  assert.equal(
    messages[1],
    "Rule condition on 'params.uid', but endpoint PATCH /users/:id has only the parameters :id.",
  );
  assert.match(messages[2] ?? '', /Unknown rule target 'header.x'.*Did you mean 'headers.'\?/);
});

test('misspelt rule, fault and condition keys get a suggestion', () => {
  const text = yaml`
    endpoints:
      - path: /t
        method: GET
        response: { inline: {} }
        fault: { rate: 0.5, stauts: 503 }
        rules:
          - whn: { method: GET }
          - when: { query.a: { regx: x } }
            latency: { min: 9, max: 1 }
  `;
  assert.deepEqual(messagesOf(text), [
    "Unknown field 'stauts' in `fault` of endpoint GET /t. Did you mean 'status'?",
    "Missing required field 'when' in rule 1 of endpoint GET /t.",
    "Unknown field 'whn' in rule 1 of endpoint GET /t. Did you mean 'when'?",
    "Unknown field 'regx' in `when.query.a` of rule 2 of endpoint GET /t. Did you mean 'regex'?",
  ]);
});

test('a bad rule status names the status field and its rule', () => {
  const text = yaml`
    endpoints:
      - path: /greet
        method: GET
        response: { inline: {} }
        rules:
          - when: { method: GET }
            status: abc
  `;
  assert.deepEqual(messagesOf(text), [
    "`status` of rule 1 of endpoint GET /greet must be a number, not the text 'abc'.",
  ]);
});
