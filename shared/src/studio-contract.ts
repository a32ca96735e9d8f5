/**
 * The studio contract: every call the UI can make and every event it can receive. The renderer
 * depends only on this; Electron IPC and the browser studio's HTTP + SSE both implement it with
 * the same handlers. The values the calls and events carry are in studio-values.ts (re-exported
 * here, so this module is the one import for both).
 */
import type { ConfigChange } from './config-edit/changes.js';
import type { LogEntry } from './log-entry.js';
import type { Problem } from './problems.js';
import type { EndpointSummary } from './service-summary.js';
import type { TemplatePreview, TemplatePreviewRequest } from './template-preview.js';
import type {
  ServerStatus,
  ConfigState,
  SaveResult,
  TableInfo,
  HiddenColumns,
  TableQuery,
  TableRows,
  ReferenceOptionsQuery,
  ReferenceOptions,
  DataFormat,
  BadRow,
  ImportPreview,
  ImportRequest,
  LogSettings,
  AppSettings,
  SendRequest,
  SentResponse,
  OpenApiImport,
  RecordMode,
  RecordStatus,
} from './studio-values.js';

export type * from './studio-values.js';

type Empty = Record<string, never>;

/** Calls: name → [argument, result]. */
export interface StudioCalls {
  'config.get': [Empty, ConfigState];
  'config.save': [{ text: string }, SaveResult];
  'config.validate': [{ text: string }, { problems: Problem[]; durationMs: number }];
  /** Makes the saved config live (when auto-apply is off). */
  'config.apply': [Empty, SaveResult];
  /**
   * A db.json open (ConfigState.dbJson): writes its config as YAML to `path` (relative to the db.json's
   * folder; an existing file is refused, `conflict`) naming the same database, and opens that config.
   */
  'config.convert': [{ path: string }, ConfigState];
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
  /** The columns of a live table that no field shows any more (a removed field's data), read-only. */
  'tables.hiddenColumns': [{ table: string }, HiddenColumns];
  /** Writes a field for a hidden column into the config (its last type) and saves: its values show again. */
  'tables.restoreHiddenColumn': [{ table: string; column: string }, SaveResult];
  /** Drops a hidden column and its values for good (the studio asks first, naming the rows that hold one). */
  'tables.dropHiddenColumn': [{ table: string; column: string }, { dropped: number }];
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
  /** Every scenario of the config with its current and its start state (the status bar's switcher). */
  'scenarios.list': [Empty, ScenarioState[]];
  /** Sets a scenario's current state by hand, as `PUT /__mockyard/scenarios/<name>` does; returns them all. */
  'scenarios.set': [{ name: string; state: string }, ScenarioState[]];
}

/** A scenario as the studio shows it. */
export interface ScenarioState {
  name: string;
  state: string;
  start: string;
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
  'config.convert',
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
  'tables.hiddenColumns',
  'tables.restoreHiddenColumn',
  'tables.dropHiddenColumn',
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
  'scenarios.list',
  'scenarios.set',
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
