import { hasTemplate, substitute, templatesIn } from '../../../../shared/src/dynamic-form/template-text';
import { PreviewBox } from './PreviewBox';
import { usePreviews } from './use-previews';

const asJson = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** A text template (a `body`, a header value) rendered against the sample; nothing when it has no tags. */
export function TextPreview({ template, label }: { template: string; label: string }) {
  const templates = hasTemplate(template) ? [template] : [];
  const { results, stale, failed } = usePreviews(templates);
  if (templates.length === 0) return null;
  const result = results.get(template);
  const errors = failed ? [`The preview is not available: ${failed}`] : result && !result.ok ? [result.message] : [];
  return (
    <PreviewBox label={label} stale={stale || !result} errors={errors}>
      {result?.ok ? result.text : undefined}
    </PreviewBox>
  );
}

/** An inline JSON value with its template strings rendered (a single tag keeps its type). */
export function InlinePreview({ value, label }: { value: unknown; label: string }) {
  const templates = value === undefined ? [] : templatesIn(value);
  const { results, stale, failed } = usePreviews(templates);
  if (templates.length === 0) return null;
  const ready = templates.every((t) => results.has(t));
  const out = substitute(value, results);
  const errors = failed
    ? [`The preview is not available: ${failed}`]
    : out.errors.map((e) => `${e.template}: ${e.message}`);
  return (
    <PreviewBox label={label} stale={stale || !ready} errors={errors}>
      {ready ? asJson(out.value) : undefined}
    </PreviewBox>
  );
}
