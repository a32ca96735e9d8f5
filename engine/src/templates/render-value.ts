/** Renders a JSON value whose strings may be templates, and a response's templated headers. */
import { sendableHeaderValue } from '../http/header-value.js';
import type { HeaderTemplate, ValueTemplate } from '../model/dynamic-model.js';
import type { TemplateContext, TemplateRenderer } from './render.js';

export function renderValue(renderer: TemplateRenderer, value: ValueTemplate, context: TemplateContext): unknown {
  switch (value.kind) {
    case 'constant':
      return value.value;
    case 'template':
      return renderer.value(value.template, context);
    case 'array':
      return value.items.map((item) => renderValue(renderer, item, context));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const { key, value: entry } of value.entries) {
        const name = typeof key === 'string' ? key : renderer.text(key, context);
        // A key rendered from a request is an own data property, even `__proto__`.
        Object.defineProperty(out, name, {
          value: renderValue(renderer, entry, context),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

export function renderHeaders(
  renderer: TemplateRenderer,
  headers: readonly HeaderTemplate[],
  context: TemplateContext,
  into: Record<string, string>,
): void {
  for (const { name, value } of headers) {
    const text = typeof value === 'string' ? value : renderer.text(value, context);
    into[name] = sendableHeaderValue(text);
  }
}
