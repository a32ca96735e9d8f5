// Chromium's own WebSocket and EventSource against Mockyard's realtime endpoints (issue 43): a chat
// rule's reply and broadcast, an SSE stream that ends (EventSource stops on the 204 of its
// reconnect), and a table feed whose change a POST makes.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Engine } from '../../engine/src/index.js';
import { openBrowser } from './browser.js';

const CONFIG = `schemas:
  Note:
    properties:
      id: integer
      text: string
endpoints:
  - resource: Note
  - path: /page
    method: GET
    response: { body: "<!doctype html><title>realtime</title><p>realtime</p>", contentType: text/html }
  - path: /ws/chat/:room
    websocket:
      onConnect: { inline: { hello: "{{request.query.name}}", room: "{{request.params.room}}" } }
      messages:
        - when: { message.type: ping }
          reply: { inline: { type: pong } }
        - when: { message.type: say }
          broadcast: { inline: { from: "{{request.query.name}}", text: "{{message.text}}" } }
  - path: /sse/progress
    sse:
      events:
        - { event: progress, data: { inline: { pct: 50 } }, delay: 50 }
        - { event: done, data: { body: "all\\ndone" }, delay: 50 }
  - path: /sse/notes
    sse: { feed: Note }
`;

test("Chromium's WebSocket and EventSource see what the config says", { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-realtime-browser-'));
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, CONFIG);
  const engine = new Engine({ configPath, port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    assert.ok((await engine.apply(CONFIG)).ok);
    const { url } = await engine.start();
    const { page } = browser;
    await page.goto(`${url}/page`);

    const chat = await page.evaluate(async () => {
      const open = (name: string): Promise<{ ws: WebSocket; got: unknown[] }> =>
        new Promise((resolve, reject) => {
          const { host } = (globalThis as unknown as { location: { host: string } }).location;
          const ws = new WebSocket(`ws://${host}/ws/chat/lobby?name=${name}`);
          const got: unknown[] = [];
          ws.onmessage = (e) => got.push(JSON.parse(e.data as string));
          ws.onopen = () => resolve({ ws, got });
          ws.onerror = () => reject(new Error('WebSocket failed'));
        });
      const until = async (check: () => boolean): Promise<void> => {
        const deadline = Date.now() + 5000;
        while (!check()) {
          if (Date.now() > deadline) throw new Error('timed out');
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const ann = await open('ann');
      const bob = await open('bob');
      ann.ws.send(JSON.stringify({ type: 'ping' }));
      await until(() => ann.got.length === 2);
      ann.ws.send(JSON.stringify({ type: 'say', text: 'hi from Chromium' }));
      await until(() => ann.got.length === 3 && bob.got.length === 2);
      ann.ws.close(1000, 'bye');
      bob.ws.close();
      return { ann: ann.got, bob: bob.got };
    });
    assert.deepEqual(chat.ann, [
      { hello: 'ann', room: 'lobby' },
      { type: 'pong' },
      { from: 'ann', text: 'hi from Chromium' },
    ]);
    assert.deepEqual(chat.bob, [
      { hello: 'bob', room: 'lobby' },
      { from: 'ann', text: 'hi from Chromium' },
    ]);

    const progress = await page.evaluate(
      () =>
        new Promise<{ events: string[]; state: number }>((resolve) => {
          const source = new EventSource('/sse/progress');
          const events: string[] = [];
          const add = (event: Event): void => {
            const e = event as MessageEvent;
            events.push(`${e.type} ${e.lastEventId} ${e.data}`);
          };
          source.addEventListener('progress', add);
          source.addEventListener('done', add);
          // After the last event the stream ends; the reconnect (Last-Event-ID: 2) is answered 204,
          // on which EventSource gives up: readyState CLOSED.
          source.onerror = () => {
            if (source.readyState === EventSource.CLOSED) resolve({ events, state: source.readyState });
          };
        }),
    );
    assert.deepEqual(progress, { events: ['progress 1 {"pct":50}', 'done 2 all\ndone'], state: 2 });

    await page.evaluate(() => {
      const w = globalThis as unknown as { notes: string[] };
      w.notes = [];
      const source = new EventSource('/sse/notes');
      source.addEventListener('created', (e) => w.notes.push((e as MessageEvent).data as string));
      return new Promise<void>((resolve) => {
        source.onopen = () => resolve();
      });
    });
    const res = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'from node' }),
    });
    assert.equal(res.status, 201);
    await page.waitForFunction(() => (globalThis as unknown as { notes: string[] }).notes.length === 1, undefined, {
      timeout: 5000,
    });
    const notes = await page.evaluate(() => (globalThis as unknown as { notes: string[] }).notes);
    assert.deepEqual(JSON.parse(notes[0] ?? ''), { id: 1, text: 'from node' });

    const entries = engine.log.entries().filter((e) => e.stream);
    assert.ok(entries.some((e) => e.stream?.protocol === 'websocket' && e.stream.closeCode === 1000));
    assert.ok(entries.some((e) => e.stream?.protocol === 'sse' && e.endpoint === 'SSE /sse/progress'));
  } finally {
    await browser.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
