import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
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
