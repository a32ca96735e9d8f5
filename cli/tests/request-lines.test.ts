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
  const output = new ServeOutput(recorder('out', writes), recorder('err', writes));
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
  const output = new ServeOutput(recorder('out', writes), recorder('err', writes));
  output.line('GET /a\n');
  output.error('warning\n');
  output.line('GET /b\n');
  output.write('Reloaded\n');
  output.line('GET /c\n');
  output.flush();
  await nextTurn();
  assert.deepEqual(writes, ['out:GET /a\n', 'err:warning\n', 'out:GET /b\n', 'out:Reloaded\n', 'out:GET /c\n']);
});

test('a burst of lines is written once it reaches 64 KiB, not held without bound', () => {
  const writes: string[] = [];
  const output = new ServeOutput(recorder('out', writes), recorder('err', writes));
  const line = `${'x'.repeat(99)}\n`;
  for (let i = 0; i < 700; i++) output.line(line);
  assert.equal(writes.length, 1);
  assert.equal(writes[0]?.length, 'out:'.length + 656 * 100);
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
