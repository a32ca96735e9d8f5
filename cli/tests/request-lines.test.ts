import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LineBudget } from '../src/line-budget.js';
import { clockTime, ServeOutput } from '../src/request-lines.js';

/** A stream that records each write it gets, tagged with its name. */
const recorder = (name: string, writes: string[]): Writable =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(`${name}:${chunk.toString()}`);
      done();
    },
  });

test('request lines of one turn of the event loop go out in one write, after it', async () => {
  const writes: string[] = [];
  const output = new ServeOutput<string>(recorder('out', writes), recorder('err', writes), (text) => text);
  output.line('a\n');
  output.line('b\n');
  output.line('c\n');
  assert.deepEqual(writes, [], 'nothing is written during the turn');
  await nextTurn();
  assert.deepEqual(writes, ['out:a\nb\nc\n']);
  output.line('d\n');
  await nextTurn();
  assert.deepEqual(writes, ['out:a\nb\nc\n', 'out:d\n']);
});

test('other output comes after the lines before it, on stdout and on stderr', async () => {
  const writes: string[] = [];
  const output = new ServeOutput<string>(recorder('out', writes), recorder('err', writes), (text) => text);
  output.line('GET /a\n');
  output.error('warning\n');
  output.line('GET /b\n');
  output.write('Reloaded\n');
  output.line('GET /c\n');
  output.flush();
  await nextTurn();
  assert.deepEqual(writes, ['out:GET /a\n', 'err:warning\n', 'out:GET /b\n', 'out:Reloaded\n', 'out:GET /c\n']);
});

test('a burst of requests is written once 1,024 are held, not held without bound', () => {
  const writes: string[] = [];
  const output = new ServeOutput<number>(recorder('out', writes), recorder('err', writes), (n) => `${n}\n`);
  for (let i = 0; i < 1100; i++) output.line(i);
  assert.equal(writes.length, 1);
  assert.equal(writes[0], `out:${Array.from({ length: 1024 }, (_, i) => `${i}\n`).join('')}`);
});

test('a line is formatted when it is written, from what the request was then', async () => {
  const writes: string[] = [];
  let formatted = 0;
  const output = new ServeOutput<{ path: string }>(recorder('out', writes), recorder('err', writes), (e) => {
    formatted++;
    return `${e.path}\n`;
  });
  output.line({ path: '/a' });
  output.line({ path: '/b' });
  assert.equal(formatted, 0, 'nothing is formatted while the turn serves');
  await nextTurn();
  assert.equal(formatted, 2);
  assert.deepEqual(writes, ['out:/a\n/b\n']);
});

test('clockTime gives what toISOString gives, for times in one second and across seconds', () => {
  const clock = clockTime();
  const start = Date.UTC(2026, 0, 2, 23, 59, 58, 0);
  for (const t of [
    start,
    start + 7,
    start + 42,
    start + 999,
    start + 1000,
    start + 1001,
    start + 2500,
    start + 61_234,
    0,
  ]) {
    assert.equal(clock(t), new Date(t).toISOString().slice(11, 23), String(t));
  }
});

/** An output with a terminal's budget of `perSecond` lines; items are [time in ms, status]. */
const budgeted = (writes: string[], perSecond: number) =>
  new ServeOutput<[number, number]>(
    recorder('out', writes),
    recorder('err', writes),
    ([time, status]) => `${time} ${status}\n`,
    {
      budget: new LineBudget(perSecond),
      timeOf: ([time]) => time,
      statusOf: ([, status]) => status,
      summary: (held) => `summary ${held.second} ${held.count} ${held.statuses.map((s) => s.join('×')).join(',')}\n`,
    },
  );

test('on a terminal, a second gets its budget of lines and then one line counting the rest, by status', async () => {
  const writes: string[] = [];
  const output = budgeted(writes, 3);
  // A second still to come: its summary is not due before the next second's first line.
  const second = Math.ceil(Date.now() / 1000) * 1000 + 2000;
  for (const [offset, status] of [
    [0, 200],
    [1, 200],
    [2, 404],
    [3, 200],
    [4, 500],
    [5, 200],
  ] as const)
    output.line([second + offset, status]);
  await nextTurn();
  assert.deepEqual(writes, [`out:${second} 200\n${second + 1} 200\n${second + 2} 404\n`]);
  // A request that arrived in the last second but is answered now counts there, not in a new one.
  output.line([second + 999, 200]);
  output.line([second + 1000, 201]);
  output.line([second + 998, 404]);
  await nextTurn();
  assert.deepEqual(writes.slice(1), [
    `out:summary ${second} 4 200×3,500×1\n`,
    `out:${second + 1000} 201\n${second + 998} 404\n`,
  ]);
  output.flush();
  assert.equal(writes.length, 3, 'nothing is held: no summary');
});

test("on a terminal, a second's summary comes when it ends, and before the other output and at exit", async () => {
  const writes: string[] = [];
  const output = budgeted(writes, 1);
  const now = Date.now();
  output.line([now, 200]);
  output.line([now, 200]);
  const second = Math.floor(now / 1000) * 1000;
  await new Promise((resolve) => setTimeout(resolve, second + 1100 - Date.now()));
  assert.deepEqual(writes, [`out:${now} 200\n`, `out:summary ${second} 1 200×1\n`], 'sent when its second ended');

  output.line([second + 1500, 200]);
  output.line([second + 1500, 404]);
  output.write('Reloaded\n');
  output.line([second + 1600, 500]);
  output.flush();
  assert.deepEqual(writes.slice(2), [
    `out:${second + 1500} 200\n`,
    `out:summary ${second + 1000} 1 404×1\n`,
    'out:Reloaded\n',
    `out:summary ${second + 1000} 1 500×1\n`,
  ]);
});
