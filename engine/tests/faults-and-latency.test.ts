import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { serve, yaml } from './helpers.js';

const N = 1000;
const RATE = 0.2;
/** Four standard deviations of a binomial count: a correct rate falls outside about once in 16,000 runs. */
const BOUND = 4 * Math.sqrt(N * RATE * (1 - RATE));

const FAULTY = (seed: number): string => yaml`
  server: { seed: ${seed} }
  endpoints:
    - path: /flaky
      method: GET
      response: { inline: { ok: true } }
      fault: { rate: ${RATE}, status: 503 }
`;

/** Sends `count` requests, `parallel` at a time, and counts the statuses. */
async function statuses(
  call: (i: number) => Promise<number>,
  count: number,
  parallel = 50,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const status = await call(next++);
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    }),
  );
  return counts;
}

test(`a fault rate of ${RATE} fails a share of ${N} seeded requests within binomial bounds, the same share per seed`, async () => {
  const failures: number[] = [];
  for (const seed of [1, 1, 2]) {
    const s = await serve(FAULTY(seed));
    try {
      const counts = await statuses(async () => {
        const res = await s.call('/flaky');
        await res.arrayBuffer();
        return res.status;
      }, N);
      assert.deepEqual([...counts.keys()].sort(), [200, 503]);
      const failed = counts.get(503) ?? 0;
      assert.ok(Math.abs(failed - N * RATE) <= BOUND, `${failed} failures, expected ${N * RATE} ± ${BOUND.toFixed(1)}`);
      failures.push(failed);
      const notes = s.engine.log
        .entries()
        .filter((e) => e.status === 503)
        .map((e) => e.notes);
      assert.deepEqual(notes[0], ['fault: answered 503 (rate 0.2)']);
    } finally {
      await s.close();
    }
  }
  assert.equal(failures[0], failures[1], 'the same seed fails the same number of requests');
});

/** One raw request: its status, or the socket error the client saw. */
function rawGet(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

test('fault kinds: reset drops the connection, empty closes it without a response; both are logged', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /reset
        method: GET
        response: { inline: {} }
        fault: { kind: reset }
      - path: /empty
        method: GET
        response: { inline: {} }
        rules:
          - when: { query.break: "1" }
            fault: { rate: 1, kind: empty }
  `);
  try {
    assert.equal(await rawGet(`${s.url}/reset`), 'ECONNRESET');
    assert.equal(await rawGet(`${s.url}/empty?break=1`), 'ECONNRESET'); // "socket hang up"
    assert.equal(await rawGet(`${s.url}/empty`), '200');
    const entries = s.engine.log.entries().map((e) => [e.status, e.notes]);
    assert.deepEqual(entries, [
      [0, ['fault: connection reset (rate 1)']],
      [0, ['rule 1 matched (line 10)', 'fault: connection closed without a response (rate 1)']],
      [200, []],
    ]);
  } finally {
    await s.close();
  }
});

test('latency per endpoint and per rule overrides the server’s, and is noted', async () => {
  const s = await serve(yaml`
    server: { latency: 1 }
    endpoints:
      - path: /slow
        method: GET
        response: { inline: {} }
        latency: 150
      - path: /range
        method: GET
        response: { inline: {} }
        latency: { min: 60, max: 90 }
        rules:
          - when: { query.fast: "1" }
            latency: 0
          - when: { query.slower: "1" }
            latency: 200
  `);
  try {
    const timed = async (path: string): Promise<number> => {
      const start = performance.now();
      await (await s.call(path)).arrayBuffer();
      return performance.now() - start;
    };
    assert.ok((await timed('/slow')) >= 145);
    for (let i = 0; i < 3; i++) assert.ok((await timed('/range')) >= 55);
    assert.ok((await timed('/range?slower=1')) >= 195);
    await timed('/range?fast=1');
    const notes = s.engine.log.entries().map((e) => e.notes);
    assert.deepEqual(notes[0], ['latency 150 ms added']);
    for (const n of notes.slice(1, 4)) {
      const delay = Number(/^latency (\d+) ms added$/.exec(n[0] ?? '')?.[1]);
      assert.ok(delay >= 60 && delay <= 90, `${delay} within 60–90`);
    }
    assert.deepEqual(notes[4], ['rule 2 matched (line 14)', 'latency 200 ms added']);
    assert.deepEqual(notes[5], ['rule 1 matched (line 12)']);
  } finally {
    await s.close();
  }
});

test('hostile requests are harmless: huge repeat counts are capped, loops and sizes limited, prototype keys are data', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /repeat
        method: GET
        response:
          body: "{{#repeat request.query.n}}x{{/repeat}}"
          contentType: text/plain
      - path: /loops
        method: POST
        response:
          body: "{{#each request.body}}{{#each ../request.body}}.{{/each}}{{/each}}"
          contentType: text/plain
      - path: /keys
        method: GET
        response:
          inline: { a: "{{json request.query}}", b: "{{request.queryAll.toString}}", "{{request.query.k}}": 1 }
      - path: /numbers
        method: GET
        response: { inline: { n: "{{randomInt request.query.a 10}}" } }
  `);
  try {
    const repeat = await s.call('/repeat?n=1e12');
    assert.equal(repeat.status, 200);
    assert.equal((await repeat.text()).length, 1000);
    const loops = await s.send(
      'POST',
      '/loops',
      Array.from({ length: 200 }, () => 0),
    );
    assert.equal(loops.status, 500);
    assert.deepEqual(await loops.json(), {
      error: 'The template of endpoint POST /loops failed: the template loops more than 10000 times',
    });
    const keys = await s.call('/keys?constructor=c&__proto__=p&k=__proto__');
    const text = await keys.text();
    assert.equal(
      text,
      '{"a":"{\\"constructor\\":\\"c\\",\\"__proto__\\":\\"p\\",\\"k\\":\\"__proto__\\"}","b":null,"__proto__":1}',
    );
    const plain = await s.call('/keys');
    assert.deepEqual(await plain.json(), { a: '{}', b: null, '': 1 });
    const numbers = await s.call('/numbers?a=abc');
    assert.equal(numbers.status, 500);
    assert.deepEqual(await numbers.json(), {
      error: 'The template of endpoint GET /numbers failed: randomInt needs numbers, not "abc"',
    });
  } finally {
    await s.close();
  }
});

test('a stop cuts a request sleeping in a long latency after its grace, instead of waiting the latency out', async () => {
  const s = await serve(yaml`
    server: { latency: 60000 }
    endpoints:
      - path: /slow
        method: GET
        response: { inline: { slow: true } }
  `);
  try {
    const call = s.call('/slow').then(
      () => 'answered',
      () => 'cut',
    );
    // No event tells that the request is inside its latency; the entry below proves it was.
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await s.engine.stop();
    const took = Date.now() - started;
    assert.ok(took < 5000, `stop took ${took} ms (the latency is 60 s, the grace 2 s)`);
    assert.equal(await call, 'cut');
    const entry = s.engine.log.entries().at(-1);
    assert.equal(entry?.path, '/slow');
    assert.ok(entry?.notes.includes('client closed the connection before the response was sent'), String(entry?.notes));
  } finally {
    await s.close();
  }
});
