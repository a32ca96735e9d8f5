/**
 * What a new WebSocket or SSE endpoint, event or interval starts as: the issue's own examples, so a
 * user who creates one sees each part working before changing it.
 */
export const NEW_WEBSOCKET_SCRIPT = {
  onConnect: { inline: { hello: '{{request.query.name}}' } },
  messages: [{ when: { 'message.type': 'ping' }, reply: { inline: { type: 'pong' } } }],
  otherwise: 'echo',
};

/** What a new message rule does until changed: the engine wants a rule to reply, broadcast or close. */
export const NEW_RULE_REPLY = { reply: { inline: { ok: true } } };

export const NEW_INTERVAL = { every: 5000, send: { inline: { type: 'tick', at: '{{now}}' } } };

export const NEW_SSE_EVENT = { event: 'message', data: { inline: { n: 1 } }, delay: 500 };

export const NEW_SSE_SCRIPT = {
  events: [
    { event: 'progress', data: { inline: { pct: 50 } }, delay: 500 },
    { event: 'done', data: { inline: { ok: true } }, delay: 500 },
  ],
  repeat: false,
};

/** Where a WebSocket message rule's conditions can look. */
export const MESSAGE_TARGETS = ['message.type', 'message.text', 'message'];

/** The kinds of entry in `endpoints:` as the list names them. */
export type RealtimeKind = 'websocket' | 'sse';

export const realtimeKind = (value: Record<string, unknown>): RealtimeKind | undefined =>
  value.websocket !== undefined ? 'websocket' : value.sse !== undefined ? 'sse' : undefined;
