/**
 * Whether a dropped file is an OpenAPI or Swagger description rather than a config: its top level
 * names `openapi:` or `swagger:` (YAML, not indented), or JSON gives `"openapi"` / `"swagger"` a
 * version string. A config has neither at its top level (its `server.openapi` is an indented
 * boolean).
 */
export function looksLikeOpenApi(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  return /^(openapi|swagger)\s*:/m.test(head) || /^\s*\{[\s\S]*?"(openapi|swagger)"\s*:\s*"/.test(head);
}
