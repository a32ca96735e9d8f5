/**
 * The engine's public API, first of its two entries: what serving a config needs. The CLI (cli/)
 * and the desktop app (electron/) import the engine only through this module and studio-entry.ts
 * (biome.json's noRestrictedImports refuses any other engine import there).
 *
 * Loading it must stay cheap, because `mockyard serve` loads it at startup: the full validator
 * (and with it the yaml parser) loads on first use of validateConfig, and the studio (its session,
 * server, faker, CSV) is the other entry, imported only by code that is itself loaded on demand.
 * One barrel for both would not do: the bundler cannot drop modules with top-level effects that a
 * startup import reaches, so `serve` would load the studio and yaml.
 */
export {
  Engine,
  ListenError,
  type ApplyResult,
  type EngineEvents,
  type EngineOptions,
  type ServedLine,
} from './engine.js';
export type { Address } from './http/listener.js';
export { isLoopbackHost } from './config/compile-server.js';
export { DEFAULT_LOG_LIMIT, RequestLog } from './log/request-log.js';
export type { RecordedEvent, RecordMode } from './record/switch.js';
export { tableNameFor } from './model/table-name.js';
export { readErrorReason, watchConfig, type ConfigWatch } from './watch.js';
export { packageVersion } from './version.js';
export { fromPackage } from './package-root.js';
export type { ValidationResult } from './config/validate.js';
export { JsonFile, type JsonFileOptions } from './settings/json-file.js';
export { writeAtomically } from './files/write-atomically.js';
/** The engine's one error: a kind (invalid, not_found, conflict, busy, …) that each adapter words for its users. */
export { DomainError, type ErrorKind } from './domain-error.js';
export {
  DbJsonError,
  inferConfig,
  type JsonServerOptions,
  jsonServerData,
  jsonServerSetup,
} from './json-server/db-json.js';
export type { JsonServerMode } from './json-server/mode.js';
export { databaseJson } from './json-server/front.js';

/**
 * A function of a module that loads on the function's first call, not with this entry: `load` is
 * a dynamic import, which the bundler makes a chunk of its own, so what that module loads (yaml,
 * swagger-parser, graphql) stays out of `mockyard serve`'s startup.
 * Each use below is marked pure, so a bundle that never calls one (the desktop main process has no
 * use for the GraphQL SDL or db.json seeding) drops it and emits no chunk for its module.
 */
function onFirstUse<A extends unknown[], R>(
  load: () => Promise<(...args: A) => R>,
): (...args: A) => Promise<Awaited<R>> {
  return async (...args: A): Promise<Awaited<R>> => {
    const run = await load();
    return await run(...args);
  };
}

/** Parses and checks a config text with every problem placed by line and column. */
export const validateConfig = /* @__PURE__ */ onFirstUse(
  async () => (await import('./config/validate.js')).validateConfig,
);

/**
 * Imports an OpenAPI 3.0/3.1 or Swagger 2.0 description (a file or URL) as a config text that
 * validates, with a summary. Rejects with an error whose `name` is 'ImportError' and whose message
 * is one line for bad input.
 */
export const importOpenApi = /* @__PURE__ */ onFirstUse(
  async () => (await import('./openapi/import.js')).importOpenApi,
);

/** A json-server db.json (parsed) as a config's YAML text; see json-server/import-db.ts. */
export const importDbJson = /* @__PURE__ */ onFirstUse(
  async () => (await import('./json-server/import-db.js')).importDbJson,
);

/** Writes an imported db.json's rows into its config's SQLite file; see json-server/seed-database.ts. */
export const seedDatabaseFile = /* @__PURE__ */ onFirstUse(
  async () => (await import('./json-server/seed-database.js')).seedDatabaseFile,
);

/** A config text → its OpenAPI 3.1 description as YAML or JSON text, or the config's problems. */
export const exportOpenApiText = /* @__PURE__ */ onFirstUse(
  async () => (await import('./openapi/export-config.js')).exportConfig,
);

/** A config text → the SDL of its GraphQL API (`server.graphql`), or the config's problems. */
export const exportGraphqlSdl = /* @__PURE__ */ onFirstUse(async () => (await import('./graphql/sdl.js')).exportSdl);
