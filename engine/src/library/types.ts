/**
 * The public types of `import { startMock } from 'mockyard'`. This file imports nothing, so its
 * declaration file ships on its own in the package.
 */

export interface MockOptions {
  /** A config file's path, or the config itself as YAML (or JSON) text, or as an object. */
  config: string | Record<string, unknown>;
  /**
   * The database: ':memory:' (nothing on disk), a SQLite file or a postgres:// URL. Default: the
   * config's `server.database`, or ':memory:' when the config is a text or an object.
   */
  db?: string;
  /** PostgreSQL schema for the tables (with a postgres:// `db`). */
  schema?: string;
  /** TCP port; default 0 (any free one). */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Turn on the admin API (`/__mockyard/…`); `mock.adminToken` is its token. Default false. */
  admin?: boolean;
}

/** Which journal entries a query or a verification looks at; every field given must hold. */
export interface RequestFilter {
  /** HTTP method, any case. */
  method?: string;
  /** The exact path without the query (`/orders/7`), or a RegExp tested against it. */
  path?: string | RegExp;
  /** Response status. */
  status?: number;
  /** Entries that arrived at or after this time: ms since the epoch, an ISO-8601 text, or a Date. */
  since?: number | string | Date;
  /** Requests the mock answered (incoming) or callbacks it sent (outgoing). */
  direction?: 'incoming' | 'outgoing';
}

/** One request in the journal: what came in (or, for a callback, went out) and what was answered. */
export interface JournalEntry {
  id: number;
  direction: 'incoming' | 'outgoing';
  /** Milliseconds since the epoch when the request arrived (or the callback was sent). */
  time: number;
  method: string;
  path: string;
  /** A callback's full URL. */
  url?: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** The body: parsed JSON, else its text; undefined when empty. Kept up to 64 KiB. */
  body: unknown;
  /** `POST /orders`, or null when no endpoint matched. */
  endpoint: string | null;
  /** Status answered (0: no answer; for a callback, the receiver's status or 0 on an error). */
  status: number;
  response: { status: number; headers: Record<string, string | number | string[]>; body: unknown };
  duration: number;
  /** Why a callback failed (timeout, refused connection…). */
  error?: string;
  notes: string[];
}

/** What `mock.verify` checks. `body` matches when each field it names is equal (other fields may differ). */
export interface VerifyExpectation {
  method?: string;
  path?: string | RegExp;
  body?: unknown;
  /** Exactly this many matching requests; default: at least one. */
  times?: number;
}

/** The outcome of a verification, as `POST /__mockyard/verify` answers it. */
export interface VerifyResult {
  ok: boolean;
  /** Matching requests. */
  count: number;
  /** The assertion's message: on failure, the nearest requests that did not match and why. */
  message: string;
}

/** A running mock. */
export interface Mock {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** The admin API's bearer token when `admin: true`. */
  readonly adminToken: string | undefined;
  /** The journal (requests answered and callbacks sent), oldest first. */
  requests(filter?: RequestFilter): Promise<JournalEntry[]>;
  /** Throws an AssertionError with a near-miss report unless the expected requests were made. */
  verify(expectation: VerifyExpectation): Promise<void>;
  /** Tables back to their seed rows, the journal emptied, scenarios back to their start states. */
  reset(): Promise<void>;
  /** A scenario's current state. */
  scenario(name: string): Promise<string>;
  /** Sets a scenario's state by hand. */
  setScenario(name: string, state: string): Promise<void>;
  /** Resolves once every callback queued so far has been sent (or has failed). */
  callbacksSettled(): Promise<void>;
  /** Stops listening and closes the database. */
  stop(): Promise<void>;
}
