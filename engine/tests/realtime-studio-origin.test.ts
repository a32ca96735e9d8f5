// The studio's Try it opens SSE endpoints with the browser's EventSource, a cross-origin request
// from the studio's page: the studio's own origin is allowed without `server.cors`, no other is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, yaml } from './helpers.js';
import { openSse } from './realtime-clients.js';

const CONFIG = yaml`
  endpoints:
    - path: /sse/progress
      sse:
        events:
          - { event: done, data: { inline: { ok: true } } }
`;

test("an SSE stream allows the studio's origin (and only it) when the config sets no CORS", async () => {
  const s = await serve(CONFIG);
  try {
    s.engine.allowStudioOrigin('http://127.0.0.1:4999');
    const studio = await openSse(`${s.url}/sse/progress`, { Origin: 'http://127.0.0.1:4999' });
    assert.equal(studio.response.headers.get('access-control-allow-origin'), 'http://127.0.0.1:4999');
    assert.equal((await studio.events.next()).event, 'done');
    studio.close();
    const other = await openSse(`${s.url}/sse/progress`, { Origin: 'http://localhost:5173' });
    assert.equal(other.response.status, 200);
    assert.equal(other.response.headers.get('access-control-allow-origin'), null);
    other.close();
  } finally {
    await s.close();
  }
});
