/** The studio's live template preview: a template rendered against a sample request. */

/** A request to render against; everything is optional (a GET / with nothing sent). */
export interface SampleRequest {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  /** A query string without `?`, e.g. `page=2&tag=a&tag=b`. */
  query?: string;
  /** Header names in any case; templates see them lower-case. */
  headers?: Record<string, string>;
  /** The body's text: JSON is parsed, anything else is seen as text. */
  body?: string;
}

export interface TemplatePreviewRequest {
  template: string;
  sample: SampleRequest;
  /** `server.seed`, so the preview shows what a seeded mock's first request would get. */
  seed?: number;
}

export type TemplatePreview =
  /** `value` is what an `inline` string becomes (a single tag keeps its type); `text` is the rendering as text. */
  | { ok: true; value: unknown; text: string; single: boolean }
  /** Problems of the template itself, placed in its own text (1-based line and column). */
  | { ok: false; problems: { code: string; message: string; line: number; column: number }[] }
  /** A failure only a request shows (e.g. randomInt given text). */
  | { ok: false; error: string };
