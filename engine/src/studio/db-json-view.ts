/**
 * A json-server db.json opened in the studio (`mockyard studio db.json`, File › Open in the desktop
 * app): served in json-server mode as `mockyard serve db.json` serves it, shown as the YAML config
 * `mockyard import` would write (read-only), and on "Convert to a config" written as that YAML to a
 * new file that names the same SQLite file, so the studio goes on with the same rows.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { isConfigPath } from '../../../shared/src/config-file.js';
import { isPostgresUrl } from '../../../shared/src/database-url.js';
import { DomainError } from '../domain-error.js';
import type { Engine } from '../engine.js';
import { EXTRA_FIELD } from '../json-server/extra-fields.js';
import { DbJsonError, jsonServerData, jsonServerSetup } from '../json-server/db-json.js';
import type { JsonServerMode } from '../json-server/mode.js';

export interface DbJsonView {
  /** The db.json as parsed. */
  data: Record<string, unknown>;
  /** What the engine applies (the inferred config as JSON, without the rows) and the mode it serves in. */
  configText: string;
  mode: JsonServerMode;
}

/** Why a save is refused while a db.json is open. */
export const DB_JSON_READ_ONLY =
  'This is a json-server db.json, shown read-only as the config it would become: use Convert to a config to edit it.';

/** The db.json at `path` (its `text`) as the studio serves it, or undefined when it is no json-server database. */
export function dbJsonView(path: string, text: string): DbJsonView | undefined {
  const data = jsonServerData(path, text);
  if (!data) return undefined;
  try {
    return { data, ...jsonServerSetup(data, {}) };
  } catch (err) {
    if (err instanceof DbJsonError)
      throw new DomainError('invalid', `${basename(path)} cannot be served as a json-server database: ${err.message}`);
    throw err;
  }
}

/** The config file "Convert to a config" writes: `path` against the db.json's folder; never an existing file. */
export function convertTarget(dbJsonPath: string, path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '')
    throw new DomainError('invalid', 'Name the config file to write, e.g. api.yaml.');
  const target = resolve(dirname(dbJsonPath), path.trim());
  if (!isConfigPath(target))
    throw new DomainError('invalid', 'A config is YAML: name the file .yaml, .yml or .mockyard (e.g. api.yaml).');
  if (existsSync(target))
    throw new DomainError('conflict', `${target} exists and is never replaced: choose another name.`);
  return target;
}

/**
 * `server.database` for a config at `target` that keeps the rows of `database` (the file the db.json
 * is served from): relative to the config's folder when it is a SQLite file, so the two move together.
 * Undefined for a database in memory or on PostgreSQL, which the studio's own --db keeps.
 */
export function databaseFor(target: string, database: string | undefined): string | undefined {
  if (database === undefined || database === ':memory:' || isPostgresUrl(database)) return undefined;
  const path = relative(dirname(target), database);
  return sep === '\\' ? path.replaceAll('\\', '/') : path;
}

/** The YAML text of the converted config (import-db.ts, as `mockyard import` writes it). */
export async function convertedText(
  dbJsonPath: string,
  view: DbJsonView,
  database: string | undefined,
): Promise<string> {
  const { importDbJson } = await import('../json-server/import-db.js');
  return importDbJson(view.data, basename(dbJsonPath), { database }).text;
}

/**
 * After the switch to the converted config: json-server mode's column of undeclared fields (`_extra`)
 * is dropped from each table where no row holds one (it would show as a hidden column, with a
 * warning per table); where rows hold some it stays, hidden, for the data browser to show. The count dropped.
 */
export async function dropEmptyExtraColumns(engine: Engine): Promise<number> {
  const store = engine.store;
  if (!store || !engine.model) return 0;
  let dropped = 0;
  for (const schema of engine.model.schemas.values()) {
    const { columns } = await store.hiddenColumns(schema, 0);
    if (columns.some((c) => c.name === EXTRA_FIELD && c.values === 0)) {
      await store.dropHiddenColumn(schema, EXTRA_FIELD);
      dropped++;
    }
  }
  return dropped;
}
