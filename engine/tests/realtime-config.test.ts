// `websocket:` and `sse:` in the config (issue 43): problems with their line and column, like the
// rest of the config; and hot reload, which keeps connections on endpoints that are still there and
// closes the others with 1001 and a reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { serve, yaml } from './helpers.js';
import { connectWs, openSse } from './realtime-clients.js';

const problemsOf = (text: string) => {
  const { model, problems } = validateConfig(text);
  return {
    model,
    problems: problems.map((p) => ({
      code: p.code,
      line: p.range.start.line,
      column: p.range.start.column,
      message: p.message,
    })),
  };
};

const BASE = yaml`
  schemas:
    Note:
      properties:
        id: integer
        text: string
  endpoints:
    - resource: Note
`;

test('a valid config with every realtime feature compiles', () => {
  const { model, problems } = problemsOf(`${BASE}
  - path: /ws/chat/:room
    websocket:
      onConnect: { inline: { hello: "{{request.query.name}}", room: "{{request.params.room}}" } }
      messages:
        - when: { message.type: ping }
          reply: { inline: { type: pong } }
        - when: { message.type: say }
          broadcast: { inline: { from: "{{request.query.name}}", text: "{{message.text}}" } }
        - when: { message: { regex: "^bye" } }
          close: { code: 4000, reason: bye }
          latency: { min: 1, max: 5 }
      otherwise: echo
      interval: { every: 5000, send: { inline: { type: tick, at: "{{now}}" } } }
  - path: /ws/notes
    websocket: { feed: Note }
  - path: /sse/progress
    sse:
      events:
        - { event: progress, data: { inline: { pct: 50 } }, delay: 500 }
        - { event: done, data: { body: "all\\ndone" }, delay: 500 }
      repeat: false
  - path: /sse/notes
    sse: { feed: Note }
`);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    model?.realtime?.map((e) => `${e.kind} ${e.path}`),
    ['websocket /ws/chat/:room', 'websocket /ws/notes', 'sse /sse/progress', 'sse /sse/notes'],
  );
});

test('a feed on an unknown schema is a problem at the schema name, with a suggestion', () => {
  const { problems } = problemsOf(`${BASE}
  - path: /ws/notes
    websocket: { feed: Notes }
`);
  assert.deepEqual(problems, [
    {
      code: 'unknownSchema',
      line: 10,
      column: 24,
      message: "Endpoint WS /ws/notes feeds unknown schema 'Notes'. Define it under `schemas:`. Did you mean 'Note'?",
    },
  ]);
});

test('a rule target outside message. is a problem at the target', () => {
  const { problems } = problemsOf(`${BASE}
  - path: /ws/x
    websocket:
      messages:
        - when: { query.type: ping }
          reply: { inline: 1 }
`);
  assert.equal(problems.length, 1);
  assert.equal(problems[0]?.code, 'ruleUnknownTarget');
  assert.deepEqual([problems[0]?.line, problems[0]?.column], [12, 19]);
  assert.match(problems[0]?.message ?? '', /Use message\.<path>/);
});

test('an interval under 10 ms is a problem at `every`', () => {
  const { problems } = problemsOf(`${BASE}
  - path: /ws/x
    websocket:
      interval: { every: 5, send: { inline: 1 } }
`);
  assert.equal(problems.length, 1);
  assert.equal(problems[0]?.code, 'outOfRange');
  assert.deepEqual([problems[0]?.line, problems[0]?.column], [11, 26]);
  assert.match(problems[0]?.message ?? '', /at least 10/);
  assert.equal(problems[0]?.message, '`websocket.interval.every` of endpoint WS /ws/x must be at least 10.');
});

test('a problem inside a realtime entry names the key, its rule or event, and the endpoint as WS or SSE with its path', () => {
  const { problems } = problemsOf(`${BASE}
  - path: /ws/x
    websocket:
      messages:
        - when: { message.a: 1 }
          close: { code: 99 }
  - path: /sse/x
    sse:
      events:
        - { event: 5, data: { inline: 1 }, delay: -1 }
      heartbeat: 1
`);
  assert.deepEqual(
    problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    [
      '13:26 `close.code` of message rule 1 of endpoint WS /ws/x must be at least 1000.',
      '17:20 `event` of event 1 of endpoint SSE /sse/x must be text, not the integer 5.',
      '17:51 `delay` of event 1 of endpoint SSE /sse/x must be at least 0.',
      '18:18 `sse.heartbeat` of endpoint SSE /sse/x must be at least 1000.',
    ],
  );
});

test('misspelt keys, a message with neither inline nor body, and a template reading message outside realtime', () => {
  const { problems } = problemsOf(`${BASE}
  - path: /ws/x
    websocket:
      onConnet: { inline: 1 }
      messages:
        - when: { message.a: 1 }
          reply: {}
  - path: /sse/x
    sse: { feed: Note, events: [] }
  - path: /y
    method: GET
    response: { inline: "{{message.text}}" }
`);
  const codes = problems.map((p) => `${p.line}:${p.code}`);
  assert.ok(codes.includes('11:unknownField'), codes.join(' '));
  assert.match(problems.find((p) => p.code === 'unknownField')?.message ?? '', /onConnect/);
  // The structure check stops at the misspelt key; fix it and the next problems show.
  const next = problemsOf(`${BASE}
  - path: /ws/x
    websocket:
      messages:
        - when: { message.a: 1 }
          reply: {}
  - path: /sse/x
    sse: { feed: Note, events: [] }
  - path: /y
    method: GET
    response: { inline: "{{message.text}}" }
`).problems.map((p) => `${p.line}:${p.code}`);
  assert.deepEqual(next, ['13:messageNeedsContent', '15:sseFeedAndEvents', '18:templateUnknownName']);
});

test("the applied event's endpoint list (the studio's sidebar) has the WebSocket and SSE endpoints, after the HTTP ones", async () => {
  const config = `${BASE}
  - path: /ws/chat/:room
    websocket: { otherwise: echo }
  - path: /sse/notes
    sse: { feed: Note }
`;
  const s = await serve(config);
  try {
    // Applied again: the result carries the list the `applied` event sends the studio.
    const applied = await s.engine.apply(config);
    assert.equal(applied.ok, true);
    const realtime = applied.ok ? applied.endpoints.filter((e) => e.kind === 'websocket' || e.kind === 'sse') : [];
    assert.deepEqual(
      realtime.map(({ method, path, kind, schema, status, line }) => ({ method, path, kind, schema, status, line })),
      [
        { method: 'WS', path: '/ws/chat/:room', kind: 'websocket', schema: undefined, status: 101, line: 9 },
        { method: 'SSE', path: '/sse/notes', kind: 'sse', schema: 'Note', status: 200, line: 11 },
      ],
    );
    assert.deepEqual(applied.ok ? applied.endpoints.slice(-2) : [], realtime, 'listed after the HTTP endpoints');
  } finally {
    await s.close();
  }
});

test('hot reload keeps connections on endpoints still there (with their new rules) and closes the others with 1001', async () => {
  const v1 = yaml`
    endpoints:
      - path: /ws/stay
        websocket:
          messages:
            - when: { message.q: v }
              reply: { inline: { version: 1 } }
      - path: /ws/go
        websocket: {}
      - path: /sse/go
        sse: { events: [{ data: { inline: 1 }, delay: 60000 }] }
  `;
  const v2 = yaml`
    endpoints:
      - path: /ws/stay
        websocket:
          messages:
            - when: { message.q: v }
              reply: { inline: { version: 2 } }
  `;
  const s = await serve(v1);
  try {
    const stay = await connectWs(s.url, '/ws/stay');
    const go = await connectWs(s.url, '/ws/go');
    const sse = await openSse(`${s.url}/sse/go`);
    stay.send({ q: 'v' });
    assert.deepEqual(await stay.json(), { version: 1 });
    const applied = await s.engine.apply(v2);
    assert.ok(applied.ok);
    assert.deepEqual(await go.closed, { code: 1001, reason: 'The endpoint was removed from the config.' });
    await sse.ended;
    stay.send({ q: 'v' });
    assert.deepEqual(await stay.json(), { version: 2 }, 'the same connection, the new rules');
    assert.equal(stay.ws.readyState, stay.ws.OPEN);
    stay.ws.close();
  } finally {
    await s.close();
  }
});

test('stopping the engine closes WebSocket connections with 1001', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /ws/x
        websocket: {}
  `);
  const c = await connectWs(s.url, '/ws/x');
  await s.close();
  assert.equal((await c.closed).code, 1001);
});
