/**
 * `mockyard serve db.json`: tells a json-server database from a Mockyard config, and turns it (with
 * json-server's command-line options) into the config text the engine applies and the mode it serves in.
 */
import { readFileSync } from 'node:fs';
import type { JsonValue } from '../../../shared/src/config-schema.js';
import { isJsonServerShape } from '../../../shared/src/json-server-shape.js';
import { EXTRA_FIELD } from './extra-fields.js';
import { DbJsonError, type InferOptions, inferConfig } from './infer.js';
import type { JsonServerMode, RewriteRule } from './mode.js';
import { compileRules } from './rewrite.js';

export interface JsonServerOptions extends InferOptions {
  readOnly?: boolean;
  /** `--routes FILE`: json-server's rewrite rules, `{ "/api/*": "/$1" }`. */
  routesFile?: string;
  /** `--static DIR`, absolute. */
  staticDir?: string;
  /** `--delay ms`: every answer waits this long. */
  delay?: number;
}

/**
 * The parsed db.json when `text` of a `.json` file is a json-server database (an object with no
 * `endpoints`), else undefined (a Mockyard config written as JSON is served as a config).
 */
export function jsonServerData(path: string, text: string): Record<string, unknown> | undefined {
  if (!path.toLowerCase().endsWith('.json')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isJsonServerShape(parsed) ? parsed : undefined;
}

/** The rules of a routes file; throws DbJsonError for one that is not an object of text to text. */
function readRoutes(file: string): RewriteRule[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new DbJsonError(`cannot read the routes file ${file}: ${(err as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new DbJsonError(`the routes file ${file} must be an object of rules, e.g. { "/api/*": "/$1" }`);
  const rules = Object.entries(parsed).map(([from, to]) => {
    if (typeof to !== 'string') throw new DbJsonError(`the route '${from}' must be rewritten to text`);
    return { from, to };
  });
  if (rules.length > 1000) throw new DbJsonError(`the routes file ${file} has more than 1000 rules`);
  return rules;
}

/** A seed row with the fields its schema does not declare under EXTRA_FIELD, as a write's are kept. */
function folded(row: Record<string, JsonValue>, declared: Record<string, unknown>): Record<string, JsonValue> {
  let extra: Record<string, JsonValue> | undefined;
  const kept: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(row)) {
    if (Object.hasOwn(declared, name)) kept[name] = value;
    else {
      extra ??= {};
      extra[name] = value;
    }
  }
  return extra ? { ...kept, [EXTRA_FIELD]: extra } : row;
}

/** The config text (JSON, which the engine reads as YAML) and the mode for a json-server database. */
export function jsonServerSetup(
  data: Record<string, unknown>,
  options: JsonServerOptions,
): { configText: string; mode: JsonServerMode } {
  const { config, collections, singulars, undeclared } = inferConfig(data, { ...options, keepUndeclarable: true });
  // Each collection and singular resource keeps the fields a write sends that the file never had,
  // and the file's own fields whose names a config cannot declare (`first-name`), as json-server does.
  for (const schema of [...collections.values(), ...singulars.values()]) {
    const properties = config.schemas?.[schema]?.properties;
    if (properties && !(EXTRA_FIELD in properties)) properties[EXTRA_FIELD] = 'json';
    const rows = config.seed?.[schema];
    // Only a schema with such fields is folded: a copy of each of 50,000 rows would cost the start.
    if (properties && rows && undeclared.has(schema))
      config.seed = { ...config.seed, [schema]: rows.map((row) => folded(row, properties)) };
  }
  if (options.delay !== undefined) config.server = { ...config.server, latency: options.delay };
  const seed = new Map(Object.entries(config.seed ?? {}));
  config.seed = undefined;
  const routes = options.routesFile ? readRoutes(options.routesFile) : [];
  let rewrite: JsonServerMode['rewrite'];
  try {
    rewrite = routes.length > 0 ? compileRules(routes) : undefined;
  } catch (err) {
    throw new DbJsonError((err as Error).message);
  }
  return {
    configText: JSON.stringify(config),
    mode: {
      readOnly: options.readOnly === true,
      routes,
      rewrite,
      staticDir: options.staticDir,
      collections,
      singulars,
      seed,
    },
  };
}

export { DbJsonError, inferConfig };
