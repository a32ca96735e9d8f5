import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAKER_MODULES } from '../src/templates/faker-modules.js';
import { previewTemplate } from '../src/templates/preview.js';
import { serve, yaml } from './helpers.js';

const ECHO = yaml`
  endpoints:
    - path: /echo/:id
      method: POST
      response:
        inline:
          id: "{{request.params.id}}"
          age: "{{request.body.age}}"
          active: "{{request.body.active}}"
          tags: "{{request.body.tags}}"
          owner: "{{request.body.owner}}"
          nothing: "{{request.body.nothing}}"
          firstTag: "{{request.body.tags[0]}}"
          ownerName: "{{request.body.owner.name}}"
          deep: "{{request.body.owner.pets.[1].name}}"
          page: "{{request.query.page}}"
          pages: "{{request.queryAll.page}}"
          agent: "{{request.headers.x-agent}}"
          method: "{{request.method}}"
          path: "{{request.path}}"
          whole: "{{json request.body}}"
          text: "User {{request.params.id}} is {{request.body.age}} ({{request.body.active}})"
          missingInText: "[{{request.query.nope}}]"
          missing: "{{request.query.nope}}"
          missingPath: "{{request.body.age.years}}"
          nested: { list: ["{{request.params.id}}", 2, "x{{request.method}}"] }
          "key-{{request.params.id}}": constant
`;

test('a single tag keeps the type of its value; other strings interpolate as text', async () => {
  const s = await serve(ECHO);
  try {
    const res = await s.call('/echo/42?page=2&page=3', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Agent': 'probe' },
      body: JSON.stringify({
        age: 31,
        active: true,
        tags: ['a', 'b'],
        owner: { name: 'Ann', pets: [{ name: 'Rex' }, { name: 'Tom' }] },
        nothing: null,
      }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      id: '42',
      age: 31,
      active: true,
      tags: ['a', 'b'],
      owner: { name: 'Ann', pets: [{ name: 'Rex' }, { name: 'Tom' }] },
      nothing: null,
      firstTag: 'a',
      ownerName: 'Ann',
      deep: 'Tom',
      page: '2',
      pages: ['2', '3'],
      agent: 'probe',
      method: 'POST',
      path: '/echo/42',
      whole: JSON.stringify({
        age: 31,
        active: true,
        tags: ['a', 'b'],
        owner: { name: 'Ann', pets: [{ name: 'Rex' }, { name: 'Tom' }] },
        nothing: null,
      }),
      text: 'User 42 is 31 (true)',
      missingInText: '[]',
      missing: null,
      missingPath: null,
      nested: { list: ['42', 2, 'xPOST'] },
      'key-42': 'constant',
    });
  } finally {
    await s.close();
  }
});

test('the missing-value rule: null as a single tag, empty inside text, also without any body', async () => {
  const s = await serve(ECHO);
  try {
    const res = await s.call('/echo/1', { method: 'POST' });
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.age, null);
    assert.equal(body.tags, null);
    assert.equal(body.whole, 'null');
    assert.equal(body.text, 'User 1 is  ()');
    assert.equal(body.agent, null);
  } finally {
    await s.close();
  }
});

test('every helper: uuid, now, faker, randomInt, oneOf, default, json, repeat, eq, if, each, with', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /helpers
        method: POST
        response:
          inline:
            uuid: "{{uuid}}"
            now: "{{now}}"
            unix: "{{now 'unix'}}"
            name: "{{faker 'person.firstName'}}"
            int: "{{faker 'number.int' min=5 max=9}}"
            dice: "{{randomInt 1 6}}"
            pick: "{{oneOf 'red' 'green' 'blue'}}"
            page: "{{default request.query.page 1}}"
            given: "{{default request.query.given 'x'}}"
            json: "{{json request.body.list}}"
            repeat: "{{#repeat 3 separator=', '}}#{{@index}}{{/repeat}}"
            isPost: "{{eq request.method 'POST'}}"
            numberAsText: "{{eq request.body.n '5'}}"
            ifElse: "{{#if (eq request.query.mode 'a')}}A{{else}}not A{{/if}}"
            each: "{{#each request.body.list}}{{@index}}={{this}} {{/each}}"
            eachObjects: "{{#each request.body.people}}{{name}}@{{request.params.none}}{{request.method}};{{/each}}"
            with: "{{#with request.body.person}}{{name}} is {{age}}{{/with}}"
  `);
  try {
    const before = Math.floor(Date.now() / 1000);
    const res = await s.send('POST', '/helpers?given=yes&mode=a', {
      list: [1, 'two'],
      n: 5,
      people: [{ name: 'Ann' }, { name: 'Bo' }],
      person: { name: 'Cy', age: 7 },
    });
    const body = (await res.json()) as Record<string, unknown>;
    assert.match(String(body.uuid), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(Math.abs(Date.parse(String(body.now)) - Date.now()) < 60_000);
    assert.equal(typeof body.unix, 'number');
    assert.ok((body.unix as number) >= before && (body.unix as number) <= before + 60);
    assert.match(String(body.name), /^[A-Z][a-z'-]+/);
    assert.ok((body.int as number) >= 5 && (body.int as number) <= 9);
    assert.ok(Number.isInteger(body.dice) && (body.dice as number) >= 1 && (body.dice as number) <= 6);
    assert.ok(['red', 'green', 'blue'].includes(String(body.pick)));
    assert.equal(body.page, 1);
    assert.equal(body.given, 'yes');
    assert.equal(body.json, '[1,"two"]');
    assert.equal(body.repeat, '#0, #1, #2');
    assert.equal(body.isPost, true);
    assert.equal(body.numberAsText, true);
    assert.equal(body.ifElse, 'A');
    assert.equal(body.each, '0=1 1=two ');
    assert.equal(body.eachObjects, 'Ann@POST;Bo@POST;');
    assert.equal(body.with, 'Cy is 7');
  } finally {
    await s.close();
  }
});

test('response.body is a whole-body template with its contentType and templated headers', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /users/:id/export
        method: GET
        response:
          contentType: text/csv
          headers:
            X-Request: "{{request.params.id}}-{{request.query.v}}"
            Cache-Control: no-store
          body: |
            id,name
            {{#repeat 2}}{{request.params.id}},row {{@index}}
            {{/repeat}}
      - path: /json
        method: GET
        response:
          body: '{"items": [{{#each request.queryAll.x}}{{#unless @first}},{{/unless}}{{json this}}{{/each}}]}'
  `);
  try {
    const res = await s.call('/users/9/export?v=1', { headers: { accept: 'text/csv' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv');
    assert.equal(res.headers.get('x-request'), '9-1');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(await res.text(), 'id,name\n9,row 0\n9,row 1\n');
    const json = await s.call('/json?x=a&x=b');
    assert.equal(json.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await json.json(), { items: ['a', 'b'] });
  } finally {
    await s.close();
  }
});

test('server.seed makes uuid, faker, randomInt and oneOf repeat the same values', async () => {
  const config = yaml`
    server: { seed: 7 }
    endpoints:
      - path: /r
        method: GET
        response:
          inline: { id: "{{uuid}}", name: "{{faker 'person.fullName'}}", n: "{{randomInt 1 1000000}}", c: "{{oneOf 1 2 3 4 5 6 7 8}}" }
  `;
  const runs: unknown[][] = [];
  for (let run = 0; run < 2; run++) {
    const s = await serve(config);
    try {
      const bodies: unknown[] = [];
      for (let i = 0; i < 3; i++) bodies.push(await (await s.call('/r')).json());
      runs.push(bodies);
    } finally {
      await s.close();
    }
  }
  assert.deepEqual(runs[0], runs[1]);
  assert.notDeepEqual(runs[0]?.[0], runs[0]?.[1]);
});

test('an endpoint without templates answers exactly as before', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /health
        method: GET
        response: { inline: { status: ok, text: "no {tags} here" } }
  `);
  try {
    const endpoint = s.engine.model?.endpoints[0];
    assert.equal(endpoint?.dynamic, undefined);
    const res = await s.call('/health');
    assert.equal(await res.text(), '{"status":"ok","text":"no {tags} here"}');
  } finally {
    await s.close();
  }
});

test('the faker helper offers exactly faker’s data modules', async () => {
  const { faker } = await import('@faker-js/faker/locale/en');
  const modules = Object.keys(faker).filter((key) => {
    const value = (faker as unknown as Record<string, unknown>)[key];
    return (
      value !== null && typeof value === 'object' && !key.startsWith('_') && !['fakerCore', 'helpers'].includes(key)
    );
  });
  assert.deepEqual([...modules].sort(), [...FAKER_MODULES].sort());
});

test('previewTemplate renders against a sample request, for the studio', async () => {
  assert.deepEqual(
    await previewTemplate({
      template: '{{request.body.n}}',
      sample: { method: 'post', body: '{"n": 3}' },
    }),
    { ok: true, value: 3, text: '3', single: true },
  );
  assert.deepEqual(
    await previewTemplate({
      template: 'Hi {{request.query.name}} ({{request.headers.x-a}}) {{request.params.id}}',
      sample: { query: 'name=Ann', headers: { 'X-A': 'b' }, params: { id: '4' } },
    }),
    { ok: true, value: 'Hi Ann (b) 4', text: 'Hi Ann (b) 4', single: false },
  );
  const first = await previewTemplate({ template: "{{faker 'person.firstName'}}", sample: {}, seed: 3 });
  assert.deepEqual(await previewTemplate({ template: "{{faker 'person.firstName'}}", sample: {}, seed: 3 }), first);
  const bad = await previewTemplate({ template: 'x {{requst.body}}', sample: {} });
  assert.equal(bad.ok, false);
  assert.ok('problems' in bad && bad.problems[0]?.line === 1 && bad.problems[0].column === 5);
  const failing = await previewTemplate({ template: '{{randomInt request.query.a 2}}', sample: { query: 'a=x' } });
  assert.deepEqual(failing, { ok: false, error: 'randomInt needs numbers, not "x"' });
});
