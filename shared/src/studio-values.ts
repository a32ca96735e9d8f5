/**
 * The values the studio's calls and events carry (see studio-contract.ts, which maps each call and
 * event to them).
 */
import type { Problem } from './problems.js';
import type { EndpointSummary, TableSummary } from './service-summary.js';

export interface ServerStatus {
  state: 'running' | 'stopped' | 'error';
  url: string | undefined;
  port: number | undefined;
  /** What went wrong, e.g. "Port 3000 is in use — choose another". */
  error: string | undefined;
  /** A free port to offer when `error` is a port conflict. */
  suggestedPort: number | undefined;
  /** Version of the config being served; the last valid one when the editor's text is invalid. */
  version: number;
  /** Problems of the last save that was refused, if the server serves an older version. */
  servingLastValid: boolean;
  /** Saved but not applied yet (auto-apply is off): `config.apply` makes it live. */
  pendingApply: boolean;
  /**
   * Where `port` comes from: the config's `server.port`; the default port (the config sets none);
   * a port option the studio was started with (`--api-port`); or a port chosen in the studio
   * (Port…, "Use port N" after a conflict), which `config.writePort` can write into the config.
   */
  portOrigin: PortOrigin;
  /** The config's own `server.port`, when it sets one. */
  configPort: number | undefined;
  /** `server.graphql` of the config being served: the GraphQL endpoint's path; absent when it is off. */
  graphqlPath?: string;
}

export type PortOrigin = 'config' | 'default' | 'option' | 'chosen';

export interface ConfigState {
  path: string;
  text: string;
  problems: Problem[];
  endpoints: EndpointSummary[];
  database: string;
  /**
   * Set when `path` is a json-server db.json: it is served in json-server mode and `text` is the
   * config it would become, read-only until `config.convert`; `convertTo` is the file suggested for it.
   */
  dbJson?: { convertTo: string };
}

export interface SaveResult {
  /** True when the text was written and is now live. */
  applied: boolean;
  problems: Problem[];
  endpoints: EndpointSummary[];
  version: number;
}

export interface TableInfo extends TableSummary {
  rows: number;
  /** A table left by a schema that was removed from the config; read-only. */
  orphaned: boolean;
  /**
   * json-server mode: the table keeps the fields writes sent that its db.json never had (its `_extra`
   * column, not among `fields`); `tables.query` spreads them into the rows and names them (`extraFields`).
   */
  extras?: true;
}

/** Columns a live table keeps for fields the config removed: shown read-only, restorable as a field or droppable. */
export interface HiddenColumns {
  /** Each hidden column with its last field type and how many rows hold a value in it. */
  columns: { name: string; type: string; values: number }[];
  /** The table's rows (first page): the key and the hidden columns' values. */
  rows: Record<string, unknown>[];
  /** Rows in the table. */
  total: number;
}

export interface TableQuery {
  table: string;
  /** List filters in the API's syntax, e.g. `name_like=ann&age_gte=30`. */
  filter?: string;
  sort?: { field: string; descending: boolean };
  offset: number;
  limit: number;
}

export interface TableRows {
  rows: Record<string, unknown>[];
  total: number;
  /** What the filter did not use and why, e.g. "'bogus' is not a field of users…"; absent when nothing. */
  notes?: string[];
  /**
   * json-server mode (TableInfo.extras): the undeclared fields these rows hold, spread into them, each
   * with the type its values share (`json` for a mix); read-only in the studio.
   */
  extraFields?: { name: string; type: string }[];
}

export interface ReferenceOptionsQuery {
  /** The table of the referencing field, e.g. `posts`. */
  table: string;
  /** The referencing field, e.g. `authorId`. */
  field: string;
  /** Text the key or the label contains (case-insensitive); empty or absent: any. */
  search?: string;
  limit?: number;
}

/** One record a reference can name: the value to store and a readable label (`Ada Lovelace`). */
export interface ReferenceOption {
  value: string | number;
  label?: string;
}

export interface ReferenceOptions {
  /** The referenced table, e.g. `users`, and the field the value comes from, e.g. `id`. */
  table: string;
  field: string;
  /** The field the labels come from (`name`, `title`…); absent when the schema has none. */
  labelField?: string;
  options: ReferenceOption[];
  /** How many records match the search in all (more than `options` holds when there are many). */
  total: number;
}

export type DataFormat = 'csv' | 'json';

export interface BadRow {
  /** 1-based: the line of a CSV file, or the index of a JSON array item. */
  row: number;
  reason: string;
}

/** Source column → schema field (null: leave the column out). */
export type ColumnMapping = Record<string, string | null>;

export interface ImportPreview {
  columns: string[];
  mapping: ColumnMapping;
  total: number;
  good: number;
  bad: BadRow[];
  /** The first few good rows as they would be inserted. */
  sample: Record<string, unknown>[];
}

export interface ImportRequest {
  table: string;
  format: DataFormat;
  text: string;
  mapping?: ColumnMapping;
}

/** Request log retention; the app keeps these in its settings. */
export interface LogSettings {
  /** Entries kept in memory (and on disk when persisted). */
  limit: number;
  /** Longest body kept per entry, in bytes of UTF-8 (a longer one is cut and marked). */
  bodyLimit: number;
  /** Keep the log in a `requests` table of a separate SQLite file, so it survives a restart. */
  persist: boolean;
}

/** App-level preferences, kept in the app's data folder. */
export interface AppSettings {
  /** Port for configs that do not set `server.port`. */
  defaultPort: number;
  theme: 'system' | 'light' | 'dark';
  /** Saving applies the config at once (true), or waits for Apply (false). */
  autoApply: boolean;
  /** Show the "what is this" panel. */
  showWelcome: boolean;
  log: LogSettings;
}

/** A request the studio sends to the running mock (Try it, an edited replay); it is logged like any other. */
export interface SendRequest {
  method: string;
  /** Starts with `/`, path parameters filled in, e.g. `/users/1`. */
  path: string;
  /** Without the `?`, e.g. `_page=2&name_like=ann`. */
  query?: string;
  headers?: Record<string, string>;
  /** Sent as it is (GET and HEAD send none). */
  body?: string;
}

/** The mock's answer to a SendRequest. */
export interface SentResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From sending the request to the last byte of the answer, as the main side measured it. */
  durationMs: number;
  /** The body was longer than the studio shows and was cut. */
  truncated: boolean;
  /** The request log's notes on this request: the rule that matched, a fault, an added delay. */
  notes?: string[];
}

/** What `openapi.import` made of a description: a config text that validates, and what became of what. */
export interface OpenApiImport {
  /** The config's YAML text; nothing is written until the studio saves it. */
  text: string;
  /** The description's title and version. */
  title: string;
  summary: { schemas: number; schemaEndpoints: number; staticEndpoints: number };
  /** Names made valid, by JSON pointer into the description. */
  renames: { pointer: string; from: string; to: string }[];
  /** What was not carried over, by JSON pointer, and why. */
  skipped: { pointer: string; reason: string }[];
}

/** `endpoints`: each proxied JSON answer becomes an inline endpoint; `schemas`: a JSON list of records on a collection path becomes a schema, a resource and seed rows. */
export type RecordMode = 'endpoints' | 'schemas';

export interface RecordStatus {
  /** Recording, and how; null when off. */
  mode: RecordMode | null;
  /** The upstream unmatched requests go to (`server.proxy`); null when the config sets none, and then nothing can be recorded. */
  proxy: string | null;
}
