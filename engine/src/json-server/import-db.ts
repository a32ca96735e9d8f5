/**
 * `mockyard import db.json -o api.yaml`: a json-server database as a Mockyard config to keep and
 * edit (schemas, `references:`, the REST and nested endpoints, and the rows as `seed:`). Loaded on
 * first use, with the yaml printer.
 *
 * A config is at most 5 MiB (MAX_CONFIG_BYTES): when the rows as `seed:` would make it larger, and the
 * caller names a database file, the config leaves `seed:` out and names that SQLite file as its
 * `server.database`, and the rows come back in `seed` for the caller to write there (seed-database.ts).
 */
import { stringify } from 'yaml';
import type { JsonValue } from '../../../shared/src/config-schema.js';
import { MAX_CONFIG_BYTES } from '../config/source.js';
import { type InferOptions, inferConfig } from './infer.js';

export interface DbImport {
  text: string;
  collections: number;
  singulars: number;
  rows: number;
  /**
   * Set when the rows are too large for `seed:`: they go into the config's `server.database`
   * (`databaseFile`) instead, by schema name; `inlineBytes` is how large the config would have been.
   */
  inDatabase?: { seed: Map<string, Record<string, JsonValue>[]>; inlineBytes: number };
}

export interface DbImportOptions extends InferOptions {
  /** The SQLite file (relative to the config) that takes the rows when they are too large for `seed:`. */
  databaseFile?: string;
  /**
   * Named as `server.database` whatever the size (the studio's "Convert to a config": the rows are in
   * that file already); rows too large for `seed:` are left out as with `databaseFile`.
   */
  database?: string;
}

const MIB = 1024 * 1024;

/** The YAML config for a parsed db.json; throws DbJsonError for a file that is not one. */
export function importDbJson(data: unknown, shownAs: string, options: DbImportOptions = {}): DbImport {
  const { config, collections, singulars } = inferConfig(data, options);
  const rows = Object.values(config.seed ?? {}).reduce((n, r) => n + r.length, 0);
  const first = `# Imported from the json-server database ${shownAs} by mockyard import.`;
  const singularNotes = [
    '# Singular resources became one-row tables (their record is /name/1 here); `mockyard serve`',
    '# on the db.json itself still answers them at /name, with the rest of json-server mode.',
  ];
  for (const schema of singulars.values())
    config.endpoints.push({ resource: schema, path: `/${[...singulars].find(([, s]) => s === schema)?.[0]}` });
  const render = (lines: string[]) =>
    `${[...lines, ...(singulars.size > 0 ? singularNotes : [])].join('\n')}\n${stringify(config, { lineWidth: 0 })}`;
  if (options.database !== undefined) config.server = { ...config.server, database: options.database };
  const text = render([first]);
  const counts = { collections: collections.size, singulars: singulars.size, rows };
  const inlineBytes = Buffer.byteLength(text);
  const database = options.database ?? options.databaseFile;
  if (inlineBytes <= MAX_CONFIG_BYTES || database === undefined) return { text, ...counts };
  const seed = new Map(Object.entries(config.seed ?? {}));
  config.seed = undefined;
  config.server = { ...config.server, database };
  const where = [
    `# Its ${rows} rows are in ${database} (server.database), not in seed: here: as seed they would`,
    `# make this config ${(inlineBytes / MIB).toFixed(1)} MiB, over the ${MAX_CONFIG_BYTES / MIB} MiB limit of a config. Keep that file`,
    '# with this one; a reset (POST /__mockyard/reset, Reset to seed) empties the tables, as there is no seed.',
  ];
  return { text: render([first, ...where]), ...counts, inDatabase: { seed, inlineBytes } };
}
