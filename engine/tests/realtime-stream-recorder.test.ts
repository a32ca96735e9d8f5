// The log of a WebSocket connection or SSE stream (engine/src/realtime/stream-recorder.ts): the
// latest frames, made from its ring when read, with their text, size, direction and order, an
// echo's frame out showing its frame in's text, and the count of frames no longer kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import {
  type LogEntry,
  MAX_STREAM_FRAME_TEXT,
  MAX_STREAM_FRAMES,
  STREAM_UPDATE_MS,
} from '../../shared/src/log-entry.js';
import { StreamRecorder } from '../src/realtime/stream-recorder.js';

const entry = (): LogEntry => ({
  id: 0,
  time: 0,
  method: 'GET',
  path: '/ws',
  query: '',
  requestHeaders: {},
  requestBody: '',
  endpoint: 'WS /ws',
  params: {},
  status: 101,
  responseHeaders: {},
  responseBody: '',
  duration: 0,
  notes: [],
});

const logged = (): { recorder: StreamRecorder; updates: LogEntry[] } => {
  const updates: LogEntry[] = [];
  const recorder = new StreamRecorder(entry(), 'websocket', {
    opened: () => undefined,
    updated: (e) => updates.push(e),
  });
  return { recorder, updates };
};

/** A frame's bytes as `ws` hands them over: a view into a bigger read. */
const received = (text: string): Buffer => {
  const read = Buffer.from(`..${text}..`);
  return read.subarray(2, read.length - 2);
};

test('a frame the log keeps shows the bytes it had when it came, not what its Buffer holds later', () => {
  const { recorder } = logged();
  const small = received('{"n":1}');
  const big = received(`{"text":"${'é'.repeat(200)}"}`); // 411 bytes: over a ring slot
  recorder.frame('in', small, small.length, 1);
  recorder.frame('in', big, big.length, 2);
  small.fill(0x21);
  big.fill(0x21);
  const { frames } = recorder.stream;
  assert.deepEqual(
    frames.map((f) => f.text),
    ['{"n":1}', `{"text":"${'é'.repeat(200)}"}`],
  );
  assert.deepEqual(
    frames.map((f) => f.bytes),
    [7, 411],
  );
});

test('the latest frames in order: text, binary, cut text, echoes of each, and the rest counted as dropped', () => {
  const { recorder } = logged();
  const long = 'x'.repeat(MAX_STREAM_FRAME_TEXT + 10);
  const sent: [string, string, boolean][] = [];
  for (let i = 0; i < 130; i++) {
    const at = recorder.now();
    if (i % 4 === 0) {
      recorder.frame('in', undefined, 3, at);
      recorder.echoed(3, at);
      sent.push(['in', '', true], ['out', '', true]);
    } else if (i % 4 === 1) {
      const data = received(`frame ${i}`);
      recorder.frame('in', data, data.length, at);
      recorder.echoed(data.length, at);
      sent.push(['in', `frame ${i}`, false], ['out', `frame ${i}`, false]);
    } else if (i % 4 === 2) {
      const data = received(`${long}${i}`);
      recorder.frame('in', data, data.length, at);
      recorder.echoed(data.length, at);
      const text = `${long.slice(0, MAX_STREAM_FRAME_TEXT)}…`;
      sent.push(['in', text, false], ['out', text, false]);
    } else {
      recorder.frame('out', `reply ${i}`, `reply ${i}`.length);
      sent.push(['out', `reply ${i}`, false]);
    }
    // Read now and then, as the studio does: what was made stays right as the ring moves on.
    if (i % 7 === 0) recorder.stream.frames.map((f) => f.text);
  }
  const s = recorder.stream;
  assert.equal(s.framesIn + s.framesOut, sent.length);
  assert.equal(s.frames.length, MAX_STREAM_FRAMES);
  assert.equal(s.framesDropped, sent.length - MAX_STREAM_FRAMES);
  assert.deepEqual(
    s.frames.map((f) => [f.direction, f.text, f.binary === true]),
    sent.slice(-MAX_STREAM_FRAMES),
  );
  const times = s.frames.map((f) => f.at);
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
  );
  // A copy (the request log's, the studio's update) has the frames as values.
  const copy = JSON.parse(JSON.stringify({ ...s }));
  assert.equal(copy.frames.length, MAX_STREAM_FRAMES);
  assert.equal(copy.framesDropped, sent.length - MAX_STREAM_FRAMES);
});

test("an echo that is the oldest frame kept still shows its frame in's text", () => {
  const { recorder } = logged();
  // 25 echoes and a frame in: 51 frames; the oldest kept is the first echo's frame out, whose frame in
  // is gone from the log.
  for (let i = 0; i < 25; i++) {
    const data = received(`m${i}`);
    recorder.frame('in', data, data.length, i);
    recorder.echoed(data.length, i);
  }
  recorder.frame('in', received('last'), 4, 25);
  const [first] = recorder.stream.frames;
  assert.deepEqual(first && [first.direction, first.text, first.at], ['out', 'm0', 0]);
  assert.equal(recorder.stream.framesDropped, 1);
});

test('with the log off a recorder counts frames and keeps none', () => {
  const recorder = new StreamRecorder(entry(), 'websocket', undefined);
  const data = received('hi');
  recorder.frame('in', data, data.length, recorder.now());
  recorder.echoed(data.length, 0);
  const s = recorder.stream;
  assert.deepEqual(
    [s.framesIn, s.framesOut, s.bytesIn, s.bytesOut, s.frames.length, s.framesDropped],
    [1, 1, 2, 2, 0, 0],
  );
});

test('the engine is told at most every STREAM_UPDATE_MS, and at once on close', async () => {
  const updates: LogEntry[] = [];
  let told: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    told = resolve;
  });
  const recorder = new StreamRecorder(entry(), 'websocket', {
    opened: () => undefined,
    updated: (e) => {
      updates.push(e);
      told();
    },
  });
  const start = performance.now();
  for (let i = 0; i < 100; i++) recorder.frame('out', `f${i}`, 2);
  assert.equal(updates.length, 0, 'not told per frame');
  await first;
  assert.ok(performance.now() - start >= STREAM_UPDATE_MS - 5, 'told after the update interval');
  assert.equal(updates.length, 1, 'one update for the 100 frames');
  recorder.closed(1000, 'bye');
  assert.equal(updates.length, 2);
  assert.equal(updates[1]?.stream?.open, false);
  assert.equal(updates[1]?.stream?.frames.at(-1)?.text, 'f99');
});

test('every stream log has one fast shape, so the counters a frame updates are plain field writes', () => {
  setFlagsFromString('--allow-natives-syntax');
  const fast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
  const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  const a = logged().recorder;
  const b = logged().recorder;
  a.frame('in', received('{}'), 2, a.now());
  b.frame('out', 'x', 1);
  assert.ok(fast(a.stream), 'not a dictionary (getters in an object literal would make it one)');
  assert.ok(sameShape(a.stream, b.stream), 'one shape for all (getters of its own would give each a shape)');
});
