/**
 * json-server's database shape, told apart from a Mockyard config written as JSON (which has
 * `endpoints`): a JSON object at the top level. The engine serves such a `.json` file in json-server
 * mode (engine/src/json-server/db-json.ts); the studio uses the same test on a dropped or picked file.
 */
export function isJsonServerShape(parsed: unknown): parsed is Record<string, unknown> {
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && !('endpoints' in parsed);
}
