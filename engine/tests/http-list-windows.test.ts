// json-server's `_start`/`_end` (and `_start` with `_limit`) and the simple-REST convention
// (`sort`, `range`, `filter` as JSON, answered with Content-Range), as react-admin's and refine's
// data providers send them. Runs on SQLite here and on PostgreSQL in http-list-windows-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, type Served, yaml } from './helpers.js';
import { errorOf } from './http-fixtures.js';

const N = 120;

/** Users u000..u119 seeded in order (ids 1..120), with a cors-enabled server. */
const CONFIG = yaml`
  server: { cors: true }
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        age: integer
    Setting:
      properties:
        id: integer
        sort: integer
        range: string
        filter: string
  endpoints:
    - resource: User
    - resource: Setting
  seed:
    User:
${Array.from({ length: N }, (_, i) => `      - { name: u${String(i).padStart(3, '0')}, age: ${i % 10} }`).join('\n')}
    Setting:
      - { sort: 2, range: wide, filter: none }
      - { sort: 1, range: narrow, filter: blur }
`;

async function withServer(run: (s: Served) => Promise<void>): Promise<void> {
  const s = await serve(CONFIG);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

async function ids(res: Response): Promise<number[]> {
  assert.equal(res.status, 200, `answered ${res.status}`);
  return ((await res.json()) as { id: number }[]).map((u) => u.id);
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

test('_start and _end slice 0-based with the end excluded, with X-Total-Count and Link', async () => {
  await withServer(async (s) => {
    const res = await s.call('/users?_start=10&_end=15');
    assert.deepEqual(await ids(res), [11, 12, 13, 14, 15]);
    assert.equal(res.headers.get('x-total-count'), String(N));
    const base = `${s.url}/users`;
    assert.deepEqual(res.headers.get('link')?.split(', '), [
      `<${base}?_start=0&_end=5>; rel="first"`,
      `<${base}?_start=5&_end=10>; rel="prev"`,
      `<${base}?_start=15&_end=20>; rel="next"`,
      `<${base}?_start=115&_end=120>; rel="last"`,
    ]);
  });
});

test('_start and _end combine with _sort, _order and filters, as react-admin sends them', async () => {
  await withServer(async (s) => {
    const res = await s.call('/users?_start=0&_end=3&_sort=name&_order=DESC&age=4');
    assert.deepEqual(await ids(res), [115, 105, 95]);
    assert.equal(res.headers.get('x-total-count'), '12');
    assert.match(res.headers.get('link') ?? '', /\?_start=3&_end=6&_sort=name&_order=DESC&age=4>; rel="next"/);
  });
});

test('_start with _limit slices _limit rows from _start; _end alone starts at 0', async () => {
  await withServer(async (s) => {
    const res = await s.call('/users?_start=118&_limit=5');
    assert.deepEqual(await ids(res), [119, 120]);
    assert.equal(res.headers.get('x-total-count'), String(N));
    assert.match(res.headers.get('link') ?? '', /\?_start=113&_limit=5>; rel="prev"/);
    assert.doesNotMatch(res.headers.get('link') ?? '', /rel="next"/);
    assert.deepEqual(await ids(await s.call('/users?_end=2')), [1, 2]);
  });
});

test('_start and _end wider than 100 rows are capped at 100 and the cap is noted', async () => {
  await withServer(async (s) => {
    const res = await s.call('/users?_start=5&_end=120');
    const got = await ids(res);
    assert.deepEqual(got, range(6, 106));
    assert.equal(res.headers.get('x-total-count'), String(N));
    assert.ok(s.engine.log.entries().at(-1)?.notes.includes('_end - _start of 115 capped at 100'));
    assert.deepEqual(await ids(await s.call('/users?_start=0&_limit=500')), range(1, 101));
    // _start alone is a window of at most 100 rows from there.
    assert.deepEqual(await ids(await s.call('/users?_start=110')), range(111, 121));
  });
});

test('_start beyond the end, or _end not after _start, gives [] with the real total', async () => {
  await withServer(async (s) => {
    for (const q of ['_start=500&_end=510', '_start=120&_limit=10', '_start=7&_end=7', '_start=9&_end=3']) {
      const res = await s.call(`/users?${q}`);
      assert.deepEqual(await res.json(), [], q);
      assert.equal(res.headers.get('x-total-count'), String(N), q);
    }
  });
});

test('a negative or non-integer _start or _end answers 400 naming the parameter', async () => {
  await withServer(async (s) => {
    for (const [q, param, value] of [
      ['_start=-1&_end=5', '_start', '-1'],
      ['_start=1.5&_end=5', '_start', '1.5'],
      ['_start=0&_end=-2', '_end', '-2'],
      ['_start=0&_end=ten', '_end', 'ten'],
      ['_start=x', '_start', 'x'],
    ] as const) {
      const res = await s.call(`/users?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(await errorOf(res), `Query parameter '${param}' must be a whole number, not '${value}'.`);
    }
  });
});

test('_page mixed with _start or _end answers 400 naming both; so do _end with _limit and range with either', async () => {
  await withServer(async (s) => {
    for (const [q, first, second] of [
      ['_page=2&_start=0', '_page', '_start'],
      ['_start=0&_page=2', '_page', '_start'],
      ['_page=1&_end=10', '_page', '_end'],
      ['_start=0&_end=10&_limit=5', '_end', '_limit'],
      ['range=[0,9]&_start=0', 'range', '_start'],
      ['range=[0,9]&_page=1', 'range', '_page'],
    ] as const) {
      const res = await s.call(`/users?${q}`);
      assert.equal(res.status, 400, q);
      assert.match(await errorOf(res), new RegExp(`^Query parameters '${first}' and '${second}' cannot be combined`));
    }
  });
});

test('simple REST: sort, range (inclusive) and filter as JSON, answered with Content-Range', async () => {
  await withServer(async (s) => {
    const q = new URLSearchParams({ sort: '["name","DESC"]', range: '[0,4]', filter: '{"age":3}' });
    const res = await s.call(`/users?${q}`);
    assert.deepEqual(await ids(res), [114, 104, 94, 84, 74]);
    assert.equal(res.headers.get('content-range'), 'users 0-4/12');
    assert.equal(res.headers.get('x-total-count'), '12');
    const later = await s.call(`/users?${new URLSearchParams({ range: '[10,24]' })}`);
    assert.deepEqual(await ids(later), range(11, 26));
    assert.equal(later.headers.get('content-range'), 'users 10-24/120');
    const last = await s.call(`/users?${new URLSearchParams({ range: '[115,130]' })}`);
    assert.deepEqual(await ids(last), range(116, 121));
    assert.equal(last.headers.get('content-range'), 'users 115-119/120');
    const past = await s.call(`/users?${new URLSearchParams({ range: '[200,209]' })}`);
    assert.deepEqual(await past.json(), []);
    assert.equal(past.headers.get('content-range'), 'users */120');
  });
});

test('simple REST: Content-Range is exposed to CORS; plain json-server lists send none', async () => {
  await withServer(async (s) => {
    const res = await s.call(`/users?${new URLSearchParams({ range: '[0,9]' })}`, {
      headers: { origin: 'http://admin.example' },
    });
    assert.equal(res.status, 200);
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    for (const h of ['Content-Range', 'X-Total-Count', 'Link']) assert.ok(exposed.includes(h), h);
    assert.equal((await s.call('/users?_start=0&_end=5')).headers.get('content-range'), null);
  });
});

test('simple REST: filter with q, _like suffixes, an id list (getMany) and an empty id list', async () => {
  await withServer(async (s) => {
    const f = (filter: unknown) => `/users?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;
    assert.deepEqual(await ids(await s.call(f({ id: [3, 1, 7] }))), [1, 3, 7]);
    assert.deepEqual(await ids(await s.call(f({ id: [] }))), []);
    assert.deepEqual(await ids(await s.call(f({ q: 'u11' }))), range(111, 121));
    assert.deepEqual(await ids(await s.call(f({ name_like: 'U00', age_gte: 8 }))), [9, 10]);
    assert.deepEqual(await ids(await s.call(`${f({ age: [1, 2] })}&_sort=id&_order=desc&_limit=3`)), [113, 112, 103]);
  });
});

test('simple REST: malformed sort, range or filter answers 400 naming the parameter', async () => {
  await withServer(async (s) => {
    for (const [param, raw] of [
      ['range', '[0]'],
      ['range', '[-1,4]'],
      ['range', '0-24'],
      ['sort', '["name","UP"]'],
      ['sort', 'name'],
      ['filter', '[1]'],
      ['filter', '{'],
    ] as const) {
      const res = await s.call(`/users?${new URLSearchParams({ [param]: raw })}`);
      assert.equal(res.status, 400, `${param}=${raw}`);
      assert.match(await errorOf(res), new RegExp(`^Query parameter '${param}' must be a JSON`));
    }
    const unknown = await s.call(`/users?${new URLSearchParams({ sort: '["height","ASC"]' })}`);
    assert.equal(await errorOf(unknown), "Cannot sort by 'height': it is not a field of User.");
    const both = await s.call(`/users?${new URLSearchParams({ sort: '["name","ASC"]', _sort: 'age' })}`);
    assert.match(await errorOf(both), /^Query parameters 'sort' and '_sort' cannot be combined/);
  });
});

test('a schema field named sort, range or filter wins over the simple-REST parameter', async () => {
  await withServer(async (s) => {
    const names = async (q: string) =>
      ((await (await s.call(`/settings?${q}`)).json()) as { range: string }[]).map((r) => r.range);
    assert.deepEqual(await names('sort=1'), ['narrow']);
    assert.deepEqual(await names('range=wide'), ['wide']);
    assert.deepEqual(await names('filter=blur'), ['narrow']);
    // The json-server names still sort and page such a schema.
    assert.deepEqual(await names('_sort=sort&_start=0&_end=1'), ['narrow']);
    const res = await s.call('/settings?range=wide');
    assert.equal(res.headers.get('content-range'), null);
  });
});
