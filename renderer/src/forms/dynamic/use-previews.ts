import { useEffect, useMemo, useState } from 'react';
import { sampleRequest } from '../../../../shared/src/dynamic-form/sample';
import type { Rendered } from '../../../../shared/src/dynamic-form/template-text';
import type { TemplatePreview } from '../../../../shared/src/template-preview';
import { useForms } from '../form-context';
import { useSample } from './sample-context';

const DEBOUNCE_MS = 200;

/** A preview's failure as one message: each problem with its line and column in the template. */
export function previewMessage(result: Extract<TemplatePreview, { ok: false }>): string {
  if ('error' in result) return result.error;
  return result.problems.map((p) => `Line ${p.line}, column ${p.column}: ${p.message}`).join('\n');
}

const asRendered = (result: TemplatePreview): Rendered =>
  result.ok ? { ok: true, value: result.value, text: result.text } : { ok: false, message: previewMessage(result) };

export interface Previews {
  results: ReadonlyMap<string, Rendered>;
  /** The shown results are for an earlier text or sample; new ones are on their way. */
  stale: boolean;
  /** The preview call itself failed (the studio is gone, an old engine). */
  failed: string | undefined;
}

/**
 * The templates rendered against the endpoint's sample request, a moment after the last keystroke;
 * an answer for an earlier text or sample is dropped, so what shows is never older than it says.
 */
export function usePreviews(templates: readonly string[]): Previews {
  const { preview } = useForms();
  const sampleContext = useSample();
  const key = templates.join('\u0000');
  const request = useMemo(
    () => (sampleContext ? sampleRequest(sampleContext.sample, sampleContext.path) : undefined),
    [sampleContext],
  );
  const [state, setState] = useState<Previews & { key: string; request: unknown }>({
    results: new Map(),
    stale: false,
    failed: undefined,
    key: '',
    request: undefined,
  });
  useEffect(() => {
    if (!preview || !request || key === '') return;
    let current = true;
    const timer = setTimeout(() => {
      const list = key.split('\u0000');
      Promise.all(list.map((template) => preview({ template, sample: request })))
        .then((answers) => {
          if (!current) return;
          const results = new Map(list.map((t, i) => [t, asRendered(answers[i] as TemplatePreview)]));
          setState({ results, stale: false, failed: undefined, key, request });
        })
        .catch((err: Error) => {
          if (current) setState((s) => ({ ...s, failed: err.message, key, request }));
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [preview, request, key]);
  const stale = state.key !== key || state.request !== request;
  return { results: state.results, stale, failed: stale ? undefined : state.failed };
}
