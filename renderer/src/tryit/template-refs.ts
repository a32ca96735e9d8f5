import { readAsWritten } from '../../../shared/src/config-edit/as-written';
import { row, type TryDraft } from './request-draft';

/** The query parameters and headers an endpoint's templates read, to offer in Try it. */
export interface TemplateRefs {
  query: string[];
  headers: string[];
}

const NONE: TemplateRefs = { query: [], headers: [] };
// `request.query.name`, `request.queryAll.tag`, `request.headers.x-api-key` inside a `{{ … }}` tag.
const TAG = /\{\{[^}]*\}\}/g;
const REF = /\brequest\.(query|queryAll|headers)\.([A-Za-z0-9_-]{1,100})/g;

/**
 * The names the config's entry for `method path` reads in its templates (`{{request.query.name}}`),
 * each once, in the order written. A text that does not parse, or no such entry, reads none.
 */
export function templateRefs(text: string, method: string, path: string): TemplateRefs {
  const written = readAsWritten(text);
  if (!written.ok) return NONE;
  const entry = written.endpoints.find(
    (e) => e.kind === 'endpoint' && e.value.path === path && String(e.value.method ?? 'GET').toUpperCase() === method,
  );
  if (!entry) return NONE;
  const query = new Set<string>();
  const headers = new Set<string>();
  for (const tag of JSON.stringify(entry.value).match(TAG) ?? [])
    for (const [, where, name] of tag.matchAll(REF)) (where === 'headers' ? headers : query).add(name as string);
  return { query: [...query], headers: [...headers] };
}

/** A fresh draft with an empty, ticked row for each name the templates read (headers not already there). */
export function withTemplateRefs(draft: TryDraft, refs: TemplateRefs): TryDraft {
  const has = new Set(draft.headers.map((h) => h.name.toLowerCase()));
  return {
    ...draft,
    query: [...draft.query, ...refs.query.map((name) => row(name, ''))],
    headers: [...draft.headers, ...refs.headers.filter((name) => !has.has(name)).map((name) => row(name, ''))],
  };
}
