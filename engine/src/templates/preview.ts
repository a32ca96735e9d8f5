/**
 * Renders one template against a sample request, for the studio's live preview: the same parsing,
 * checks and helpers as the mock itself, on a renderer of its own (seeded when a seed is given).
 */
import type { TemplatePreview, TemplatePreviewRequest } from '../../../shared/src/template-preview.js';
import { FakerSource } from './faker-source.js';
import { parseTemplate } from './parse-template.js';
import { randomness } from './random.js';
import { TemplateRenderer } from './render.js';
import { bodyValue, templateContext } from './request-view.js';

export async function previewTemplate({ template, sample, seed }: TemplatePreviewRequest): Promise<TemplatePreview> {
  const parsed = parseTemplate(template);
  if ('issues' in parsed) {
    return { ok: false, problems: parsed.issues.map((i) => ({ ...i, column: i.column + 1 })) };
  }
  const faker = new FakerSource(seed);
  const renderer = new TemplateRenderer(randomness(seed), faker);
  if (parsed.template.usesFaker) await faker.ready();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sample.headers ?? {})) headers[name.toLowerCase()] = value;
  const context = templateContext({
    method: (sample.method ?? 'GET').toUpperCase(),
    path: sample.path ?? '/',
    params: sample.params ?? {},
    query: sample.query ? new URLSearchParams(sample.query) : undefined,
    headers,
    body: sample.body === undefined ? undefined : bodyValue(sample.body),
  });
  try {
    const value = renderer.value(parsed.template, context);
    const text = parsed.template.single ? renderer.text(parsed.template, context) : String(value);
    return { ok: true, value, text, single: parsed.template.single };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}
