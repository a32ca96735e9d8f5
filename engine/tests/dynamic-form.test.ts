import assert from 'node:assert/strict';
import { test } from 'node:test';
import { noteKind } from '../../shared/src/dynamic-form/note-kind.js';
import { faultForm, faultValue, latencyText, latencyValue } from '../../shared/src/dynamic-form/effects.js';
import {
  conditionParts,
  conditionValue,
  describeWhen,
  plainValue,
} from '../../shared/src/dynamic-form/rule-condition.js';
import { substitute, templateSegments, templatesIn } from '../../shared/src/dynamic-form/template-text.js';
import {
  defaultSample,
  parseHeaderLines,
  pathParams,
  sampleRequest,
  withParams,
} from '../../shared/src/dynamic-form/sample.js';

test('template segments: tags and text in order, joined back to the text', () => {
  const cases = [
    'plain',
    '{{uuid}}',
    'Hi {{request.params.id}}!',
    '{{#if x}}a{{else}}b{{/if}}',
    '{{{raw}}} and {{unclosed',
    '',
    '}} {{ a }}}',
  ];
  for (const text of cases)
    assert.equal(
      templateSegments(text)
        .map((s) => s.text)
        .join(''),
      text,
      text,
    );
  assert.deepEqual(templateSegments('a {{b}} c'), [
    { text: 'a ', tag: false },
    { text: '{{b}}', tag: true },
    { text: ' c', tag: false },
  ]);
  assert.deepEqual(templateSegments('{{{x}}}y'), [
    { text: '{{{x}}}', tag: true },
    { text: 'y', tag: false },
  ]);
  assert.deepEqual(templateSegments('x {{open'), [
    { text: 'x ', tag: false },
    { text: '{{open', tag: true },
  ]);
});

test('templates in an inline value: string values and keys, each once', () => {
  const value = { id: '{{request.params.id}}', n: 1, list: ['{{uuid}}', 'plain', '{{uuid}}'], '{{k}}': null };
  assert.deepEqual(templatesIn(value).sort(), ['{{k}}', '{{request.params.id}}', '{{uuid}}']);
  assert.deepEqual(templatesIn('plain'), []);
});

test('substitute: values keep their rendered type, keys their text, failures stay as written', () => {
  const rendered = new Map([
    ['{{request.params.id}}', { ok: true as const, value: 7, text: '7' }],
    ['{{k}}', { ok: true as const, value: 'key', text: 'key' }],
    ['{{bad}}', { ok: false as const, message: 'boom' }],
  ]);
  const out = substitute({ id: '{{request.params.id}}', '{{k}}': ['{{bad}}', 'x'] }, rendered);
  assert.deepEqual(out.value, { id: 7, key: ['{{bad}}', 'x'] });
  assert.deepEqual(out.errors, [{ template: '{{bad}}', message: 'boom' }]);
});

test('conditions: every operator to pairs and back', () => {
  const cases: [unknown, { op: string; value: string }[]][] = [
    ['wrong', [{ op: 'eq', value: 'wrong' }]],
    [0, [{ op: 'eq', value: '0' }]],
    [null, [{ op: 'eq', value: 'null' }]],
    [{ regex: '^slow' }, [{ op: 'regex', value: '^slow' }]],
    [{ in: ['root', 'admin', 3] }, [{ op: 'in', value: 'root, admin, 3' }]],
    [{ present: true }, [{ op: 'present', value: '' }]],
    [{ present: false }, [{ op: 'absent', value: '' }]],
    [
      { gte: 3, lt: 100 },
      [
        { op: 'gte', value: '3' },
        { op: 'lt', value: '100' },
      ],
    ],
    [{ gt: 1.5 }, [{ op: 'gt', value: '1.5' }]],
    [{ lte: -2 }, [{ op: 'lte', value: '-2' }]],
  ];
  for (const [condition, parts] of cases) {
    assert.deepEqual(conditionParts(condition), parts, JSON.stringify(condition));
    assert.deepEqual(conditionValue(conditionParts(condition)), condition, JSON.stringify(condition));
  }
});

test('conditions: typed values', () => {
  assert.equal(plainValue('401'), 401);
  assert.equal(plainValue('007'), '007', 'a leading zero stays text');
  assert.equal(plainValue('true'), true);
  assert.equal(plainValue(' wrong '), ' wrong ');
  assert.deepEqual(conditionValue([{ op: 'gt', value: 'ten' }]), { gt: 'ten' }, 'the engine names a bad bound');
  assert.deepEqual(conditionValue([{ op: 'in', value: 'a, ,b,' }]), { in: ['a', 'b'] });
  assert.equal(
    conditionValue([
      { op: 'eq', value: 'x' },
      { op: 'gt', value: '1' },
    ]),
    'x',
  );
});

test('a rule heading describes its conditions', () => {
  assert.equal(
    describeWhen({ 'body.password': 'wrong', 'headers.x-debug': { present: true }, 'query.n': { gte: 3, lt: 9 } }),
    'body.password = wrong, headers.x-debug is sent, query.n ≥ 3 and query.n < 9',
  );
  assert.equal(describeWhen({ 'body.user': { in: ['root', 'admin'] } }), 'body.user in [root, admin]');
  assert.equal(describeWhen({}), 'no conditions (always)');
});

test('latency: a number or a range, and back', () => {
  assert.equal(latencyValue('300'), 300);
  assert.deepEqual(latencyValue('200-400'), { min: 200, max: 400 });
  assert.deepEqual(latencyValue('200 – 400'), { min: 200, max: 400 });
  assert.equal(latencyValue(' '), undefined);
  assert.equal(latencyValue('slow'), 'slow');
  assert.equal(latencyText({ min: 200, max: 400 }), '200-400');
  assert.equal(latencyText(300), '300');
  assert.equal(latencyText(undefined), '');
});

test('fault: the form and the YAML value', () => {
  assert.deepEqual(faultForm({ rate: 0.2, status: 503 }), { rate: '0.2', effect: 'status', status: '503' });
  assert.deepEqual(faultForm({ kind: 'empty' }), { rate: '', effect: 'empty', status: '' });
  assert.equal(faultForm(undefined), undefined);
  assert.deepEqual(faultValue({ rate: '0.1', effect: 'reset', status: '' }), { rate: 0.1, kind: 'reset' });
  assert.deepEqual(faultValue({ rate: '', effect: 'status', status: '' }), { status: 503 });
  assert.deepEqual(faultValue({ rate: 'half', effect: 'status', status: '500' }), { rate: 'half', status: 500 });
});

test('the preview sample: defaults from the endpoint, headers as lines, the path filled in', () => {
  const first = defaultSample('post', '/users/:id/posts/:postId');
  assert.deepEqual(first, {
    method: 'POST',
    params: { id: '1', postId: '1' },
    query: '',
    headers: 'Content-Type: application/json',
    body: '{}',
  });
  assert.equal(defaultSample('GET', '/x').body, '');
  const edited = { ...first, params: { id: '7', postId: '2' } };
  assert.equal(withParams(edited, '/users/:id/posts/:postId'), edited, 'unchanged path keeps the object');
  assert.deepEqual(withParams(edited, '/users/:id').params, { id: '7' });
  assert.deepEqual(parseHeaderLines('X-A: 1\n\nbad line\n: nameless\nAuthorization: Bearer a:b'), {
    'X-A': '1',
    Authorization: 'Bearer a:b',
  });
  assert.deepEqual(
    sampleRequest({ ...edited, query: '?page=2', headers: 'X-Debug: on', body: '' }, '/users/:id/posts/:postId'),
    {
      method: 'POST',
      path: '/users/7/posts/2',
      params: { id: '7', postId: '2' },
      query: 'page=2',
      headers: { 'X-Debug': 'on' },
    },
  );
  assert.deepEqual(pathParams('/a/:x/b/:y_2'), ['x', 'y_2']);
});

test('log notes: a matched rule, a fault and a delay told apart from warnings', () => {
  assert.equal(noteKind('rule 2 matched (line 57)'), 'rule');
  assert.equal(noteKind('fault: answered 503 (rate 0.2)'), 'fault');
  assert.equal(noteKind('fault: connection reset (rate 1)'), 'fault');
  assert.equal(noteKind('latency 250 ms added'), 'latency');
  assert.equal(noteKind('client closed the connection before the response was sent'), 'warning');
  assert.equal(noteKind("'bogus' is not a field of users"), 'warning');
});
