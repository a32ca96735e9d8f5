// The feeds' replay buffer (engine/src/realtime/feed-buffer.ts): ids that keep increasing, the
// changes after a Last-Event-ID, and `reset` for an id the buffer no longer covers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Feeds } from '../src/realtime/feed-buffer.js';

test('changes after an id still kept are replayed; an id older than the buffer, or unknown, is reset', () => {
  const feeds = new Feeds(3);
  const seen: number[] = [];
  feeds.subscribe('Note', (c) => seen.push(c.id));
  for (let i = 1; i <= 5; i++) feeds.publish('Note', 'created', `{"id":${i}}`);
  feeds.publish('Other', 'created', '{"id":1}');
  assert.equal(seen.length, 5);
  assert.ok(
    seen.every((id, i) => i === 0 || id === (seen[i - 1] as number) + 1),
    'ids increase by one',
  );
  const [first, second, third, fourth] = seen as [number, number, number, number, number];
  assert.deepEqual(
    (feeds.since('Note', third) as { record?: string }[]).map((c) => c.record),
    ['{"id":4}', '{"id":5}'],
  );
  assert.deepEqual(
    (feeds.since('Note', fourth) as { record?: string }[]).map((c) => c.record),
    ['{"id":5}'],
  );
  assert.equal(feeds.since('Note', second).length, 3, 'the three kept changes after the second');
  assert.equal(feeds.since('Note', first), 'reset', 'the change after it (the second) is no longer kept');
  assert.equal(feeds.since('Note', 42), 'reset', 'an id from before this process');
  assert.equal(feeds.since('Note', feeds.lastId + 1), 'reset', 'an id from the future');
  assert.deepEqual(feeds.since('Note', feeds.lastId), []);
  assert.ok((seen[0] as number) > Date.now() * 1000 - 60_000_000, 'ids start at the start time in µs');
});
