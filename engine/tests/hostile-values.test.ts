/**
 * Request values and config names that used to pass the checks and then fail at request time:
 * characters XML or HTTP headers cannot carry, deep bodies on dynamic endpoints, names every
 * JavaScript object has, numbers JSON cannot hold, and ids past 2^53.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateConfig } from '../src/config/validate.js';
import { serve, yaml } from './helpers.js';

const THINGS = yaml`
  schemas:
    Thing:
      properties:
        id: integer
        name: string
        meta: json
  endpoints:
    - resource: Thing
    - path: /echo
      method: POST
      response:
        inline: { got: "{{json request.body}}" }
    - path: /ruled
      method: POST
      response:
        inline: { ok: true }
      rules:
        - when: { body.a: { present: true } }
          status: 202
    - path: /header
      method: POST
      response:
        headers:
          X-Echo: "{{request.body.v}}"
        inline: { ok: true }
`;

/** Every character class XML 1.0 forbids, and the ones HTTP headers cannot carry. */
const FORBIDDEN_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
  '\u007f',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udfff',
  '€',
  'Ж',
  '😀',
];

test('XML answers parse whatever characters the data holds (controls, U+FFFE/FFFF, lone surrogates)', async () => {
  const s = await serve(THINGS);
  try {
    for (const c of FORBIDDEN_CHARACTERS) {
      const created = await s.send('POST', '/things', { name: `a${c}b`, meta: { [`k${c}`]: `v${c}` } });
      assert.equal(created.status, 201, JSON.stringify(c));
      const { id } = (await created.json()) as { id: number };
      const res = await s.call(`/things/${id}`, { headers: { accept: 'application/xml' } });
      assert.equal(res.status, 200);
      const xml = await res.text();
      assert.equal(XMLValidator.validate(xml), true, `${JSON.stringify(c)}: ${xml}`);
      if (c.length === 1 && c < ' ') assert.ok(!xml.includes(c), JSON.stringify(c));
      if (c === '\ufffe' || c === '\uffff') assert.ok(!xml.includes(c), JSON.stringify(c));
      new XMLParser().parse(xml);
    }
  } finally {
    await s.close();
  }
});

test('a body nested 100,000 levels deep answers 400 on endpoints with templates or rules, never 500', async () => {
  const s = await serve(THINGS);
  try {
    const N = 100_000;
    for (const text of [`${'['.repeat(N)}${']'.repeat(N)}`, `${'{"a":'.repeat(N)}1${'}'.repeat(N)}`]) {
      for (const path of ['/echo', '/ruled', '/header']) {
        const res = await s.call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
        assert.equal(res.status, 400, path);
        assert.match(((await res.json()) as { error: string }).error, /nested more than 1001 levels deep/);
      }
    }
    // 1001 levels (a record whose json field is 1000 deep) is still read.
    const ok = `{"a":${'['.repeat(1000)}${']'.repeat(1000)}}`;
    const res = await s.call('/ruled', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ok });
    assert.equal(res.status, 202);
  } finally {
    await s.close();
  }
});

test('template header values outside Latin-1 or with controls are percent-encoded, never a 500', async () => {
  const s = await serve(THINGS);
  try {
    for (const c of [...FORBIDDEN_CHARACTERS, '\r\n', 'é']) {
      const res = await s.send('POST', '/header', { v: `a${c}b` });
      assert.equal(res.status, 200, JSON.stringify(c));
      await res.text();
      const header = res.headers.get('x-echo') ?? '';
      if (c === '€') assert.equal(header, 'a%E2%82%ACb');
      if (c === '\u0000') assert.equal(header, 'a%00b');
      if (c === '\r\n') assert.equal(header, 'a b');
    }
  } finally {
    await s.close();
  }
});

test('a constant header value HTTP cannot carry is a config problem', async () => {
  for (const value of ['€', 'Ж', '😀', '\\u0000', '\\u0007']) {
    const { model, problems } = await validateConfig(
      `endpoints:\n  - path: /x\n    method: GET\n    response:\n      inline: {}\n      headers:\n        X-A: "a${value}"\n`,
    );
    assert.equal(model, undefined, value);
    assert.ok(
      problems.some((p) => p.code === 'invalidHeaderValue' && p.range.start.line === 7),
      problems.map((p) => p.message).join('; '),
    );
  }
});

test('helper and field names every JavaScript object has are config problems, not request-time 500s', async () => {
  for (const tag of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
    const { model, problems } = await validateConfig(
      `endpoints:\n  - path: /x\n    method: GET\n    response:\n      inline: { a: "{{${tag}}}", b: "{{${tag} 1}}" }\n`,
    );
    assert.equal(model, undefined, tag);
    assert.ok(problems.length >= 2, `${tag}: ${problems.map((p) => p.message).join('; ')}`);
  }
  for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
    const { model, problems } = await validateConfig(
      `schemas:\n  Thing:\n    properties:\n      id: integer\n      ${field}: string\nendpoints:\n  - resource: Thing\n`,
    );
    assert.equal(model, undefined, field);
    const problem = problems.find((p) => p.code === 'invalidFieldName');
    assert.ok(problem, field);
    assert.equal(problem.range.start.line, 5);
  }
});

test('a json field holding a number JSON cannot keep (1e400) answers 400 and stores nothing', async () => {
  const s = await serve(THINGS);
  try {
    for (const meta of ['1e400', '-1e400', '{"a":[1,2,1e999]}']) {
      const res = await s.call('/things', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"name":"x","meta":${meta}}`,
      });
      assert.equal(res.status, 400, meta);
      assert.match(((await res.json()) as { error: string }).error, /Field 'meta' must be JSON with finite numbers/);
    }
    assert.deepEqual(await (await s.call('/things')).json(), []);
  } finally {
    await s.close();
  }
});

test('an id the next automatic id could not follow exactly (2^53 - 1 or more) is refused; the ones below still work', async () => {
  const s = await serve(THINGS);
  try {
    for (const id of [Number.MAX_SAFE_INTEGER, 2 ** 53, 1e300]) {
      const res = await s.call('/things', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"id":${id},"name":"big"}`,
      });
      assert.equal(res.status, 400, String(id));
      await res.json();
    }
    const last = await s.send('POST', '/things', { id: Number.MAX_SAFE_INTEGER - 1, name: 'last' });
    assert.equal(last.status, 201);
    await last.json();
    const next = await s.send('POST', '/things', { name: 'next' });
    assert.equal(next.status, 201);
    const created = (await next.json()) as { id: number };
    assert.equal(created.id, Number.MAX_SAFE_INTEGER);
    assert.equal(next.headers.get('location'), `/things/${Number.MAX_SAFE_INTEGER}`);
    assert.equal((await s.call(`/things/${Number.MAX_SAFE_INTEGER}`)).status, 200);
  } finally {
    await s.close();
  }
});
