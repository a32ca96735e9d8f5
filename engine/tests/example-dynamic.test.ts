import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { fromPackage } from '../src/package-root.js';
import { serve } from './helpers.js';

const text = readFileSync(fromPackage('examples', 'dynamic.yaml'), 'utf8');

test('examples/dynamic.yaml is valid and shows every dynamic feature', async () => {
  const { problems, model } = validateConfig(text);
  assert.deepEqual(problems, []);
  const dynamic = model?.endpoints.filter((e) => e.dynamic) ?? [];
  assert.ok(dynamic.some((e) => e.dynamic?.response?.kind === 'body'));
  assert.ok(dynamic.some((e) => e.dynamic?.fault?.kind === 'reset'));
  assert.ok(dynamic.some((e) => e.dynamic?.fault?.status === 503));
  assert.ok(dynamic.some((e) => e.dynamic?.latency));
  const operators = new Set(
    dynamic.flatMap((e) => e.dynamic?.rules.flatMap((r) => r.when.flatMap((c) => c.tests.map((t) => t.op))) ?? []),
  );
  assert.deepEqual([...operators].sort(), ['equals', 'gte', 'in', 'lt', 'present', 'regex']);
  const targets = new Set(dynamic.flatMap((e) => e.dynamic?.rules.flatMap((r) => r.when.map((c) => c.target)) ?? []));
  assert.deepEqual([...targets].sort(), ['body', 'headers', 'method', 'params', 'query']);
});

test('examples/dynamic.yaml answers as its comments say', async () => {
  const s = await serve(text.replace('port: 3000', 'port: 0'));
  try {
    const echo = await s.send('POST', '/echo/7?tag=a&tag=b', {
      age: 31,
      tags: ['x'],
      people: [{ name: 'A' }, { name: 'B' }],
      owner: { name: 'O', email: 'o@x' },
    });
    const body = (await echo.json()) as Record<string, unknown>;
    assert.equal(echo.headers.get('x-echo-id'), '7');
    assert.deepEqual(
      {
        id: body.id,
        age: body.age,
        firstTag: body.firstTag,
        page: body.page,
        tags: body.tags,
        isPost: body.isPost,
        names: body.names,
        owner: body.owner,
      },
      { id: '7', age: 31, firstTag: 'x', page: 1, tags: ['a', 'b'], isPost: 'yes', names: 'A, B', owner: 'O <o@x>' },
    );
    const csv = await s.call('/report.csv');
    assert.equal(csv.headers.get('content-type'), 'text/csv');
    assert.match(await csv.text(), /^row,name\n0,\w+\n1,\w+\n2,\w+\n$/);
    assert.equal((await s.send('POST', '/login', { password: 'wrong' })).status, 401);
    assert.deepEqual(await (await s.send('POST', '/login', { user: 'root' })).json(), {
      error: 'root may not log in here',
    });
    const limited = await s.send('POST', '/login', { attempts: 3 });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '30');
    assert.equal((await s.call('/users/1/profile', { headers: { 'x-maintenance': '1' } })).status, 503);
    assert.deepEqual(await (await s.call('/users/0/profile')).json(), { error: 'User 0 never exists' });
    const traced = await s.call('/users/1/profile?trace=1');
    assert.equal(traced.headers.get('x-trace'), 'profile of 1');
    assert.equal(((await traced.json()) as { name: string }).name, 'Ada');
  } finally {
    await s.close();
  }
});
