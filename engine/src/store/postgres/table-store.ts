import type { RelationModel, SchemaModel } from '../../model/service-model.js';
import type { Steps } from '../../time-slice.js';
import type { KeptPages } from '../kept-pages.js';
import type { ListQuery } from '../../list/list-query.js';
import { insertSql, prepareInserts } from './bulk-insert.js';
import type { FixedValue, Page, PreparedInsert, RefusedInsert, TableChange, TableStore } from '../store.js';
import { DomainError } from '../../domain-error.js';
import { httpMessages } from '../../../../shared/src/messages.js';
import type { ChangeNotifier } from './change-notifier.js';
import type { Connection } from './connection.js';
import { toStoreError } from './errors.js';
import {
  idGuard,
  isIdConflict,
  isIdGuard,
  sequenceBump,
  sequenceLast,
  sequencePastMax,
  sequenceToMax,
} from './id-sequence.js';
import { firstRowPastIdLimit, idsExhausted } from '../id-limit.js';
import { listSql } from './list-sql.js';
import { ident, pageAggregates, qualified, recordColumns, recordJson, relationsJson } from './sql.js';
import { PageWriter } from './page-writer.js';
import { createRecord, updatePlan } from '../key-values.js';
import { castOf, insertValues, keyConditions, locationValue, type PgValue, pgValue } from './values.js';

type Row = Record<string, unknown>;

/** What every table store of one PostgresStore shares. */
export interface TableContext {
  connection: Connection;
  pgSchema: string;
  /** This store's id in change notifications, so its own are not reported twice. */
  storeId: string;
  /** Tells other replicas about committed writes (see change-notifier.ts); undefined while seeding. */
  notifier: ChangeNotifier | undefined;
  /** List pages read, with the snapshot each was read in (see `list`). */
  pages: KeptPages<string>;
}

/**
 * Reads and writes one schema's table in PostgreSQL, with the SQLite TableStore's rules: records
 * leave the database as JSON text (`recordColumns`, `recordJson`), a key given as text is read as its column's
 * type, and the first matching record is the one read, updated or deleted.
 */
export class PostgresTableStore implements TableStore {
  private readonly table: string;
  private readonly fieldList: string;
  private readonly page: PageWriter;

  constructor(
    private readonly ctx: TableContext,
    readonly schema: SchemaModel,
    private readonly onChange: (change: TableChange) => void,
  ) {
    this.table = qualified(ctx.pgSchema, schema.table);
    this.fieldList = recordColumns(schema);
    this.page = new PageWriter(schema);
  }

  /** Once the write commits: this process's listeners, then other replicas (after the reply). */
  private changed(change: TableChange): void {
    this.ctx.connection.afterCommit(() => {
      this.onChange(change);
      this.ctx.notifier?.note(this.schema.table, change);
    });
  }

  async list(query: ListQuery, knownTotal?: number): Promise<Page> {
    const { where, values, orderBy } = listSql(this.schema, query);
    const limit = Math.trunc(query.limit);
    const offset = Math.trunc(query.offset);
    // A page read before is answered again while PostgreSQL's snapshot is the one it was read in:
    // the same snapshot (the transactions finished and running) means the same data, in every
    // table, whichever replica wrote it. The page's statement gets the kept page's snapshot and
    // reads nothing when it is still current (a one-time filter: the scan, the aggregates and the
    // count are never run), so a kept page costs one short round trip and a changed one no extra.
    // Not inside a transaction: its own writes change what it reads without a new snapshot.
    const fresh = `pg_current_snapshot()::text IS DISTINCT FROM $${values.length + 1}::text`;
    // One row more than the page tells whether there are more; only then (or when a later page is
    // empty) is the count(*) run, in the same statement (CASE reaches its subquery only then).
    // Limit and offset are written into the text (whole numbers from parseListQuery): a plan
    // prepared for any limit sorts the whole table where one for LIMIT 101 walks an index. Later
    // pages are not kept as prepared statements.
    const counted =
      knownTotal === undefined
        ? `CASE WHEN ${fresh} AND (count(*) > ${limit}${offset > 0 ? ' OR count(*) = 0' : ''}) THEN (SELECT count(*) FROM ${this.table}${where}) END`
        : 'NULL';
    const filter = where ? `${where} AND ${fresh}` : ` WHERE ${fresh}`;
    const page = `SELECT ${this.fieldList} FROM ${this.table}${filter}${orderBy} LIMIT ${limit + 1} OFFSET ${offset}`;
    const aggregates = pageAggregates(this.ctx.pgSchema, this.schema, 's', query.relations);
    const sql = `SELECT pg_current_snapshot()::text, count(*), ${counted}, ${aggregates} FROM (${page}) s`;
    const keep = !this.ctx.connection.inTransaction;
    const key = keep ? `${sql}\n${JSON.stringify(values)} ${knownTotal ?? ''}` : '';
    const kept = keep ? this.ctx.pages.get(key) : undefined;
    const [row] = await this.ctx.connection.query(sql, [...values, kept?.version ?? null], {
      retry: true,
      named: offset === 0,
      raw: true,
    });
    const [snapshot, found, count, ...arrays] = row as [string, string, string | null, ...(string | null)[]];
    if (kept && snapshot === kept.version) return kept.page;
    const rows = Math.min(Number(found), limit);
    const known = Number(found) <= limit && (rows > 0 || offset === 0);
    const total = known ? offset + rows : (knownTotal ?? Number(count));
    const result = { body: this.page.write(arrays, rows, query.relations), total };
    if (keep) this.ctx.pages.set(key, result, snapshot);
    return result;
  }

  /** The JSON of the row of `s`, with the related records asked for added. */
  private json(relations: readonly RelationModel[] | undefined): string {
    return relations ? relationsJson(this.ctx.pgSchema, 's', relations) : recordJson('s');
  }

  async get(
    columns: readonly string[],
    values: readonly string[],
    relations?: readonly RelationModel[],
  ): Promise<string | undefined> {
    const params: PgValue[] = [];
    const where = keyConditions(this.schema, columns, values, params);
    const rows = await this.ctx.connection.query(
      `SELECT ${this.json(relations)} FROM (SELECT ${this.fieldList} FROM ${this.table} WHERE ${where} LIMIT 1) s`,
      params,
      { retry: true },
    );
    return rows[0]?.[0] as string | undefined;
  }

  async create(
    body: unknown,
    fixed: readonly FixedValue[],
    locationColumn?: string,
  ): Promise<{ json: string; location: unknown }> {
    const record = createRecord(this.schema, body, fixed);
    const { fields, values } = insertValues(this.schema, record);
    const params: PgValue[] = [...values];
    const id = this.schema.idField;
    const explicitId = id?.autoId === 'integer' && fields.includes(id);
    // An id given by the client moves the id sequence past it, so later ids the database picks do
    // not meet it (SQLite picks max(id) + 1).
    const bump = explicitId && id ? sequenceBump(this.table, id, params) : '';
    const location = locationColumn ? `, w.${ident(locationColumn)}::text` : ', NULL';
    const guard = id?.autoId === 'integer' && !explicitId ? idGuard(id) : '';
    const sql = `WITH w AS (${insertSql(this.ctx.pgSchema, this.schema, fields)} RETURNING ${this.fieldList}) SELECT ${recordJson('w')}${location}${bump}${guard} FROM w`;
    let rows: unknown[][];
    try {
      rows = await this.ctx.connection.query(sql, params);
    } catch (err) {
      if (isIdGuard(err))
        throw new DomainError('failed', httpMessages.idsExhausted(this.schema.name), { detail: 'out_of_ids' });
      const failure = toStoreError(err, this.schema, record);
      // The id the sequence gave was taken by a row written with that id while the sequence lagged
      // (two replicas writing explicit ids at once): move the sequence past the largest id and retry once.
      if (
        !(id?.autoId === 'integer' && !explicitId && isIdConflict(this.schema, err, failure)) ||
        this.ctx.connection.inTransaction
      )
        throw failure;
      await sequenceToMax(this.ctx.connection, this.table, id);
      try {
        rows = await this.ctx.connection.query(sql, params);
      } catch (again) {
        if (isIdGuard(again))
          throw new DomainError('failed', httpMessages.idsExhausted(this.schema.name), { detail: 'out_of_ids' });
        throw toStoreError(again, this.schema, record);
      }
    }
    const row = rows[0] as unknown[];
    this.changed('insert');
    return {
      json: row[0] as string,
      location: locationValue(locationColumn ? this.schema.fieldMap.get(locationColumn) : undefined, row[1]),
    };
  }

  async update(
    columns: readonly string[],
    values: readonly string[],
    body: unknown,
    mode: 'patch' | 'replace',
  ): Promise<string | undefined> {
    const { record, fields, writtenValue } = updatePlan(this.schema, columns, values, body, mode);
    if (fields.length === 0) return this.get(columns, values);
    const params: PgValue[] = fields.map((f) => pgValue(f, writtenValue(f)));
    const set = fields.map((f, i) => `${ident(f.name)} = $${i + 1}::${castOf(f)}`).join(', ');
    const where = keyConditions(this.schema, columns, values, params);
    const rows = await this.write(
      `WITH w AS (UPDATE ${this.table} SET ${set} WHERE ctid = (SELECT ctid FROM ${this.table} WHERE ${where} LIMIT 1 FOR UPDATE) RETURNING ${this.fieldList}) SELECT ${recordJson('w')} FROM w`,
      params,
      record,
    );
    const json = rows[0]?.[0] as string | undefined;
    if (json !== undefined) this.changed('update');
    return json;
  }

  async delete(columns: readonly string[], values: readonly string[]): Promise<string | undefined> {
    const params: PgValue[] = [];
    const where = keyConditions(this.schema, columns, values, params);
    const rows = await this.write(
      `WITH w AS (DELETE FROM ${this.table} WHERE ctid = (SELECT ctid FROM ${this.table} WHERE ${where} LIMIT 1 FOR UPDATE) RETURNING ${this.fieldList}) SELECT ${recordJson('w')} FROM w`,
      params,
      {},
    );
    const json = rows[0]?.[0] as string | undefined;
    if (json !== undefined) this.changed('delete');
    return json;
  }

  async deleteWhere(column: string, value: string): Promise<string[]> {
    const params: PgValue[] = [];
    const where = keyConditions(this.schema, [column], [value], params);
    const rows = await this.write(
      `WITH w AS (DELETE FROM ${this.table} WHERE ${where} RETURNING ${this.fieldList}) SELECT ${recordJson('w')} FROM w`,
      params,
      {},
    );
    if (rows.length > 0) this.changed('delete');
    return rows.map((r) => r[0] as string);
  }

  transaction<T>(work: () => T | Promise<T>): Promise<T> {
    return this.ctx.connection.transaction(work);
  }

  prepareInserts(rows: readonly { row: number; record: unknown }[]): Steps<(PreparedInsert | RefusedInsert)[]> {
    return prepareInserts(this.ctx.pgSchema, this.schema, rows);
  }

  /**
   * Writes prepared rows in one transaction (joining the caller's, if any): all of them, or none.
   * Ids given by the rows move the id sequence past them once, at the end; the table is reported
   * changed once, after the commit.
   */
  async insertMany(
    rows: readonly (PreparedInsert | RefusedInsert)[],
    fail: (row: number, err: unknown) => Error,
  ): Promise<number> {
    const connection = this.ctx.connection;
    const id = this.schema.idField;
    await connection.transaction(async () => {
      const past =
        id?.autoId === 'integer'
          ? firstRowPastIdLimit(rows, id.name, await sequenceLast(connection, this.table, id), false)
          : undefined;
      // Refused before any row is written: a sequence gives its numbers away even when the transaction rolls back.
      if (past !== undefined) throw fail(past, idsExhausted(this.schema));
      for (const p of rows) {
        if ('refused' in p) throw fail(p.row, p.refused);
        try {
          await connection.query(p.sql, p.values as PgValue[]);
        } catch (err) {
          throw fail(p.row, toStoreError(err, this.schema, p.record));
        }
      }
      if (id?.autoId === 'integer' && rows.some((p) => 'record' in p && p.record[id.name] != null))
        await sequencePastMax(connection, this.table, id);
    });
    if (rows.length > 0) this.changed('insert');
    return rows.length;
  }

  async count(): Promise<number> {
    const rows = await this.ctx.connection.query(`SELECT count(*) FROM ${this.table}`, [], { retry: true });
    return Number(rows[0]?.[0]);
  }

  private async write(sql: string, params: PgValue[], record: Row): Promise<unknown[][]> {
    try {
      return await this.ctx.connection.query(sql, params);
    } catch (err) {
      throw toStoreError(err, this.schema, record);
    }
  }
}
