/**
 * An endpoint's (or rule's) callbacks, rendered once its response is sent: templates see the
 * request, the response (status, headers, body) and the scenarios, and the sender takes it from there.
 */
import type { CallbackSender } from '../callbacks/callback-sender.js';
import type { CallbackModel, DynamicModel, ResponseModel } from '../model/dynamic-model.js';
import { renderHeaders, renderValue } from '../templates/render-value.js';
import type { TemplateContext, TemplateRenderer } from '../templates/render.js';
import { bodyValue } from '../templates/request-view.js';
import type { TemplateModel } from '../templates/template-model.js';
import type { Effects } from './endpoint-run.js';

/** Every template of the endpoint's and its rules' callbacks (they decide what must be loaded or read first). */
export function callbackTemplates(
  dynamic: DynamicModel,
  templatesOf: (response: ResponseModel | undefined, extra?: CallbackModel['headers']) => TemplateModel[],
): TemplateModel[] {
  const all = [...(dynamic.callbacks ?? []), ...dynamic.rules.flatMap((r) => r.callbacks ?? [])];
  return all.flatMap((c) => [...(typeof c.url === 'string' ? [] : [c.url]), ...templatesOf(c.body, c.headers)]);
}

const bare = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** What runs after the response: each callback rendered and handed to the sender (a failed template is logged). */
export function callbacksAfter(
  callbacks: readonly CallbackModel[],
  sender: CallbackSender,
  renderer: () => TemplateRenderer,
  view: () => TemplateContext,
  endpoint: string,
): NonNullable<Effects['after']> {
  return (status, responseHeaders, text) => {
    const headers = bare();
    for (const [name, value] of Object.entries(responseHeaders)) headers[name.toLowerCase()] = value;
    const context: TemplateContext = { ...view(), response: { status, headers, body: bodyValue(text ?? '') } };
    for (const callback of callbacks) {
      const call = {
        url: typeof callback.url === 'string' ? callback.url : callback.url.source,
        origin: callback.origin,
        method: callback.method,
        headers: {} as Record<string, string>,
        body: undefined as string | undefined,
        delay: callback.delay,
        timeout: callback.timeout,
        endpoint,
        line: callback.line,
      };
      try {
        if (typeof callback.url !== 'string') call.url = renderer().text(callback.url, context);
        const { body } = callback;
        if (body?.kind === 'body') {
          call.body = renderer().text(body.body, context);
          call.headers['content-type'] = body.contentType ?? 'application/json';
        } else if (body) {
          call.body = JSON.stringify(renderValue(renderer(), body.value, context) ?? null);
          call.headers['content-type'] = 'application/json';
        }
        renderHeaders(renderer(), callback.headers, context, call.headers);
      } catch (err) {
        sender.refuse(call, `a template failed: ${(err as Error)?.message ?? String(err)}`);
        continue;
      }
      sender.send(call);
    }
  };
}
