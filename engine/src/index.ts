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
import type { ServerOptions } from './config/compile-server.js';
import type { ValidationResult } from './config/validate.js';

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
 * Parses and checks a config text with every problem placed by line and column. Asynchronous
 * because the full validator (and with it the yaml parser) loads on first use, not with this module.
 */
export async function validateConfig(text: string, options: ServerOptions = {}): Promise<ValidationResult> {
  const { validateConfig: validate } = await import('./config/validate.js');
  return validate(text, options);
}

/**
 * Imports an OpenAPI 3.0/3.1 or Swagger 2.0 description (a file or URL) as a config text that
 * validates, with a summary. Loaded on first use: swagger-parser and yaml stay out of `serve`.
 * Rejects with an error whose `name` is 'ImportError' and whose message is one line for bad input.
 */
export async function importOpenApi(
  source: string,
  shownAs?: string,
  options?: import('./openapi/import.js').LoadOptions,
): Promise<import('./openapi/import.js').ImportResult> {
  return (await import('./openapi/import.js')).importOpenApi(source, shownAs, options);
}

/** A json-server db.json (parsed) as a config's YAML text; see json-server/import-db.ts. Loaded on first use. */
export async function importDbJson(
  data: unknown,
  shownAs: string,
  options?: import('./json-server/import-db.js').DbImportOptions,
): Promise<import('./json-server/import-db.js').DbImport> {
  return (await import('./json-server/import-db.js')).importDbJson(data, shownAs, options);
}

/** Writes an imported db.json's rows into its config's SQLite file; see json-server/seed-database.ts. */
export async function seedDatabaseFile(
  ...args: Parameters<typeof import('./json-server/seed-database.js').seedDatabaseFile>
): Promise<void> {
  return (await import('./json-server/seed-database.js')).seedDatabaseFile(...args);
}

/** A config text → its OpenAPI 3.1 description as YAML or JSON text, or the config's problems. Loaded on first use. */
export async function exportOpenApiText(
  text: string,
  configPath: string,
  format: 'yaml' | 'json',
): Promise<import('./openapi/export-config.js').ExportResult> {
  return (await import('./openapi/export-config.js')).exportConfig(text, configPath, format);
}

/** A config text → the SDL of its GraphQL API (`server.graphql`), or the config's problems. Loaded on first use. */
export async function exportGraphqlSdl(
  text: string,
  configPath: string,
): Promise<import('./graphql/sdl.js').SdlResult> {
  return (await import('./graphql/sdl.js')).exportSdl(text, configPath);
}
