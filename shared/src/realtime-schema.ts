/**
 * The realtime endpoint entries of `endpoints:`: `websocket:` and `sse:` (issue 43). Declared with zod
 * beside the HTTP entries (config-schema.ts puts them in EndpointEntrySchema); the engine compiles them
 * in engine/src/realtime/.
 */
import { z } from 'zod/mini';

const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description));
const optional = <T extends z.ZodMiniType>(schema: T, description?: string): z.ZodMiniOptional<T> =>
  description === undefined ? z.optional(schema) : described(z.optional(schema), description);
const intIn = (min: number, max: number): z.ZodMiniInt => z.int().check(z.gte(min), z.lte(max));

/** Shortest `interval.every`, in ms: a tighter timer is a busy loop, not a mock. */
export const MIN_INTERVAL_MS = 10;
/** Longest `interval.every`, an SSE event's `delay` and an SSE `heartbeat`, in ms (one hour). */
export const MAX_REALTIME_MS = 3_600_000;
/** Close codes a config may send: 1000 (normal) and the application range 3000-4999. */
export const CLOSE_CODE_MIN = 1000;
export const CLOSE_CODE_MAX = 4999;

export const RealtimeMessageSchema = described(
  z.strictObject({
    inline: optional(
      z.json(),
      'JSON sent as a text frame (SSE: as the data); strings may hold {{ … }} templates over `request` and `message`.',
    ),
    body: optional(
      z.string(),
      'A text template sent as written (SSE: one `data:` line per line), e.g. "{{message.text}}".',
    ),
  }),
  'A message: `{ inline: <JSON> }` (sent as JSON text) or `{ body: "<text template>" }`.',
);

export const CloseSchema = described(
  z.strictObject({
    code: optional(intIn(CLOSE_CODE_MIN, CLOSE_CODE_MAX), 'Close code: 1000, or 3000-4999. Default 1000.'),
    reason: optional(z.string().check(z.maxLength(120)), 'Close reason sent with the code (at most 120 characters).'),
  }),
  'Close the connection after the reply: { code, reason }.',
);

const LatencySchema = described(
  z.union([intIn(0, 60_000), z.strictObject({ min: intIn(0, 60_000), max: intIn(0, 60_000) })]),
  'Delay before the rule acts, in ms: a number, or { min, max } for a random delay.',
);

export const MessageRuleSchema = described(
  z.strictObject({
    when: described(
      z.record(
        z.string(),
        z.union([
          z.string(),
          z.number(),
          z.boolean(),
          z.null(),
          z.strictObject({
            regex: optional(z.string()),
            in: optional(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
            present: optional(z.boolean()),
            gt: optional(z.number()),
            gte: optional(z.number()),
            lt: optional(z.number()),
            lte: optional(z.number()),
          }),
        ]),
      ),
      'Conditions on the incoming frame that must all hold: `message.<path>` (its parsed JSON) or `message` (its whole text).',
    ),
    reply: optional(RealtimeMessageSchema, 'Sent back to the sender.'),
    broadcast: optional(RealtimeMessageSchema, 'Sent to every client on the same concrete path, the sender included.'),
    close: optional(CloseSchema),
    latency: optional(LatencySchema),
    description: optional(z.string(), 'Free text shown in the studio.'),
  }),
  'A message rule: when its conditions hold (the first such rule wins), it may reply, broadcast, close, after latency.',
);

export const OTHERWISE_KEYWORDS = ['echo', 'ignore'] as const;

export const WebSocketSchema = described(
  z.strictObject({
    onConnect: optional(RealtimeMessageSchema, 'Sent to a client as soon as it connects.'),
    messages: optional(z.array(MessageRuleSchema), 'Rules tried in order for each incoming frame.'),
    otherwise: optional(
      z.union([z.enum(OTHERWISE_KEYWORDS), RealtimeMessageSchema]),
      'A frame no rule matches: `echo` (sent back as it came), `ignore`, or a message sent back. Default echo.',
    ),
    interval: optional(
      described(
        z.strictObject({
          every: described(intIn(MIN_INTERVAL_MS, MAX_REALTIME_MS), 'Milliseconds between sends (at least 10).'),
          send: RealtimeMessageSchema,
        }),
        'A message sent to each client every `every` ms.',
      ),
    ),
    feed: optional(
      z.string(),
      'A schema name: every change of its table is sent as {"event": "created" | "updated" | "deleted" | "reset", "record": {...}}.',
    ),
  }),
  'A WebSocket endpoint on the HTTP port.',
);

export const SseEventSchema = described(
  z.strictObject({
    event: optional(
      z.string().check(z.regex(/^[^\r\n]*$/)),
      'The event name (`event:` line). Default: none (message).',
    ),
    data: RealtimeMessageSchema,
    delay: optional(intIn(0, MAX_REALTIME_MS), 'Milliseconds to wait before this event. Default 0.'),
  }),
  'One event of the stream: its name, its data and the delay before it.',
);

export const SseSchema = described(
  z.strictObject({
    events: optional(z.array(SseEventSchema), 'The events sent, in order, each after its delay.'),
    repeat: optional(z.boolean(), 'true: loop the list until the client leaves. Default false (the stream ends).'),
    feed: optional(
      z.string(),
      'A schema name: every change of its table is sent as `event: created|updated|deleted` with the record as data.',
    ),
    heartbeat: optional(
      intIn(1000, MAX_REALTIME_MS),
      'Milliseconds of silence after which a comment line keeps the stream open. Default 15000.',
    ),
  }),
  'A Server-Sent Events endpoint (text/event-stream).',
);

/** A realtime entry of `endpoints:`: a path, what `key` (`websocket` or `sse`) says, and a description. */
const realtimeEntry = <K extends string, T extends z.ZodMiniType>(key: K, body: T, path: string, description: string) =>
  described(
    z.strictObject({
      path: described(z.string(), path),
      ...({ [key]: body } as { [P in K]: T }),
      description: optional(z.string(), 'Free text shown in the studio.'),
    }),
    description,
  );

export const WebSocketEndpointSchema = realtimeEntry(
  'websocket',
  WebSocketSchema,
  'Path shape; a segment starting with `:` is a path parameter, e.g. /ws/chat/:room.',
  'A WebSocket endpoint: a path and what it does with connections and frames.',
);

export const SseEndpointSchema = realtimeEntry(
  'sse',
  SseSchema,
  'Path shape; a segment starting with `:` is a path parameter.',
  'A Server-Sent Events endpoint: a path and the events it streams.',
);

export type RealtimeMessageDefinition = z.infer<typeof RealtimeMessageSchema>;
export type MessageRuleDefinition = z.infer<typeof MessageRuleSchema>;
export type RealtimeEndpointDefinition = z.infer<typeof WebSocketEndpointSchema> | z.infer<typeof SseEndpointSchema>;

/** Whether an `endpoints:` entry is a realtime one (it has `websocket:` or `sse:`). */
export const isRealtimeEntry = (entry: unknown): entry is RealtimeEndpointDefinition =>
  entry !== null && typeof entry === 'object' && ('websocket' in entry || 'sse' in entry);
