import { isJsonServerShape } from '../../../shared/src/json-server-shape';

/**
 * Whether a dropped file is an OpenAPI or Swagger description rather than a config: its top level
 * names `openapi:` or `swagger:` (YAML, not indented), or JSON gives `"openapi"` / `"swagger"` a
 * version string. A config has neither at its top level (its `server.openapi` is an indented
 * boolean).
 */
export function looksLikeOpenApi(text: string): boolean {
  const head = text.slice(0, HEAD_BYTES);
  return /^(openapi|swagger)\s*:/m.test(head) || /^\s*\{[\s\S]*?"(openapi|swagger)"\s*:\s*"/.test(head);
}

/** What a dropped or picked file is: an OpenAPI description, a json-server db.json, or (maybe) a config. */
export type FileKind = 'openapi' | 'db-json' | 'other';

/**
 * The kind of the file `name` with this `text` (all of it, or its head when it is too large to read).
 * A `.json` file is told apart by its parsed top level, as the engine tells a db.json from a config:
 * OpenAPI when `openapi` or `swagger` is a version string there, else a db.json when it is an object
 * without `endpoints`. A db.json whose records merely hold an `openapi` text is a db.json.
 */
export function fileKind(name: string, text: string): FileKind {
  if (!/\.json$/i.test(name)) return looksLikeOpenApi(text) ? 'openapi' : 'other';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not readable (or only the head of a file over 20 MB was read): the head decides, as before.
    return looksLikeOpenApi(text) ? 'openapi' : 'other';
  }
  if (!isJsonServerShape(parsed)) return 'other';
  return typeof parsed.openapi === 'string' || typeof parsed.swagger === 'string' ? 'openapi' : 'db-json';
}

/** Larger files are told apart by their head alone. */
export const HEAD_BYTES = 64 * 1024;
const WHOLE_LIMIT = 20 * 1024 * 1024;

/** The text fileKind() reads: a `.json` file whole (up to 20 MB), else its head. */
export function kindText(file: File): Promise<string> {
  const whole = /\.json$/i.test(file.name) && file.size <= WHOLE_LIMIT;
  return (whole ? file : file.slice(0, HEAD_BYTES)).text().catch(() => '');
}
