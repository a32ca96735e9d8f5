import type { BadRow, DataFormat, ImportPreview, ImportRequest } from '../../../shared/src/studio-contract.js';
import { DomainError } from '../domain-error.js';
import { exportRows } from '../data/export.js';
import { generateRows } from '../data/generate.js';
import { planImportSliced } from '../data/import.js';
import { withSeedRows } from '../data/seed-writer.js';
import type { Engine } from '../engine.js';
import type { SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../store/list-query.js';
import type { TableStore } from '../store/store.js';
import { runSliced, TimeSlicer } from '../time-slice.js';
import { batchReferenceCheck, splitByReferences } from '../records/reference-batch.js';
import { referencePools } from './reference-pools.js';
import type { StudioSession } from './session.js';
import { storeFor } from './tables.js';
import { uniqueFloors } from './unique-floors.js';

/** Every live table's store by schema name, as the record service holds them. */
const liveStores = (engine: Engine): ReadonlyMap<string, TableStore> => engine.records?.stores ?? new Map();

export const MAX_GENERATE = 100_000;
export const MAX_SEED_ROWS = 5_000;

/** How often a job is redone when the config is applied again while it runs, before it gives up. */
const MAX_ATTEMPTS = 3;

type NumberedRow = { row: number; record: unknown };

/**
 * Makes rows for `table` and creates every one in one transaction: all rows go in, or (on any
 * failure) none, naming the row that failed. `make` (reading a file, faking rows) and the checks
 * run in slices of the event loop's time, so the studio and the mock keep answering; the write is
 * one synchronous transaction of prepared statements, so no other write lands inside it. When the
 * config was applied again meanwhile (the table's store is a new one), the job is redone against it.
 */
async function makeAndInsert<T extends { rows: readonly NumberedRow[] }>(
  engine: Engine,
  table: string,
  make: (store: TableStore, schema: SchemaModel, slicer: TimeSlicer) => Promise<T>,
  job: 'imported' | 'generated' | 'restored' = 'imported',
): Promise<T & { inserted: number }> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { store, schema } = storeFor(engine, table);
    const slicer = new TimeSlicer();
    const made = await make(store, schema, slicer);
    const prepared = await runSliced(store.prepareInserts(made.rows), slicer);
    if (storeFor(engine, table).store !== store) continue;
    if (!engine.store) throw new DomainError('busy', 'No database is open.');
    const inserted = await store.insertMany(
      prepared,
      (row, err) =>
        new DomainError(
          err instanceof DomainError ? err.kind : 'failed',
          `Row ${row}: ${(err as Error).message} Nothing was ${job}.`,
          err instanceof DomainError && err.detail ? { detail: err.detail } : {},
        ),
    );
    // Feeds get one `reset` for a bulk write, not one event per row.
    if (inserted > 0) engine.bulkWritten(schema.name);
    return { ...made, inserted };
  }
  throw new DomainError(
    'busy',
    `The config of '${table}' changed while its rows were being made; nothing was written. Try again.`,
  );
}

const numbered = (records: readonly unknown[]): NumberedRow[] => records.map((record, i) => ({ row: i + 1, record }));

async function allRows(store: TableStore, schema: SchemaModel): Promise<Record<string, unknown>[]> {
  const query = parseListQuery(schema, undefined, []);
  query.limit = await store.count();
  return JSON.parse((await store.list(query)).body) as Record<string, unknown>[];
}

export async function restoreRows(
  engine: Engine,
  table: string,
  rows: Record<string, unknown>[],
): Promise<{ inserted: number }> {
  const { inserted } = await makeAndInsert(
    engine,
    table,
    async (_store, schema, slicer) => {
      // All or nothing, as a restore is: the first row whose reference names no record refuses it.
      const check = batchReferenceCheck(liveStores(engine), schema, rows);
      for (const row of check ? rows : []) {
        await slicer.pause();
        await check?.(row);
      }
      return { rows: numbered(rows) };
    },
    'restored',
  );
  return { inserted };
}

function checkCount(count: number, max: number): void {
  if (!Number.isInteger(count) || count < 1 || count > max)
    throw new DomainError('invalid', `Generate between 1 and ${max} rows at a time.`);
}

export async function generate(
  engine: Engine,
  table: string,
  count: number,
  seed: number,
): Promise<{ inserted: number }> {
  checkCount(count, MAX_GENERATE);
  const { inserted } = await makeAndInsert(
    engine,
    table,
    async (store, schema, slicer) => {
      const pools = await referencePools(engine, schema);
      const start = await store.count();
      const floors = await uniqueFloors(store, schema);
      const s = Number.isFinite(seed) ? seed : 1;
      return { rows: numbered(await generateRows(schema, count, s, start, slicer, pools.values, floors)) };
    },
    'generated',
  );
  return { inserted };
}

/** Rows a preview shows at most: enough to judge the values, few enough to read. */
export const MAX_PREVIEW = 20;

/**
 * The first `count` rows that generate() with the same seed would insert right now (the same row
 * numbers, so unique fields get the same suffixes); nothing is written.
 */
export async function generatePreview(
  engine: Engine,
  table: string,
  count: number,
  seed: number,
): Promise<{ rows: Record<string, unknown>[]; notes?: string[] }> {
  checkCount(count, MAX_PREVIEW);
  const { store, schema } = storeFor(engine, table);
  const pools = await referencePools(engine, schema);
  const rows = await generateRows(
    schema,
    count,
    Number.isFinite(seed) ? seed : 1,
    await store.count(),
    undefined,
    pools.values,
    await uniqueFloors(store, schema),
  );
  return pools.notes.length > 0 ? { rows, notes: pools.notes } : { rows };
}

/** An import's plan with the rows whose references name no record moved among the bad ones. */
async function planChecked(engine: Engine, schema: SchemaModel, request: ImportRequest, slicer: TimeSlicer) {
  const plan = await planImportSliced(schema, request.text, request.format, request.mapping, slicer);
  const { good, bad } = await splitByReferences(liveStores(engine), schema, plan.rows, slicer);
  if (bad.length === 0) return plan;
  return { ...plan, rows: good, bad: [...plan.bad, ...bad].sort((a, b) => a.row - b.row) };
}

export async function previewImport(engine: Engine, request: ImportRequest): Promise<ImportPreview> {
  const { schema } = storeFor(engine, request.table);
  const plan = await planChecked(engine, schema, request, new TimeSlicer());
  return {
    columns: plan.columns,
    mapping: plan.mapping,
    total: plan.total,
    good: plan.rows.length,
    bad: plan.bad,
    sample: plan.rows.slice(0, 5).map((r) => r.record),
  };
}

export async function importRows(
  engine: Engine,
  request: ImportRequest,
): Promise<{ inserted: number; skipped: BadRow[] }> {
  const { inserted, bad } = await makeAndInsert(engine, request.table, (_store, schema, slicer) =>
    planChecked(engine, schema, request, slicer),
  );
  return { inserted, skipped: bad };
}

export async function exportTable(
  engine: Engine,
  table: string,
  format: DataFormat,
): Promise<{ text: string; filename: string }> {
  const { store, schema } = storeFor(engine, table);
  return { text: exportRows(schema, await allRows(store, schema), format), filename: `${table}.${format}` };
}

export async function saveSeed(session: StudioSession, table: string): Promise<{ rows: number }> {
  const { store, schema } = storeFor(session.engine, table);
  const count = await store.count();
  if (count > MAX_SEED_ROWS)
    throw new DomainError(
      'invalid',
      `'${table}' has ${count} rows; a seed section keeps at most ${MAX_SEED_ROWS}. Delete some rows first.`,
    );
  const rows = await allRows(store, schema);
  const { applied, problems } = await session.saveFromApp(withSeedRows(session.text, schema.name, rows));
  if (!applied)
    throw new DomainError(
      'invalid',
      `The config with these seed rows is not valid: ${problems[0]?.message ?? 'unknown problem'}`,
    );
  return { rows: rows.length };
}

export async function resetToSeed(engine: Engine, table: string): Promise<{ rows: number }> {
  const { schema } = storeFor(engine, table);
  const counts = await engine.reset(schema.name);
  return { rows: counts[schema.table] ?? 0 };
}
