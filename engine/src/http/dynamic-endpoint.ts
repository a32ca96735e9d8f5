/**
 * Serves an endpoint that has templates, rules, its own latency or a fault. Per request: read the
 * body if a rule or template needs it, pick the first matching rule, decide the fault (drawn from
 * the version's randomness), then answer: the rule's response, the endpoint's rendered response, or
 * (schema-backed) the table operation. Each matched rule, fault and delay is noted in the log.
 */
import { STATUS_CODES } from 'node:http';
import { DomainError } from '../domain-error.js';
import { HttpError } from './http-error.js';
import type { DynamicModel, FaultModel, ResponseModel, RuleModel } from '../model/dynamic-model.js';
import { type EndpointModel, endpointName } from '../model/service-model.js';
import { FakerSource } from '../templates/faker-source.js';
import type { Randomness } from '../templates/random.js';
import type { TemplateContext, TemplateRenderer } from '../templates/render.js';
import { RendererSource } from '../templates/renderer-source.js';
import { renderHeaders, renderValue } from '../templates/render-value.js';
import { bodyValue, templateContext } from '../templates/request-view.js';
import type { TemplateModel } from '../templates/template-model.js';
import type { RequestContext } from './endpoint-run.js';
import { errorReply, type Reply } from './reply.js';
import { matchRule } from './rule-match.js';
import type { ScenarioStates } from '../scenarios/scenario-states.js';
import type { CallbackSender } from '../callbacks/callback-sender.js';
import { callbacksAfter, callbackTemplates } from './callbacks-after.js';

/** What the dynamic endpoints of one config version share. */
export interface DynamicTools {
  renderer: RendererSource;
  random: Randomness;
  faker: FakerSource;
  /** The scenarios' states (rules on `scenario.<name>`, `setScenario`, `{{scenario.<name>}}`). */
  scenarios?: ScenarioStates | undefined;
  /** Sends callbacks; undefined when `server.callbacks: false`. */
  callbacks?: CallbackSender | undefined;
}

/** What a version's endpoints reach beyond their templates: scenario states and the callback sender. */
export type SharedTools = Pick<DynamicTools, 'scenarios' | 'callbacks'>;

/** A version's tools, made on first need (most versions have no template); `seed` is `server.seed`. */
export function toolsOnDemand(
  random: Randomness,
  seed: number | undefined,
  shared: SharedTools = {},
): () => DynamicTools {
  let tools: DynamicTools | undefined;
  return () => {
    if (!tools) {
      const faker = new FakerSource(seed);
      const renderer = new RendererSource(random, faker);
      // Loading starts now, so the first request usually finds the renderer ready.
      renderer.ready()?.catch(() => undefined);
      tools = { random, faker, renderer, ...shared };
    }
    return tools;
  };
}

type Run = (ctx: RequestContext) => Reply | Promise<Reply>;
type Maybe<T> = T | Promise<T>;

/** `step(value)`, at once for a value, after it for a promise. */
const then = <T, U>(value: Maybe<T>, step: (v: T) => Maybe<U>): Maybe<U> =>
  value instanceof Promise ? value.then(step) : step(value);

const templatesOf = (response: ResponseModel | undefined, extra: RuleModel['headers'] = []): TemplateModel[] => {
  const out: TemplateModel[] = [];
  const headers = [...(response?.headers ?? []), ...extra];
  for (const h of headers) if (typeof h.value !== 'string') out.push(h.value);
  if (response?.kind === 'body') out.push(response.body);
  if (response?.kind === 'inline') {
    const stack = [response.value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (v?.kind === 'template') out.push(v.template);
      else if (v?.kind === 'array') stack.push(...v.items);
      else if (v?.kind === 'object')
        for (const e of v.entries) {
          stack.push(e.value);
          if (typeof e.key !== 'string') out.push(e.key);
        }
    }
  }
  return out;
};

/** The body a status may carry: none for 204 and 304 (and for 1xx). */
const mayHaveBody = (status: number): boolean => status >= 200 && status !== 204 && status !== 304;

/** Every template of the endpoint: its response's, its rules', its callbacks'. */
const allTemplates = (dynamic: DynamicModel): TemplateModel[] => [
  ...templatesOf(dynamic.response),
  ...dynamic.rules.flatMap((r) => templatesOf(r.response, r.headers)),
  ...callbackTemplates(dynamic, templatesOf),
];

/** Whether a rule or a template reads the request body (so a body past the limit is a 413). */
export const dynamicReadsBody = (dynamic: DynamicModel): boolean =>
  dynamic.rules.some((r) => r.readsBody) || allTemplates(dynamic).some((t) => t.readsBody);

export function dynamicRun(endpoint: EndpointModel, dynamic: DynamicModel, base: Run, tools: DynamicTools): Run {
  const name = endpointName(endpoint);
  const { rules } = dynamic;
  const all = allTemplates(dynamic);
  const readsScenarios =
    rules.some((r) => r.when.some((c) => c.target === 'scenario')) ||
    all.some((t) => t.names?.some((n) => n.kind === 'scenario'));
  const readsBody = dynamicReadsBody(dynamic);
  const usesFaker = all.some((t) => t.usesFaker);
  const precomputed = endpoint.kind === 'static' ? JSON.stringify(endpoint.body) : undefined;
  // Loaded before the first rendering (see run below); constant headers never need it.
  const renderer = (): TemplateRenderer => tools.renderer.renderer as TemplateRenderer;

  const fails = (fault: FaultModel | undefined): boolean =>
    fault !== undefined && (fault.rate >= 1 || (fault.rate > 0 && tools.random.next() < fault.rate));

  const render = <T>(step: () => T): T => {
    try {
      return step();
    } catch (err) {
      if (err instanceof HttpError || err instanceof DomainError) throw err;
      const detail = err instanceof Error ? err.message : String(err);
      throw new HttpError(500, `The template of endpoint ${name} failed: ${detail}`);
    }
  };

  const respond = (ctx: RequestContext, body: unknown, scenarios?: Record<string, string>): Reply | Promise<Reply> => {
    const facts = {
      method: ctx.req.method ?? 'GET',
      params: ctx.params,
      query: ctx.searchParams,
      headers: ctx.req.headers,
      body,
      scenarios,
    };
    const rule = rules.length > 0 ? matchRule(rules, facts) : undefined;
    if (rule) ctx.notes.push(`rule ${rule.number} matched (line ${rule.line})`);
    const latency = rule?.latency ?? dynamic.latency;
    if (latency) ctx.effects = { latency };
    const fault = rule?.fault ?? dynamic.fault;
    if (fails(fault)) {
      const { status, kind, rate } = fault as FaultModel;
      ctx.notes.push(
        `fault: ${kind ? `connection ${kind === 'reset' ? 'reset' : 'closed without a response'}` : `answered ${status}`} (rate ${rate})`,
      );
      if (kind) {
        ctx.effects = { ...ctx.effects, drop: kind };
        return { status: 0, json: undefined };
      }
      return errorReply(status as number, `${STATUS_CODES[status as number] ?? 'Error'} (injected fault)`);
    }
    let context: TemplateContext | undefined;
    const view = (): TemplateContext =>
      (context ??= {
        ...templateContext({ ...facts, path: ctx.path }),
        ...(scenarios ? { scenario: Object.assign(Object.create(null) as Record<string, string>, scenarios) } : {}),
      });
    const callbacks = rule?.callbacks ?? dynamic.callbacks;
    if (callbacks && callbacks.length > 0 && tools.callbacks)
      ctx.effects = { ...ctx.effects, after: callbacksAfter(callbacks, tools.callbacks, renderer, view, name) };
    const next = rule?.setScenario ?? dynamic.setScenario;
    if (next && tools.scenarios && Object.keys(next).length > 0) {
      const states = tools.scenarios;
      ctx.notes.push(
        `scenario set: ${Object.entries(next)
          .map(([n, s]) => `${n} → ${s}`)
          .join(', ')}`,
      );
      // After the answer is chosen (and rendered: its templates saw the states before the change).
      return then(choose(ctx, rule, view), (reply) => then(states.set(next), () => reply));
    }
    return choose(ctx, rule, view);
  };

  /** The answer: the rule's response, the endpoint's rendered response, or (schema-backed) the table operation. */
  const choose = (ctx: RequestContext, rule: RuleModel | undefined, view: () => TemplateContext): Maybe<Reply> => {
    const status = rule?.status ?? endpoint.status;
    const headers: Record<string, string> = {};
    const answer = rule?.response ?? (endpoint.kind === 'static' ? dynamic.response : undefined);
    render(() => {
      if (!rule?.response && dynamic.response) renderHeaders(renderer(), dynamic.response.headers, view(), headers);
      if (answer && answer !== dynamic.response) renderHeaders(renderer(), answer.headers, view(), headers);
      if (rule) renderHeaders(renderer(), rule.headers, view(), headers);
    });
    if (answer) {
      return render((): Reply => {
        if (!mayHaveBody(status)) return { status, json: undefined, headers };
        if (answer.kind === 'body') {
          const text = renderer().text(answer.body, view());
          return { status, json: text, headers, ...(answer.contentType ? { contentType: answer.contentType } : {}) };
        }
        return { status, json: JSON.stringify(renderValue(renderer(), answer.value, view()) ?? null), headers };
      });
    }
    if (endpoint.kind === 'static') return { status, json: mayHaveBody(status) ? precomputed : undefined, headers };
    if (rule?.status !== undefined) {
      // A rule's status on a database-backed endpoint answers without touching the table.
      return status >= 400
        ? errorReply(status, STATUS_CODES[status] ?? 'Error', headers)
        : { status, json: undefined, headers };
    }
    const reply = base(ctx);
    const withHeaders = (r: Reply): Reply => ({ ...r, headers: { ...r.headers, ...headers } });
    return reply instanceof Promise ? reply.then(withHeaders) : withHeaders(reply);
  };

  const scenarioStates = (): Maybe<Record<string, string>> | undefined =>
    readsScenarios ? tools.scenarios?.all() : undefined;

  return (ctx) => {
    const fakerReady = usesFaker ? tools.faker.ready() : undefined;
    const rendererReady = all.length > 0 ? tools.renderer.ready() : undefined;
    const states = scenarioStates();
    if (!readsBody && !fakerReady && !rendererReady && !(states instanceof Promise))
      return respond(ctx, undefined, states);
    return Promise.all([readsBody ? ctx.text() : undefined, fakerReady, rendererReady, states]).then(
      ([text, , , scenarios]) => respond(ctx, text === undefined ? undefined : bodyValue(text), scenarios),
    );
  };
}
