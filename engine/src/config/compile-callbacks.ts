/**
 * `callbacks:` of an endpoint or a rule: webhooks sent after the response. The URL's origin must be
 * written out in the config (a request can fill only the path and query), so a mock sends only to
 * the places its config names; the templates see `request`, `response` and `scenario`.
 */
import type { CallbackDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { CallbackModel, ResponseModel } from '../model/dynamic-model.js';
import { isTemplate } from '../templates/template-parser.js';
import { compileHeaders, compileResponse, compileTemplate, type TemplateScope } from './compile-templates.js';
import type { DocPath } from './source.js';

export const DEFAULT_CALLBACK_TIMEOUT = 5000;

const ORIGIN = /^(https?:\/\/[^/?#\s{}]+)(?=[/?]|$)/i;

/** The origin a callback URL writes out, or undefined when a template or nothing stands there. */
export function callbackOrigin(url: string): string | undefined {
  const written = ORIGIN.exec(url)?.[1];
  if (!written) return undefined;
  try {
    return new URL(written).origin;
  } catch {
    return undefined;
  }
}

/** The compiled callbacks; null when one has a problem (reported). */
export function compileCallbacks(
  outer: TemplateScope,
  at: DocPath,
  defs: readonly CallbackDefinition[] | undefined,
): CallbackModel[] | undefined | null {
  if (defs === undefined || defs.length === 0) return undefined;
  const scope: TemplateScope = { ...outer, response: true };
  const out: CallbackModel[] = [];
  let ok = true;
  defs.forEach((def, i) => {
    const here = [...at, i];
    const origin = callbackOrigin(def.url);
    if (!origin) {
      scope.problems.push(
        scope.source.problemAt([...here, 'url'], 'callbackUrlOrigin', messages.callbackUrlOrigin(def.url)),
      );
      ok = false;
      return;
    }
    const url = isTemplate(def.url) ? compileTemplate(scope, [...here, 'url'], def.url) : def.url;
    const headers = compileHeaders(scope, [...here, 'headers'], def.headers);
    let body: ResponseModel | undefined | null;
    if (def.body === undefined) body = undefined;
    else {
      body = compileResponse(scope, [...here, 'body'], def.body);
      // Constant JSON: compileResponse leaves it to be served precomputed; a callback sends it as written.
      if (body === undefined)
        body = { kind: 'inline', value: { kind: 'constant', value: def.body.inline ?? null }, headers: [] };
    }
    if (url === undefined || !headers || body === null) {
      ok = false;
      return;
    }
    out.push({
      url,
      origin,
      method: def.method ?? 'POST',
      delay: def.delay ?? 0,
      timeout: def.timeout ?? DEFAULT_CALLBACK_TIMEOUT,
      headers,
      body,
      line: scope.source.lineOf(here),
    });
  });
  return ok ? out : null;
}
