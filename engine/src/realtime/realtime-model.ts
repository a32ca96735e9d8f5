/**
 * The compiled `websocket:` and `sse:` endpoints of a config version (see compile-realtime.ts), part
 * of the ServiceModel as `realtime`.
 */
import type { ConditionModel, LatencyModel, ValueTemplate } from '../model/dynamic-model.js';
import type { SchemaModel } from '../model/service-model.js';
import type { TemplateModel } from '../templates/template-model.js';

/** What is sent: JSON (`inline`, may hold templates) or text (`body`, a template or constant text). */
export type MessageModel = { kind: 'inline'; value: ValueTemplate } | { kind: 'body'; body: TemplateModel | string };

export interface MessageConditionModel {
  condition: ConditionModel;
  /** `message` itself: the frame's whole text; otherwise a path into its JSON. */
  whole: boolean;
}

export interface MessageRuleModel {
  /** 1-based position in `messages:`. */
  number: number;
  when: MessageConditionModel[];
  reply: MessageModel | undefined;
  broadcast: MessageModel | undefined;
  close: { code: number; reason: string } | undefined;
  latency: LatencyModel | undefined;
}

interface RealtimeBase {
  path: string;
  params: string[];
  /** Line in the config where it is declared, and its index in `endpoints:`. */
  line: number;
  entry: number;
  /** The schema whose changes it streams. */
  feed: SchemaModel | undefined;
}

export interface WebSocketModel extends RealtimeBase {
  kind: 'websocket';
  onConnect: MessageModel | undefined;
  rules: MessageRuleModel[];
  /** Some rule reads `message.<path>`: a frame that is not JSON gets an error frame when no rule matches. */
  rulesReadJson: boolean;
  otherwise: 'echo' | 'ignore' | MessageModel;
  interval: { every: number; send: MessageModel } | undefined;
}

export interface SseEventModel {
  event: string | undefined;
  data: MessageModel;
  delay: number;
}

export interface SseModel extends RealtimeBase {
  kind: 'sse';
  events: SseEventModel[];
  repeat: boolean;
  /** Milliseconds of silence before a comment line. */
  heartbeat: number;
}

export type RealtimeModel = WebSocketModel | SseModel;

export const DEFAULT_HEARTBEAT_MS = 15_000;

/** `WS /ws/chat/:room` or `SSE /sse/notes`: how messages and the log name it. */
export const realtimeName = (e: { kind: RealtimeModel['kind']; path: string }): string =>
  `${e.kind === 'websocket' ? 'WS' : 'SSE'} ${e.path}`;
