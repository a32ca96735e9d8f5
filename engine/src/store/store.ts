/**
 * The store boundary: everything the HTTP runtime, the studio and the data tools need from a
 * database, without SQL. SQLite (`sqlite/`) and PostgreSQL (`postgres/`) each implement it and
 * render their own SQL from the same query description (`ListQuery`).
 *
 * Results are `MaybePromise`: SQLite answers synchronously and a caller awaits only when it is
 * handed a promise, so the embedded default keeps its speed; PostgreSQL answers with promises.
 */
import type { Problem } from '../../../shared/src/problems.js';
import type { HiddenColumns } from '../../../shared/src/studio-values.js';
import type { DomainError } from '../domain-error.js';
import type { Steps } from '../time-slice.js';
import type { RelationModel, SchemaModel, ServiceModel } from '../model/service-model.js';
import type { ListQuery } from '../list/list-query.js';

export type MaybePromise<T> = T | Promise<T>;

export type TableChange = 'insert' | 'update' | 'delete';

/** A column fixed by a path parameter, e.g. `authorId` in /users/:authorId/posts (bound as text). */
export interface FixedValue {
  column: string;
  value: string;
}

/** A row checked and converted for `insertMany`: the store's statement and values, and the record (to name a conflict). */
export interface PreparedInsert {
  /** 1-based, as the caller numbers its rows (the line of a CSV file, the item of a JSON array). */
  row: number;
  sql: string;
  values: unknown[];
  record: Record<string, unknown>;
}

/** A row that does not fit the schema: writing stops there, as a create of it would fail. */
export interface RefusedInsert {
  row: number;
  refused: DomainError;
}

/** One schema's table: records leave the database as JSON text, ready to send. */
/** A list page: the records' JSON array text and how many records match in all. */
export interface Page {
  body: string;
  total: number;
}

export interface TableStore {
  readonly schema: SchemaModel;
  /**
   * A page of records as a JSON array text, and how many match in all. `knownTotal` is a count the
   * caller already has for this filter; it is used instead of counting when the page cannot tell.
   */
  list(query: ListQuery, knownTotal?: number): MaybePromise<Page>;
  /**
   * The first record whose columns equal the values (bound as text), as JSON text; `relations`
   * (`_expand`, `_embed`) are added in the same query, as `list` adds a query's.
   */
  get(
    columns: readonly string[],
    values: readonly string[],
    relations?: readonly RelationModel[],
  ): MaybePromise<string | undefined>;
  /** Inserts a record; its JSON and the value of `locationColumn` for the Location header. */
  create(
    body: unknown,
    fixed: readonly FixedValue[],
    locationColumn?: string,
  ): MaybePromise<{ json: string; location: unknown }>;
  /** PATCH merges the body into the record; PUT replaces every field but the key. */
  update(
    columns: readonly string[],
    values: readonly string[],
    body: unknown,
    mode: 'patch' | 'replace',
  ): MaybePromise<string | undefined>;
  /** Deletes the first matching record; its JSON, or undefined when none matched. */
  delete(columns: readonly string[], values: readonly string[]): MaybePromise<string | undefined>;
  /** Deletes every record whose column equals the value (bound as text); their JSON (`onDelete: cascade`). */
  deleteWhere(column: string, value: string): MaybePromise<string[]>;
  /** Runs `work` in one transaction of this table's database (joining one already open). */
  transaction<T>(work: () => MaybePromise<T>): MaybePromise<T>;
  count(): MaybePromise<number>;
  /**
   * Checks and converts rows for insertMany, one step per row (the caller runs the steps in slices
   * of the event loop). Stops at the first row that does not fit and ends the list with it.
   */
  prepareInserts(rows: readonly { row: number; record: unknown }[]): Steps<(PreparedInsert | RefusedInsert)[]>;
  /**
   * Writes prepared rows in one transaction: all of them, or (when one fails, or the list ends with
   * a refused row) none; `fail` turns the failing row's error into the one thrown.
   */
  insertMany(
    rows: readonly (PreparedInsert | RefusedInsert)[],
    fail: (row: number, err: unknown) => Error,
  ): MaybePromise<number>;
}

/** A table of the database for the data browser: a live schema's, or one a removed schema left. */
export interface StoredTable {
  table: string;
  rows: number;
  /** Set for tables no schema of the config uses (shown read-only). */
  columns?: { name: string; type: string }[];
}

export interface PreparedTables {
  tables: Map<string, TableStore>;
  warnings: Problem[];
  /** The schemas (by name) whose tables this prepare created, and filled with their `seed:` rows. */
  created: string[];
}

/** A record change as replicas share it (records/record-change.ts without its local order). */
export interface SharedRecordChange {
  type: 'created' | 'updated' | 'deleted' | 'reset';
  schema: string;
  /** The record as JSON text; absent for `reset`. */
  record?: string | undefined;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for messages (a file path, or host:port/database). */
  readonly location: string;
  /**
   * Migrates every schema's table (never dropping data), seeds the tables it created, and returns a
   * TableStore per schema. All or nothing: on failure nothing changed and the error names the table.
   */
  prepare(
    model: ServiceModel,
    onChange: (schema: SchemaModel, change: TableChange | 'reset') => void,
  ): MaybePromise<PreparedTables>;
  /** Puts every schema's table (or only `only`'s) back to its `seed:` rows, in one transaction. */
  reset(model: ServiceModel, only?: string): MaybePromise<Record<string, number>>;
  /** Runs `work` in one transaction: every write it makes lands, or none does. */
  transaction<T>(work: () => MaybePromise<T>): MaybePromise<T>;
  /** The database's tables with row counts; `live` names the tables of the config. */
  tables(live: readonly string[]): MaybePromise<StoredTable[]>;
  /** A page of the rows of a table no schema uses any more, as stored (the studio shows it read-only). */
  orphanRows(table: string, offset: number, limit: number): MaybePromise<Record<string, unknown>[]>;
  /** The columns of `schema`'s table no field shows (a removed field's data), with the first `limit` rows of them. */
  hiddenColumns(schema: SchemaModel, limit: number): MaybePromise<HiddenColumns>;
  /** Drops a hidden column of `schema`'s table and its values; returns how many rows held one. A field's column is refused. */
  dropHiddenColumn(schema: SchemaModel, column: string): MaybePromise<number>;
  /**
   * Tells other replicas about a committed record change a feed streams (PostgreSQL: LISTEN/NOTIFY);
   * theirs reach `onRemoteRecord`. Absent on SQLite, which has one writer.
   */
  shareRecordChange?(change: SharedRecordChange): void;
  onRemoteRecord?: ((change: SharedRecordChange) => void) | undefined;
  /** Gives `field` an index when sorting a big table by it would otherwise sort every row. */
  ensureSortIndex?(schema: SchemaModel, field: string): MaybePromise<void>;
  close(): Promise<void>;
}

/** Runs `fn` on each item in order, waiting only for the items whose call hands back a promise. */
export function each<T>(items: readonly T[], fn: (item: T) => MaybePromise<unknown>): MaybePromise<void> {
  for (let i = 0; i < items.length; i++) {
    const result = fn(items[i] as T);
    if (result instanceof Promise) return result.then(() => each(items.slice(i + 1), fn));
  }
  return undefined;
}

/** Calls `then` with the value, at once when it is not a promise (the synchronous fast path). */
export function after<T, R>(value: MaybePromise<T>, then: (value: T) => R): MaybePromise<R> {
  // `then` returns a plain value wherever this is used, so the promise holds an R.
  return value instanceof Promise ? (value.then(then) as Promise<R>) : then(value);
}
