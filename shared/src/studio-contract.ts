/**
 * The studio contract: every call the UI can make and every event it can receive. The renderer
 * depends only on this; Electron IPC and the browser studio's HTTP + SSE both implement it with
 * the same handlers.
 */
import type { ConfigChange } from './config-edit/changes.js';
import type { LogEntry } from './log-entry.js';
import type { Problem } from './problems.js';
import type { EndpointSummary, TableSummary } from './service-summary.js';
import type { TemplatePreview, TemplatePreviewRequest } from './template-preview.js';

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
}

export type PortOrigin = 'config' | 'default' | 'option' | 'chosen';

export interface ConfigState {
  path: string;
  text: string;
  problems: Problem[];
  endpoints: EndpointSummary[];
  database: string;
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

type Empty = Record<string, never>;

/** Calls: name → [argument, result]. */
export interface StudioCalls {
  'config.get': [Empty, ConfigState];
  'config.save': [{ text: string }, SaveResult];
  'config.validate': [{ text: string }, { problems: Problem[]; durationMs: number }];
  /** Makes the saved config live (when auto-apply is off). */
  'config.apply': [Empty, SaveResult];
  'server.status': [Empty, ServerStatus];
  'server.start': [Empty, ServerStatus];
  'server.stop': [Empty, ServerStatus];
  'server.setPort': [{ port: number }, ServerStatus];
  /** Writes `server.port` into the config (comments kept) and saves it, so a chosen port stays. */
  'config.writePort': [{ port: number }, SaveResult];
  'tables.list': [Empty, TableInfo[]];
  'tables.query': [TableQuery, TableRows];
  'tables.insert': [{ table: string; row: Record<string, unknown> }, Record<string, unknown>];
  'tables.update': [{ table: string; key: string | number; changes: Record<string, unknown> }, Record<string, unknown>];
  'tables.delete': [{ table: string; keys: (string | number)[] }, { deleted: number; rows: Record<string, unknown>[] }];
  /** Puts rows back as they were (ids included), e.g. to undo a delete; all or nothing. */
  'tables.restore': [{ table: string; rows: Record<string, unknown>[] }, { inserted: number }];
  'tables.generate': [{ table: string; count: number; seed: number }, { inserted: number }];
  /**
   * The first rows `tables.generate` with the same seed would insert now, inserting nothing; `notes`
   * say what reference fields pick from (the referenced table's existing keys).
   */
  'tables.generatePreview': [
    { table: string; count: number; seed: number },
    { rows: Record<string, unknown>[]; notes?: string[] },
  ];
  /**
   * Records a reference field can point at (the cell editor's and the new-row form's pick list):
   * those whose key or label contains `search`, first ones first.
   */
  'tables.referenceOptions': [ReferenceOptionsQuery, ReferenceOptions];
  'tables.importPreview': [ImportRequest, ImportPreview];
  /** Inserts the good rows in one transaction, skipping the bad ones; a failure while writing rolls back all. */
  'tables.import': [ImportRequest, { inserted: number; skipped: BadRow[] }];
  'tables.export': [{ table: string; format: DataFormat }, { text: string; filename: string }];
  /** Writes the table's current rows into the config's `seed:` section (and saves the config). */
  'tables.saveSeed': [{ table: string }, { rows: number }];
  /** Replaces the table's rows by its `seed:` rows. */
  'tables.resetToSeed': [{ table: string }, { rows: number }];
  'log.list': [Empty, LogEntry[]];
  'log.clear': [Empty, { cleared: number }];
  'log.settings': [Empty, LogSettings];
  'log.configure': [Partial<LogSettings>, LogSettings];
  /** The kept entries as HAR 1.2 or JSON lines. */
  'log.export': [{ format: 'har' | 'jsonl' }, { text: string; filename: string }];
  /** Sends a logged request again; its new entry arrives like any other. */
  'log.replay': [{ id: number }, { status: number }];
  /** Sends a request to the running mock and returns its answer; it is logged like any request. */
  'request.send': [SendRequest, SentResponse];
  /** Renders a template against a sample request (the endpoint form's live preview); nothing is sent. */
  'template.preview': [TemplatePreviewRequest, TemplatePreview];
  'app.settings': [Empty, AppSettings];
  'app.configure': [Partial<AppSettings>, AppSettings];
  /**
   * Opens another config file (the desktop app: drag-and-drop, file association). `opened` is false
   * when the user kept the current file or the new one could not be opened (the app said why).
   */
  'app.open': [{ path: string }, { opened: boolean }];
  /** The editor's answer to `app.command` `reportDraft`: its text and whether it differs from the file. */
  'app.draft': [DraftReport, Empty];
  /** Makes a config from an OpenAPI 3.0/3.1 or Swagger 2.0 description (YAML or JSON text); writes nothing. */
  'openapi.import': [{ name: string; text: string }, OpenApiImport];
  /** The OpenAPI 3.1 description of `text` (the editor's text; the saved config without it). */
  'openapi.export': [{ format: 'yaml' | 'json'; text?: string }, { text: string; filename: string }];
  'record.status': [Empty, RecordStatus];
  /** Turns recording of proxied answers into the config on (a mode) or off (null); needs `server.proxy`. */
  'record.set': [{ mode: RecordMode | null }, RecordStatus];
}

/** What the editor holds right now, for the desktop app's Save As and its "unsaved changes?" question. */
export interface DraftReport {
  /** The `id` of the `reportDraft` command this answers. */
  id: number;
  dirty: boolean;
  text: string;
}

/** A menu command of the desktop app that the UI carries out (it owns the editor's text). */
export type AppCommand =
  | { command: 'save' | 'choosePort' | 'importOpenApi' | 'exportOpenApi' }
  | { command: 'reportDraft'; id: number };

/** Events: name → payload. */
export interface StudioEvents {
  'config.applied': { version: number; endpoints: EndpointSummary[]; problems: Problem[] };
  'config.rejected': { problems: Problem[] };
  /**
   * The file changed on disk (another editor, git, a recorded answer); `text` is its new content.
   * `changes`: the app's own change as data (a recording), which an editor with unsaved edits makes
   * on its draft too; without it, the editor asks.
   */
  'config.changedOnDisk': { text: string; changes?: ConfigChange[] };
  'server.status': ServerStatus;
  /** Requests answered since the last batch, oldest first; at most ~20 batches a second. */
  'log.batch': LogEntry[];
  'table.changed': { table: string; change: string };
  'app.command': AppCommand;
  'record.status': RecordStatus;
  /** A proxied answer was written into the config (and is served from now on). */
  'record.recorded': { method: string; path: string; status: number; schema?: string };
}

export type CallName = keyof StudioCalls;
export type EventName = keyof StudioEvents;
export type CallArgs<K extends CallName> = StudioCalls[K][0];
export type CallResult<K extends CallName> = StudioCalls[K][1];

/** The same calls as async functions: what handlers implement and what clients expose. */
export type StudioHandlers = { [K in CallName]: (args: CallArgs<K>) => Promise<CallResult<K>> };

export const CALL_NAMES = [
  'config.get',
  'config.save',
  'config.validate',
  'config.apply',
  'server.status',
  'server.start',
  'server.stop',
  'server.setPort',
  'config.writePort',
  'tables.list',
  'tables.query',
  'tables.insert',
  'tables.update',
  'tables.delete',
  'tables.restore',
  'tables.generate',
  'tables.generatePreview',
  'tables.referenceOptions',
  'tables.importPreview',
  'tables.import',
  'tables.export',
  'tables.saveSeed',
  'tables.resetToSeed',
  'log.list',
  'log.clear',
  'log.settings',
  'log.configure',
  'log.export',
  'log.replay',
  'request.send',
  'template.preview',
  'app.settings',
  'app.configure',
  'app.open',
  'app.draft',
  'openapi.import',
  'openapi.export',
  'record.status',
  'record.set',
] as const satisfies readonly CallName[];

export const EVENT_NAMES = [
  'config.applied',
  'config.rejected',
  'config.changedOnDisk',
  'server.status',
  'log.batch',
  'table.changed',
  'app.command',
  'record.status',
  'record.recorded',
] as const satisfies readonly EventName[];

// Both lists must name every call and event: these fail to compile when one is missing.
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : Exclude<All, Listed>;
export const everyCallListed: Missing<CallName, (typeof CALL_NAMES)[number]> = true;
export const everyEventListed: Missing<EventName, (typeof EVENT_NAMES)[number]> = true;

/** How a call fails, the same over IPC and HTTP: see studio-error.ts. */
export type { CallError, CallOutcome, StudioErrorCode } from './studio-error.js';

/** The one IPC channel the desktop app's events travel on (each call uses its own name as channel). */
export const EVENT_CHANNEL = 'mockyard:event';
