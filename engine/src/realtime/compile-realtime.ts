/**
 * `websocket:` and `sse:` entries of `endpoints:` at config time: paths, feeds, message rules (their
 * targets must be `message…`), templates (which may read `request` and `message`) and SSE events.
 * Problems get their line and column like every other part of the config.
 */
import type { ConditionDefinition } from '../../../shared/src/config-schema.js';
import type { Problem } from '../../../shared/src/problems.js';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import {
  isRealtimeEntry,
  type MessageRuleDefinition,
  type RealtimeEndpointDefinition,
  type RealtimeMessageDefinition,
  SseEndpointSchema,
  WebSocketEndpointSchema,
} from '../../../shared/src/realtime-schema.js';
import { checkedPath } from '../config/endpoint-path.js';
import { compileLatency } from '../config/compile-effects.js';
import { compileTests, parseBodyPath } from '../config/compile-rules.js';
import { compileTemplate, compileValue, type TemplateScope } from '../config/compile-templates.js';
import { didYouMean } from '../config/did-you-mean.js';
import { withFix } from '../config/fixes.js';
import type { ConfigSource, DocPath } from '../config/source.js';
import { isTemplate } from '../templates/template-parser.js';
import type { EndpointModel, SchemaModel } from '../model/service-model.js';
import { routeShape } from '../config/route-shape.js';
import {
  DEFAULT_HEARTBEAT_MS,
  type MessageConditionModel,
  type MessageModel,
  type MessageRuleModel,
  type RealtimeModel,
  realtimeName,
} from './realtime-model.js';

interface Scope extends TemplateScope {
  broken: ReadonlySet<string>;
  schemas: ReadonlyMap<string, SchemaModel>;
}

/** A message, undefined when it has a problem (reported). */
function compileMessage(scope: Scope, at: DocPath, message: RealtimeMessageDefinition): MessageModel | undefined {
  const { source, problems, label } = scope;
  if (message.inline !== undefined && message.body !== undefined) {
    problems.push(
      source.problemAt([...at, 'body'], 'messageBodyAndInline', realtimeMessages.messageBodyAndInline(label)),
    );
    return undefined;
  }
  if (message.body !== undefined) {
    if (!isTemplate(message.body)) return { kind: 'body', body: message.body };
    const body = compileTemplate(scope, [...at, 'body'], message.body);
    return body && { kind: 'body', body };
  }
  if (message.inline === undefined) {
    problems.push(source.problemAt(at, 'messageNeedsContent', realtimeMessages.messageNeedsContent(label)));
    return undefined;
  }
  const value = compileValue(scope, [...at, 'inline'], message.inline);
  return value.ok ? { kind: 'inline', value: value.value } : undefined;
}

function compileCondition(
  scope: Scope,
  at: DocPath,
  label: string,
  condition: ConditionDefinition,
): MessageConditionModel | undefined {
  const whole = label === 'message';
  const path = whole ? [] : label.startsWith('message.') ? parseBodyPath(label.slice('message.'.length)) : undefined;
  if (!path) {
    scope.problems.push(
      scope.source.problemAt(at, 'ruleUnknownTarget', realtimeMessages.ruleTargetNotMessage(label), 'error', 'key'),
    );
    return undefined;
  }
  const tests = compileTests({ ...scope, params: [], schema: undefined }, at, label, condition);
  return tests && { condition: { label, target: 'body', path, tests }, whole };
}

function compileRule(
  scope: Scope,
  at: DocPath,
  rule: MessageRuleDefinition,
  index: number,
): MessageRuleModel | undefined {
  let ok = true;
  const when: MessageConditionModel[] = [];
  for (const [label, condition] of Object.entries(rule.when)) {
    const compiled = compileCondition(scope, [...at, 'when', label], label, condition);
    if (compiled) when.push(compiled);
    else ok = false;
  }
  const part = (name: 'reply' | 'broadcast'): MessageModel | undefined => {
    const message = rule[name];
    if (message === undefined) return undefined;
    const compiled = compileMessage(scope, [...at, name], message);
    if (!compiled) ok = false;
    return compiled;
  };
  const reply = part('reply');
  const broadcast = part('broadcast');
  const latency = compileLatency(scope, [...at, 'latency'], rule.latency);
  if (latency === null) ok = false;
  if (rule.reply === undefined && rule.broadcast === undefined && rule.close === undefined) {
    scope.problems.push(
      scope.source.problemAt(at, 'ruleWithoutEffect', realtimeMessages.ruleWithoutEffect(scope.label)),
    );
    ok = false;
  }
  if (!ok) return undefined;
  const close = rule.close && { code: rule.close.code ?? 1000, reason: rule.close.reason ?? '' };
  return { number: index + 1, when, reply, broadcast, close, latency: latency ?? undefined };
}

function compileFeed(scope: Scope, at: DocPath, name: string | undefined): SchemaModel | undefined | null {
  if (name === undefined) return undefined;
  const schema = scope.schemas.get(name);
  if (schema) return schema;
  if (scope.broken.has(name)) return null;
  const suggestion = didYouMean(name, [...scope.schemas.keys()]);
  const problem = scope.source.problemAt(
    at,
    'unknownSchema',
    realtimeMessages.unknownFeedSchema(scope.label, name, suggestion),
  );
  scope.problems.push(withFix(problem, suggestion));
  return null;
}

function compileEntry(
  base: Omit<Scope, 'label'>,
  def: RealtimeEndpointDefinition,
  at: DocPath,
  index: number,
): RealtimeModel | undefined {
  const kind = 'websocket' in def ? 'websocket' : 'sse';
  const label = realtimeName({ kind, path: def.path });
  const scope: Scope = { ...base, label, message: true };
  const { source, problems } = scope;
  const shape = checkedPath(source, problems, at, def.path);
  if (!shape) return undefined;
  const common = { path: def.path, params: shape.params, line: source.lineOf(at), entry: index };
  if ('websocket' in def) {
    const ws = def.websocket;
    const inWs: DocPath = [...at, 'websocket'];
    const feed = compileFeed(scope, [...inWs, 'feed'], ws.feed);
    const onConnect = ws.onConnect && compileMessage(scope, [...inWs, 'onConnect'], ws.onConnect);
    const rules = (ws.messages ?? []).map((rule, i) => compileRule(scope, [...inWs, 'messages', i], rule, i));
    const otherwise =
      ws.otherwise === undefined || typeof ws.otherwise === 'string'
        ? (ws.otherwise ?? 'echo')
        : compileMessage(scope, [...inWs, 'otherwise'], ws.otherwise);
    const send = ws.interval && compileMessage(scope, [...inWs, 'interval', 'send'], ws.interval.send);
    if (
      feed === null ||
      (ws.onConnect && !onConnect) ||
      rules.some((r) => r === undefined) ||
      otherwise === undefined ||
      (ws.interval && !send)
    )
      return undefined;
    const compiled = rules as MessageRuleModel[];
    return {
      kind: 'websocket',
      ...common,
      feed,
      onConnect,
      rules: compiled,
      rulesReadJson: compiled.some((r) => r.when.some((c) => !c.whole)),
      otherwise,
      interval: ws.interval && send ? { every: ws.interval.every, send } : undefined,
    };
  }
  const sse = def.sse;
  const inSse: DocPath = [...at, 'sse'];
  if (sse.feed !== undefined && sse.events !== undefined) {
    problems.push(source.problemAt([...inSse, 'feed'], 'sseFeedAndEvents', realtimeMessages.sseFeedAndEvents(label)));
    return undefined;
  }
  if (sse.feed === undefined && (sse.events === undefined || sse.events.length === 0)) {
    problems.push(source.problemAt(inSse, 'sseNothingToSend', realtimeMessages.sseNothingToSend(label)));
    return undefined;
  }
  const feed = compileFeed(scope, [...inSse, 'feed'], sse.feed);
  const events = (sse.events ?? []).map((e, i) => {
    const data = compileMessage(scope, [...inSse, 'events', i, 'data'], e.data);
    return data && { event: e.event, data, delay: e.delay ?? 0 };
  });
  if (feed === null || events.some((e) => e === undefined)) return undefined;
  return {
    kind: 'sse',
    ...common,
    feed,
    events: events as NonNullable<(typeof events)[number]>[],
    repeat: sse.repeat === true,
    heartbeat: sse.heartbeat ?? DEFAULT_HEARTBEAT_MS,
  };
}

/**
 * The realtime endpoints of `endpoints:`. `checked` is the list as the structure check parsed it,
 * when the whole document fits; `http` the HTTP endpoints (an SSE path is a GET, so it may not repeat one).
 */
export function compileRealtime(
  source: ConfigSource,
  raw: unknown,
  schemas: ReadonlyMap<string, SchemaModel>,
  problems: Problem[],
  broken: ReadonlySet<string>,
  http: readonly EndpointModel[],
  scenarios: ReadonlySet<string>,
  checked?: readonly unknown[],
): RealtimeModel[] {
  const out: RealtimeModel[] = [];
  if (!Array.isArray(raw)) return out;
  const seen = new Map<string, number>();
  for (const e of http) if (e.method === 'GET') seen.set(routeShape('GET', e.path), e.line);
  const base = { source, problems, broken, schemas, scenarios };
  raw.forEach((entry: unknown, index) => {
    if (!isRealtimeEntry(entry)) return;
    const at: DocPath = ['endpoints', index];
    let def = checked?.[index] as RealtimeEndpointDefinition | undefined;
    if (!def) {
      const parsed = ('websocket' in entry ? WebSocketEndpointSchema : SseEndpointSchema).safeParse(entry);
      if (!parsed.success) return;
      def = parsed.data;
    }
    // A WebSocket path is its own route (an upgrade); an SSE path is a GET like the HTTP ones.
    const route = 'websocket' in def ? `WS ${routeShape('GET', def.path)}` : routeShape('GET', def.path);
    const first = seen.get(route);
    if (first !== undefined) {
      const label = realtimeName({ kind: 'websocket' in def ? 'websocket' : 'sse', path: def.path });
      problems.push(
        source.problemAt([...at, 'path'], 'duplicateRoute', realtimeMessages.duplicateRealtimePath(label, first)),
      );
      return;
    }
    seen.set(route, source.lineOf(at));
    const model = compileEntry(base, def, at, index);
    if (model) out.push(model);
  });
  return out;
}
