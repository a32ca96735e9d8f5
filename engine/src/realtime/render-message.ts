/**
 * Renders a realtime message (`inline` JSON or `body` text) with the version's templates, over the
 * upgrade request and the incoming frame.
 */
import { FakerSource } from '../templates/faker-source.js';
import type { Randomness } from '../templates/random.js';
import type { TemplateContext, TemplateRenderer } from '../templates/render.js';
import { RendererSource } from '../templates/renderer-source.js';
import { renderValue } from '../templates/render-value.js';
import type { TemplateModel } from '../templates/template-model.js';
import type { ValueTemplate } from '../model/dynamic-model.js';
import type { MessageModel, RealtimeModel } from './realtime-model.js';

/** The templates a message holds. */
function templatesOf(message: MessageModel | undefined, out: TemplateModel[]): void {
  if (!message) return;
  if (message.kind === 'body') {
    if (typeof message.body !== 'string') out.push(message.body);
    return;
  }
  const stack: ValueTemplate[] = [message.value];
  while (stack.length > 0) {
    const v = stack.pop() as ValueTemplate;
    if (v.kind === 'template') out.push(v.template);
    else if (v.kind === 'array') stack.push(...v.items);
    else if (v.kind === 'object')
      for (const e of v.entries) {
        stack.push(e.value);
        if (typeof e.key !== 'string') out.push(e.key);
      }
  }
}

export function endpointTemplates(endpoint: RealtimeModel): TemplateModel[] {
  const out: TemplateModel[] = [];
  if (endpoint.kind === 'sse') for (const e of endpoint.events) templatesOf(e.data, out);
  else {
    templatesOf(endpoint.onConnect, out);
    templatesOf(endpoint.interval?.send, out);
    if (typeof endpoint.otherwise !== 'string') templatesOf(endpoint.otherwise, out);
    for (const r of endpoint.rules) {
      templatesOf(r.reply, out);
      templatesOf(r.broadcast, out);
    }
  }
  return out;
}

/** The templates of one config version's realtime endpoints: loaded before the first rendering. */
export class MessageRenderer {
  private readonly renderers: RendererSource;
  private readonly faker: FakerSource;

  constructor(random: Randomness, seed: number | undefined) {
    this.faker = new FakerSource(seed);
    this.renderers = new RendererSource(random, this.faker);
  }

  /** Undefined when everything `endpoint` needs is loaded; else a promise that resolves once it is. */
  ready(endpoint: RealtimeModel): Promise<unknown> | undefined {
    const templates = endpointTemplates(endpoint);
    if (templates.length === 0) return undefined;
    const waits = [this.renderers.ready(), templates.some((t) => t.usesFaker) ? this.faker.ready() : undefined];
    const pending = waits.filter((w) => w !== undefined);
    return pending.length > 0 ? Promise.all(pending) : undefined;
  }

  /** The message as the text sent: JSON for `inline`, the rendered text for `body`. Throws a TemplateError. */
  render(message: MessageModel, context: TemplateContext): string {
    const renderer = (): TemplateRenderer => this.renderers.renderer as TemplateRenderer;
    if (message.kind === 'body')
      return typeof message.body === 'string' ? message.body : renderer().text(message.body, context);
    if (message.value.kind === 'constant') return JSON.stringify(message.value.value);
    return JSON.stringify(renderValue(renderer(), message.value, context)) ?? 'null';
  }
}
