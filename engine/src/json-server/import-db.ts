/**
 * `mockyard import db.json -o api.yaml`: a json-server database as a Mockyard config to keep and
 * edit (schemas, `references:`, the REST and nested endpoints, and the rows as `seed:`). Loaded on
 * first use, with the yaml printer.
 */
import { stringify } from 'yaml';
import { type InferOptions, inferConfig } from './infer.js';

export interface DbImport {
  text: string;
  collections: number;
  singulars: number;
  rows: number;
}

/** The YAML config for a parsed db.json; throws DbJsonError for a file that is not one. */
export function importDbJson(data: unknown, shownAs: string, options: InferOptions = {}): DbImport {
  const { config, collections, singulars } = inferConfig(data, options);
  const rows = Object.values(config.seed ?? {}).reduce((n, r) => n + r.length, 0);
  const notes = [
    `# Imported from the json-server database ${shownAs} by mockyard import.`,
    '# Singular resources became one-row tables (their record is /name/1 here); `mockyard serve`',
    '# on the db.json itself still answers them at /name, with the rest of json-server mode.',
  ];
  const header = `${(singulars.size > 0 ? notes : notes.slice(0, 1)).join('\n')}\n`;
  for (const schema of singulars.values())
    config.endpoints.push({ resource: schema, path: `/${[...singulars].find(([, s]) => s === schema)?.[0]}` });
  return {
    text: header + stringify(config, { lineWidth: 0 }),
    collections: collections.size,
    singulars: singulars.size,
    rows,
  };
}
