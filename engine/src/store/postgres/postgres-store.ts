import { randomUUID } from 'node:crypto';
import { messages } from '../../../../shared/src/messages.js';
import type { Problem } from '../../../../shared/src/problems.js';
import { hiddenColumnWarnings } from '../table-migration.js';
import type { SchemaModel, ServiceModel } from '../../model/service-model.js';
import { DomainError } from '../../domain-error.js';
import type {
  MaybePromise,
  PreparedTables,
  SharedRecordChange,
  Store,
  StoredTable,
  TableChange,
  TableStore,
} from '../store.js';
import { readCatalog } from './catalog.js';
import { ChangeNotifier } from './change-notifier.js';
import { ChangeListener, type NotifiedChange } from './changes.js';
import type { Connection } from './connection.js';
import type { HiddenColumns } from '../../../../shared/src/studio-values.js';
import { dropHiddenColumn, hiddenColumns } from './hidden-columns.js';
import { migrateTable } from './migrate.js';
import { applyRenames } from './renames.js';
import { plannedRenames } from '../renames.js';
import { advisoryKey, ident, META_TABLE, qualified, SEQ_COLUMN, sortIndexName } from './sql.js';
import { type TableContext, PostgresTableStore } from './table-store.js';
import { KeptPages } from '../kept-pages.js';

type OnChange = (schema: SchemaModel, change: TableChange | 'reset') => void;

/** Above this many rows, sorting by a column gives that column an index first (as on SQLite). */
const SORT_INDEX_ROWS = 10_000;

/**
 * The PostgreSQL store: one pool, each config's tables in one PostgreSQL schema. Migrations, seeding
 * and resets run in one transaction under an advisory lock of that schema, so replicas starting
 * (or resetting) together do it once; writes of other replicas reach `onChange` through
 * LISTEN/NOTIFY (changes.ts).
 */
export class PostgresStore implements Store {
  readonly kind = 'postgres';
  private readonly ctx: TableContext;
  private readonly lockKey: string;
  private readonly listener: ChangeListener | undefined;
  /** The latest prepare's schemas by table and its onChange, for changes other replicas make. */
  private live: { byTable: Map<string, SchemaModel>; onChange: OnChange } | undefined;

  constructor(
    readonly connection: Connection,
    readonly location: string,
    readonly pgSchema: string,
    options: { notify: boolean; listen: import('pg').ClientConfig | undefined },
  ) {
    const storeId = randomUUID();
    this.ctx = {
      connection,
      pgSchema,
      storeId,
      notifier: options.notify ? new ChangeNotifier(connection, storeId, pgSchema) : undefined,
      pages: new KeptPages<string>(),
    };
    this.lockKey = advisoryKey(pgSchema);
    if (options.listen)
      this.listener = new ChangeListener(
        options.listen,
        storeId,
        pgSchema,
        (table, change) => this.remoteChange(table, change),
        () => {
          for (const table of this.live?.byTable.keys() ?? []) this.remoteChange(table, 'update');
        },
        (change) => this.onRemoteRecord?.(change),
      );
  }

  onRemoteRecord: ((change: SharedRecordChange) => void) | undefined;

  shareRecordChange(change: SharedRecordChange): void {
    this.ctx.notifier?.noteRecord({ type: change.type, schema: change.schema, record: change.record });
  }

  /** Starts listening for other replicas' changes (a failure only schedules retries). */
  async listen(): Promise<void> {
    await this.listener?.start();
  }

  private remoteChange(table: string, change: NotifiedChange): void {
    const schema = this.live?.byTable.get(table);
    if (schema) this.live?.onChange(schema, change);
  }

  private lock(): Promise<unknown> {
    return this.connection.query('SELECT pg_advisory_xact_lock($1::bigint)', [this.lockKey]);
  }

  async prepare(model: ServiceModel, onChange: OnChange): Promise<PreparedTables> {
    const prepared = await this.connection.transaction(async () => {
      await this.lock();
      let catalog = await readCatalog(this.connection, this.pgSchema);
      if (!catalog.schemaExists) await this.connection.exec(`CREATE SCHEMA ${ident(this.pgSchema)}`);
      if (!catalog.tables.has(META_TABLE))
        await this.connection.exec(
          `CREATE TABLE ${qualified(this.pgSchema, META_TABLE)} (table_name text NOT NULL, column_name text NOT NULL, field_type text NOT NULL, PRIMARY KEY (table_name, column_name))`,
        );
      if (plannedRenames(model).length > 0) {
        await applyRenames(this.connection, this.pgSchema, model);
        catalog = await readCatalog(this.connection, this.pgSchema);
      }
      const tables = new Map<string, TableStore>();
      const warnings: Problem[] = [];
      const created: string[] = [];
      const seeding: TableContext = { ...this.ctx, notifier: undefined };
      for (const schema of model.schemas.values()) {
        let migration: Awaited<ReturnType<typeof migrateTable>>;
        try {
          migration = await migrateTable(this.connection, this.pgSchema, schema, catalog.tables.get(schema.table));
        } catch (err) {
          if (err instanceof DomainError) throw err;
          throw new Error(messages.migrationFailed(schema.table, (err as Error).message));
        }
        tables.set(schema.name, new PostgresTableStore(this.ctx, schema, (change) => onChange(schema, change)));
        warnings.push(...hiddenColumnWarnings(schema, migration));
        if (migration.created) {
          const seeder = new PostgresTableStore(seeding, schema, () => {});
          for (const row of model.seed.get(schema.name) ?? []) await seeder.create(row, []);
          created.push(schema.name);
        }
      }
      return { tables, warnings, created };
    });
    this.live = { byTable: new Map([...model.schemas.values()].map((s) => [s.table, s])), onChange };
    return prepared;
  }

  async reset(model: ServiceModel, only?: string): Promise<Record<string, number>> {
    return this.connection.transaction(async () => {
      await this.lock();
      // The tables are locked against writes (reads go on) until the reset commits: a create that
      // ran between the DELETE and the seeding would otherwise take an id the seed rows then collide
      // with (409s), where SQLite serialises resets and writes by itself.
      const tables = [...model.schemas.values()]
        .filter((schema) => only === undefined || schema.name === only)
        .map((schema) => qualified(this.pgSchema, schema.table));
      if (tables.length > 0) await this.connection.exec(`LOCK TABLE ${tables.join(', ')} IN EXCLUSIVE MODE`);
      const counts: Record<string, number> = {};
      const seeding: TableContext = { ...this.ctx, notifier: undefined };
      for (const schema of model.schemas.values()) {
        if (only !== undefined && schema.name !== only) continue;
        const t = qualified(this.pgSchema, schema.table);
        await this.connection.exec(`DELETE FROM ${t}`);
        // Auto ids start again at 1, as SQLite numbers the rows of an emptied table.
        const id = schema.idField;
        if (id?.autoId === 'integer')
          await this.connection.query('SELECT setval(pg_get_serial_sequence($1::text, $2::text), 1, false)', [
            t,
            id.name,
          ]);
        const rows = model.seed.get(schema.name) ?? [];
        const seeder = new PostgresTableStore(seeding, schema, () => {});
        for (const row of rows) await seeder.create(row, []);
        counts[schema.table] = rows.length;
        this.connection.afterCommit(() => this.ctx.notifier?.note(schema.table, 'reset'));
      }
      return counts;
    });
  }

  transaction<T>(work: () => MaybePromise<T>): Promise<T> {
    return this.connection.transaction(work);
  }

  async tables(live: readonly string[]): Promise<StoredTable[]> {
    const names = new Set(live);
    const catalog = await readCatalog(this.connection, this.pgSchema);
    const result: StoredTable[] = [];
    for (const [table, info] of [...catalog.tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (table.startsWith('_mockyard_')) continue;
      const counted = await this.connection.query(`SELECT count(*) FROM ${qualified(this.pgSchema, table)}`, [], {
        retry: true,
      });
      const rows = Number(counted[0]?.[0]);
      if (names.has(table)) result.push({ table, rows });
      else {
        const columns = info.columns
          .filter((c) => c.name !== SEQ_COLUMN)
          .map((c) => ({ name: c.name, type: info.recorded.get(c.name) ?? c.type }));
        result.push({ table, rows, columns });
      }
    }
    return result;
  }

  hiddenColumns(schema: SchemaModel, limit: number): Promise<HiddenColumns> {
    return hiddenColumns(this.connection, this.pgSchema, schema, limit);
  }

  dropHiddenColumn(schema: SchemaModel, column: string): Promise<number> {
    return dropHiddenColumn(this.connection, this.pgSchema, schema, column);
  }

  async orphanRows(table: string, offset: number, limit: number): Promise<Record<string, unknown>[]> {
    const info = (await readCatalog(this.connection, this.pgSchema)).tables.get(table);
    if (!info) return [];
    const columns = info.columns.map((c) => c.name).filter((name) => name !== SEQ_COLUMN);
    const order = info.columns.some((c) => c.name === SEQ_COLUMN) ? ident(SEQ_COLUMN) : '1';
    const rows = await this.connection.query(
      `SELECT ${columns.map(ident).join(', ')} FROM ${qualified(this.pgSchema, table)} ORDER BY ${order} LIMIT $1 OFFSET $2`,
      [limit, offset],
      { retry: true },
    );
    return rows.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
  }

  /** As on SQLite: sorting a big table by a column first gives that column an index (nulls first, as lists sort). */
  async ensureSortIndex(schema: SchemaModel, field: string): Promise<void> {
    if (!schema.fieldMap.has(field) || schema.fieldMap.get(field)?.autoId) return;
    const t = qualified(this.pgSchema, schema.table);
    const counted = await this.connection.query(`SELECT count(*) FROM ${t}`, [], { retry: true });
    if (Number(counted[0]?.[0]) < SORT_INDEX_ROWS) return;
    await this.connection.exec(
      `CREATE INDEX IF NOT EXISTS ${ident(sortIndexName(schema.table, field))} ON ${t} (${ident(field)} NULLS FIRST)`,
    );
  }

  async close(): Promise<void> {
    await this.ctx.notifier?.flushed();
    await this.listener?.close();
    await this.connection.close();
  }
}
