import type { ConfigChange } from '../../shared/src/config-edit/changes.js';
import type { RealtimeLimits } from './realtime/realtime-limits.js';
import type { LogEntry } from '../../shared/src/log-entry.js';
import type { Problem } from '../../shared/src/problems.js';
import type { EndpointSummary } from '../../shared/src/service-summary.js';
import type { Address, ListenerOptions } from './http/listener.js';
import type { RequestLogOptions } from './log/request-log.js';
import type { RecordedEvent, RecordMode } from './record/switch.js';
import type { TableChange } from './store/store.js';
import type { RecordChange } from './records/record-change.js';

/** The types of the Engine's API: its options, what an apply answers, and the events it emits. */
export interface EngineOptions {
  /** The config file; relative database paths and the default database name come from it. */
  configPath?: string;
  /** Overrides of `server:` (the CLI's --port, --host and --db). */
  port?: number;
  host?: string;
  database?: string;
  /** Overrides `server.schema` (PostgreSQL). */
  schema?: string;
  /** Port for configs that do not set `server.port` (default 3000). */
  defaultPort?: number;
  /** Turn on the admin API with the engine's generated token when the config does not set one. */
  admin?: boolean;
  log?: RequestLogOptions & { enabled?: boolean };
  /** Overrides `server.proxy` (the CLI's --proxy). */
  proxy?: string;
  /** Record proxied JSON answers into the config file (--record, --record-schemas); Engine.setRecording changes it. */
  record?: RecordMode | undefined;
  /**
   * Writes a recorded answer's changes into the config and applies it (false: it would not validate).
   * By default the recorder edits the file itself; the studio passes its own, so a recording waits
   * for the saves before it and the editor hears of it.
   */
  commitRecording?: (changes: ConfigChange[]) => Promise<boolean>;
  /** Keep every request's body in the journal (read before answering); on by default with the admin API. */
  journal?: boolean;
  /** Connection timeouts of the HTTP listener; the defaults (LISTENER_DEFAULTS) suit almost everyone. */
  /** Bounds of the WebSocket and SSE endpoints (connections, send buffer, ping interval). */
  realtime?: Partial<RealtimeLimits>;
  http?: ListenerOptions;
}

/** What a request line shows of an answered request (the log entry's own fields, not a copy). */
export type ServedLine = Readonly<
  Pick<LogEntry, 'id' | 'time' | 'method' | 'path' | 'query' | 'status' | 'duration' | 'outgoing'>
>;

export type ApplyResult =
  | { ok: true; version: number; problems: Problem[]; endpoints: EndpointSummary[] }
  | { ok: false; problems: Problem[] };

export interface EngineEvents extends Record<string, unknown[]> {
  /** A config version is live. */
  applied: [{ version: number; endpoints: EndpointSummary[]; problems: Problem[] }];
  /** A config was refused; the previous version keeps serving. */
  rejected: [{ problems: Problem[] }];
  listening: [Address];
  stopped: [];
  /** A request was answered: the full log entry, bodies read back from the log (for the studio). */
  request: [LogEntry];
  /**
   * A request was answered, as a request line shows it: no bodies or headers are made for it, so a
   * listener costs next to nothing per request (the CLI's lines). These fields never change after the
   * call, so a listener may keep the object to format later (the CLI formats a turn's lines at once).
   */
  served: [ServedLine];
  /**
   * An open WebSocket connection or SSE stream (first told by `request`, with `stream` set) changed:
   * frames came or went, or it closed. At most every STREAM_UPDATE_MS per connection, and at once on close.
   */
  streamUpdated: [LogEntry];
  /** A table's rows changed, through the API or a reset. */
  tableChanged: [{ schema: string; table: string; change: TableChange | 'reset' }];
  /**
   * A record was created, updated or deleted through the record service (the API, the studio's row
   * edits), or tables were reset: once per record, after the write commits, numbered in commit order.
   * Bulk writes (imports, generated rows, restores) and other replicas' writes are told by tableChanged.
   */
  recordChanged: [RecordChange];
  /** A proxied answer was recorded into the config file (and applied). */
  recorded: [RecordedEvent];
  /** A fault the user should see (port in use, a handler crash); the service keeps running. */
  serverError: [{ code: string; message: string }];
}

/** Listening failed; `code` is the system error (EADDRINUSE, EACCES…). */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly port: number,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}
