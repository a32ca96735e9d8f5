// Feeds across replicas (issue 43): two engines on one PostgreSQL schema, as two replicas of a
// config; a write on one reaches the feed subscribers of the other (LISTEN/NOTIFY), in order.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Engine } from '../src/engine.js';
import { tempDir, yaml } from './helpers.js';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres-server.js';
import { connectWs, openSse } from './realtime-clients.js';

const postgres = await startPostgres();
const skip = postgres ? false : (POSTGRES_SKIP_REASON ?? 'no PostgreSQL here');
if (postgres) after(() => postgres.stop());

const CONFIG = yaml`
  schemas:
    Note:
      properties:
        id: integer
        text: string
  endpoints:
    - resource: Note
    - path: /ws/notes
      websocket: { feed: Note }
    - path: /sse/notes
      sse: { feed: Note }
`;

async function replica(dir: string): Promise<{ engine: Engine; url: string }> {
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, CONFIG);
  const engine = new Engine({
    configPath,
    port: 0,
    host: '127.0.0.1',
    database: postgres?.url,
    schema: 'replicas_feed',
  });
  const applied = await engine.apply(CONFIG);
  assert.ok(applied.ok, JSON.stringify(applied.problems));
  return { engine, url: (await engine.start()).url };
}

test('a write on one replica reaches the WebSocket and SSE subscribers of the other, in order', {
  skip,
  timeout: 60_000,
}, async () => {
  const { dir, cleanup } = tempDir();
  const a = await replica(dir);
  const b = await replica(dir);
  try {
    const ws = await connectWs(b.url, '/ws/notes');
    const sse = await openSse(`${b.url}/sse/notes`);
    const post = (text: string) =>
      fetch(`${a.url}/notes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
    for (const text of ['one', 'two', 'three']) assert.equal((await post(text)).status, 201);
    assert.equal(
      (
        await fetch(`${a.url}/notes/1`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: '{"text":"uno"}',
        })
      ).status,
      200,
    );
    const frames = [];
    for (let i = 0; i < 4; i++)
      frames.push((await ws.json(5000)) as { event: string; record: { id: number; text: string } });
    assert.deepEqual(
      frames.map((f) => `${f.event} ${f.record.id} ${f.record.text}`),
      ['created 1 one', 'created 2 two', 'created 3 three', 'updated 1 uno'],
    );
    const events = [];
    for (let i = 0; i < 4; i++) events.push(await sse.events.next(5000));
    assert.deepEqual(
      events.map((e) => `${e.event} ${JSON.parse(e.data).text}`),
      ['created one', 'created two', 'created three', 'updated uno'],
    );
    // And the other way round, with the writer's own subscribers told too.
    const own = await connectWs(a.url, '/ws/notes');
    await fetch(`${b.url}/notes/2`, { method: 'DELETE' });
    assert.deepEqual(((await own.json(5000)) as { event: string; record: { id: number } }).event, 'deleted');
    assert.deepEqual(((await ws.json(5000)) as { event: string; record: { id: number } }).record.id, 2);
    ws.ws.close();
    own.ws.close();
    sse.close();
  } finally {
    await a.engine.stop();
    await b.engine.stop();
    cleanup();
  }
});
