import type Database from 'better-sqlite3';
import type { RelationModel, SchemaModel } from '../../model/service-model.js';
import type { ListQuery } from '../../list/list-query.js';
import { insertSql, insertValues, insertWithIdLeftSql, prepareInserts } from './prepared-insert.js';
import { insertSeedRows } from './seed-rows.js';
import type { PreparedInsert, RefusedInsert } from '../store.js';
import type { Steps } from '../../time-slice.js';
import { ident, OUTER, recordJsonExpr, relationsJsonExpr } from './sql.js';
import { toSqlValue } from './sql-value.js';
import { createRecord, updatePlan } from '../key-values.js';
import { damaged, toStoreError } from './sqlite-errors.js';
import { listSql } from './list-sql.js';
import type { PageCache } from './page-cache.js';
import type { FixedValue, Page, TableChange, TableStore } from '../store.js';
import { DomainError } from '../../domain-error.js';
import { httpMessages } from '../../../../shared/src/messages.js';
import { checkFileInPlace } from './file-identity.js';
import { firstRowPastIdLimit, idsExhausted } from '../id-limit.js';

export type { TableChange };
type Statement = Database.Statement<unknown[], unknown>;
type Row = Record<string, unknown>;

const MAX_CACHED_STATEMENTS = 256;

/**
 * Reads and writes one schema's table with statements prepared once per config version, answering
 * synchronously. Records leave SQLite as JSON text (see `recordJsonExpr`), ready to send.
 */
export class SqliteTableStore implements TableStore {
  private readonly json: string;
  private readonly table: string;
  private readonly cache = new Map<string, Statement>();
  private readonly inserts = new Map<string, Statement>();
  /**
   * The lookup of `get` for a columns array: an endpoint passes the same array on every request, so
   * its statement is found by the array's identity instead of by building and hashing its SQL text.
   */
  private readonly lookups = new WeakMap<readonly string[], Statement>();

  constructor(
    private readonly db: Database.Database,
    readonly schema: SchemaModel,
    private readonly onChange: (change: TableChange) => void,
    /** List pages kept while the database is unchanged; none for a store that only seeds. */
    private readonly pages?: PageCache,
  ) {
    this.json = recordJsonExpr(schema);
    this.table = ident(schema.table);
  }

  private statement(sql: string, pluck = true): Statement {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      if (this.cache.size >= MAX_CACHED_STATEMENTS) this.cache.clear();
      stmt = this.db.prepare(sql);
      if (pluck) stmt.pluck();
      this.cache.set(sql, stmt);
    }
    return stmt;
  }

  /**
   * The raw-row INSERT … RETURNING for these written fields, found by their names (a create writes
   * the same fields each time, so its SQL text is built and hashed once, not per request). A create
   * whose id AUTOINCREMENT picks inserts nothing when no id is left (`insertWithIdLeftSql`).
   */
  private insertStatement(names: readonly string[], locationColumn: string | undefined): Statement {
    const key = `${locationColumn ?? ''}\n${names.join('\n')}`;
    let stmt = this.inserts.get(key);
    if (!stmt) {
      const returning = locationColumn ? `${this.json}, ${ident(locationColumn)}` : this.json;
      const id = this.schema.idField;
      const insert =
        id?.autoId === 'integer' && !names.includes(id.name)
          ? insertWithIdLeftSql(this.schema, names, id.name)
          : insertSql(this.schema, names);
      stmt = this.statement(`${insert} RETURNING ${returning}`, false).raw(true);
      if (this.inserts.size >= MAX_CACHED_STATEMENTS) this.inserts.clear();
      this.inserts.set(key, stmt);
    }
    return stmt;
  }

  private lookupSql(columns: readonly string[]): string {
    const where = columns.map((c) => `${ident(c)} = ?`).join(' AND ');
    return `rowid = (SELECT rowid FROM ${this.table} WHERE ${where} LIMIT 1)`;
  }

  /**
   * A page of records as a JSON array text, and how many match in all. `knownTotal` is a count the
   * caller already has for this filter (the data browser's later pages reuse the first page's); it is
   * used instead of a count(*) when the page alone cannot tell the total.
   */
  list(query: ListQuery, knownTotal?: number): Page {
    const { where, values, orderBy, orderValues } = listSql(query);
    const sql = `SELECT ${this.select(query.relations)}${where}${orderBy} LIMIT ? OFFSET ?`;
    const key =
      this.pages &&
      `${sql}\n${JSON.stringify([values, orderValues])} ${query.limit} ${query.offset} ${knownTotal ?? ''}`;
    const kept = key === undefined ? undefined : this.read(() => this.pages?.get(key));
    if (kept) return kept;
    const page = this.read(() => {
      // One row more than the page tells whether there are more; only then is a count(*) needed.
      const rows = this.statement(sql).all(...values, ...orderValues, query.limit + 1, query.offset) as string[];
      const more = rows.length > query.limit;
      if (more) rows.pop();
      // Without more rows, the total is what came before this page plus this page, unless the page
      // is empty past the end (then the rows before it are unknown).
      const known = !more && (rows.length > 0 || query.offset === 0);
      const total = known
        ? query.offset + rows.length
        : (knownTotal ?? (this.statement(`SELECT count(*) FROM ${this.table}${where}`).get(...values) as number));
      return { body: `[${rows.join(',')}]`, total };
    });
    if (key !== undefined) this.pages?.set(key, page);
    return page;
  }

  /** `<record JSON> FROM <table>`, with the related records asked for added to each record. */
  private select(relations: readonly RelationModel[] | undefined): string {
    return relations
      ? `${relationsJsonExpr(this.json, relations)} FROM ${this.table} AS ${OUTER}`
      : `${this.json} FROM ${this.table}`;
  }

  /** The first record whose columns equal the values (bound as text), as JSON text, with `relations` added. */
  get(columns: readonly string[], values: readonly string[], relations?: readonly RelationModel[]): string | undefined {
    let stmt = relations ? undefined : this.lookups.get(columns);
    if (!stmt) {
      const where = columns.map((c) => `${ident(c)} = ?`).join(' AND ');
      stmt = this.statement(`SELECT ${this.select(relations)} WHERE ${where} LIMIT 1`);
      if (!relations) this.lookups.set(columns, stmt);
    }
    const lookup = stmt;
    return this.read(() => lookup.get(...values) as string | undefined);
  }

  /**
   * The id the next automatic one follows: AUTOINCREMENT picks one more than the larger of the
   * table's largest id ever (`sqlite_sequence`) and its largest id now.
   */
  private largestId(column: string): number {
    const next = this.statement(
      `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0), coalesce((SELECT max(${ident(column)}) FROM ${this.table}), 0))`,
    );
    return this.read(() => next.get(this.schema.table) as number);
  }

  /** Inserts a record; returns its JSON and the value of `locationColumn` for the Location header. */
  create(body: unknown, fixed: readonly FixedValue[], locationColumn?: string): { json: string; location: unknown } {
    const record = createRecord(this.schema, body, fixed);
    const { names, values } = insertValues(this.schema, record);
    const stmt = this.insertStatement(names, locationColumn);
    const row = this.write(() => stmt.all(...values)[0] as unknown[] | undefined, record);
    // No row: the insert's own check found no automatic id left, and nothing was written.
    if (!row) throw new DomainError('failed', httpMessages.idsExhausted(this.schema.name), { detail: 'out_of_ids' });
    this.onChange('insert');
    return { json: row[0] as string, location: row[1] };
  }

  /**
   * Writes rows from `prepareInserts` in one transaction: all of them, or (when one fails, or the
   * list ends with a refused row) none; `fail` turns the failing row's error into the one thrown.
   * The table is reported changed once, after the commit.
   */
  prepareInserts(rows: readonly { row: number; record: unknown }[]): Steps<(PreparedInsert | RefusedInsert)[]> {
    return prepareInserts(this.schema, rows);
  }

  insertMany(rows: readonly (PreparedInsert | RefusedInsert)[], fail: (row: number, err: unknown) => Error): number {
    checkFileInPlace(this.db);
    const id = this.schema.idField;
    this.db.transaction(() => {
      const past =
        id?.autoId === 'integer' ? firstRowPastIdLimit(rows, id.name, this.largestId(id.name), true) : undefined;
      for (const p of rows) {
        if ('refused' in p) throw fail(p.row, p.refused);
        if (p.row === past) throw fail(p.row, idsExhausted(this.schema));
        try {
          this.statement(p.sql, false).run(...(p.values as (string | number | null)[]));
        } catch (err) {
          throw fail(p.row, toStoreError(err, this.schema, p.record));
        }
      }
    })();
    if (rows.length > 0) this.onChange('insert');
    return rows.length;
  }

  /** Checks and inserts seed rows in the caller's transaction (see seed-rows.ts); throws the first bad row's error. */
  insertSeed(rows: readonly unknown[]): void {
    if (rows.length === 0) return;
    checkFileInPlace(this.db);
    const id = this.schema.idField;
    insertSeedRows(this.db, this.schema, rows, id?.autoId === 'integer' ? this.largestId(id.name) : undefined);
  }

  /** PATCH merges the body into the record; PUT replaces every field but the primary key. */
  update(
    columns: readonly string[],
    values: readonly string[],
    body: unknown,
    mode: 'patch' | 'replace',
  ): string | undefined {
    const { record, fields, writtenValue } = updatePlan(this.schema, columns, values, body, mode);
    if (fields.length === 0) return this.get(columns, values);
    const set = fields.map((f) => `${ident(f.name)} = ?`).join(', ');
    const stmt = this.statement(
      `UPDATE ${this.table} SET ${set} WHERE ${this.lookupSql(columns)} RETURNING ${this.json}`,
    );
    const bound = fields.map((f) => toSqlValue(f, writtenValue(f)));
    const json = this.write(() => stmt.all(...bound, ...values)[0] as string | undefined, record);
    if (json !== undefined) this.onChange('update');
    return json;
  }

  /** Deletes the first matching record; returns it as JSON, or undefined when none matched. */
  delete(columns: readonly string[], values: readonly string[]): string | undefined {
    const stmt = this.statement(`DELETE FROM ${this.table} WHERE ${this.lookupSql(columns)} RETURNING ${this.json}`);
    const json = this.write(() => stmt.all(...values)[0] as string | undefined, {});
    if (json !== undefined) this.onChange('delete');
    return json;
  }

  /** Deletes every record whose column equals the value (bound as text); returns their JSON. */
  deleteWhere(column: string, value: string): string[] {
    const stmt = this.statement(`DELETE FROM ${this.table} WHERE ${ident(column)} = ? RETURNING ${this.json}`);
    const rows = this.write(() => stmt.all(value) as string[], {});
    if (rows.length > 0) this.onChange('delete');
    return rows;
  }

  /** SQLite's transactions are synchronous: `work` must not hand back a promise. Nested ones are savepoints. */
  transaction<T>(work: () => T | Promise<T>): T {
    return this.db.transaction(() => {
      const result = work();
      if (result instanceof Promise) throw new TypeError('A SQLite transaction cannot wait for a promise.');
      return result;
    })();
  }

  /** Number of rows; used by seeding and the studio. */
  count(): number {
    return this.read(() => this.statement(`SELECT count(*) FROM ${this.table}`).get() as number);
  }

  /** Runs a read; a damaged file becomes a `damaged` DomainError (kind `failed`). */
  private read<T>(run: () => T): T {
    try {
      return run();
    } catch (err) {
      throw damaged(err) ?? err;
    }
  }

  /**
   * Runs a write. Writes with RETURNING must run to completion with `all()`: `get()` stops at the
   * first row and resets the statement, and the autocommit that reset performs can fail (SQLITE_FULL
   * when the WAL cannot grow) without an error reaching us, so a write that was rolled back would
   * be answered 201 with the record it never stored.
   */
  private write<T>(run: () => T, record: Row): T {
    checkFileInPlace(this.db);
    try {
      return run();
    } catch (err) {
      throw toStoreError(err, this.schema, record);
    }
  }
}
