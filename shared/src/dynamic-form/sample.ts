/**
 * The sample request of the endpoint form's template preview, as the user edits it (headers as
 * `Name: value` lines), and the `template.preview` sample made from it.
 */
import type { SampleRequest } from '../template-preview.js';

export interface SampleDraft {
  method: string;
  /** Path parameter values by name (the endpoint's `:name`s). */
  params: Record<string, string>;
  /** A query string, with or without `?`. */
  query: string;
  /** One `Name: value` per line. */
  headers: string;
  body: string;
}

/** The `:name`s of a route path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_][\w]*)/g)].map((m) => m[1] ?? '');

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** A first sample for an endpoint: each parameter `1`, a JSON body for methods that send one. */
export function defaultSample(method: string, path: string): SampleDraft {
  const upper = method.toUpperCase() || 'GET';
  const sends = WITH_BODY.has(upper);
  return {
    method: upper,
    params: Object.fromEntries(pathParams(path).map((p) => [p, '1'])),
    query: '',
    headers: sends ? 'Content-Type: application/json' : '',
    body: sends ? '{}' : '',
  };
}

/** A sample kept across edits of the path: known values stay, new parameters get `1`, gone ones go. */
export function withParams(sample: SampleDraft, path: string): SampleDraft {
  const names = pathParams(path);
  const same = names.length === Object.keys(sample.params).length && names.every((n) => n in sample.params);
  if (same) return sample;
  return { ...sample, params: Object.fromEntries(names.map((n) => [n, sample.params[n] ?? '1'])) };
}

/** `Name: value` lines as headers; a line without a colon or a name is left out. */
export function parseHeaderLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (name) out[name] = line.slice(colon + 1).trim();
  }
  return out;
}

/** The path with the parameter values put in (so `request.path` reads as a real request's). */
export const samplePath = (path: string, params: Record<string, string>): string =>
  path.replace(/:([A-Za-z_][\w]*)/g, (whole, name: string) =>
    params[name] ? encodeURIComponent(params[name]) : whole,
  );

export function sampleRequest(draft: SampleDraft, path: string): SampleRequest {
  const query = draft.query.trim().replace(/^\?/, '');
  return {
    method: draft.method,
    path: samplePath(path, draft.params),
    params: draft.params,
    ...(query ? { query } : {}),
    headers: parseHeaderLines(draft.headers),
    ...(draft.body !== '' ? { body: draft.body } : {}),
  };
}
