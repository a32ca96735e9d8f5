/**
 * Whether a dropped file is an OpenAPI or Swagger description rather than a config: its top level
 * names `openapi:` or `swagger:` (YAML) or `"openapi"` / `"swagger"` (JSON). A config never has
 * those keys (the engine would refuse them).
 */
export function looksLikeOpenApi(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  return /^(openapi|swagger)\s*:/m.test(head) || /^\s*\{[\s\S]*?"(openapi|swagger)"\s*:/.test(head);
}
