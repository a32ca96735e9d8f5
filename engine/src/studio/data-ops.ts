import type { BadRow, DataFormat, ImportPreview, ImportRequest } from '../../../shared/src/studio-contract.js';
import { exportRows } from '../data/export.js';
import { generateRows } from '../data/generate.js';
import { planImport } from '../data/import.js';
import { withSeedRows } from '../data/seed-writer.js';
import type { Engine } from '../engine.js';
import { HttpError } from '../http-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../store/list-query.js';
import type { TableStore } from '../store/table-store.js';
import type { StudioSession } from './session.js';
import { storeFor } from './tables.js';

export const MAX_GENERATE = 100_000;
export const MAX_SEED_ROWS = 5_000;

/** Creates every row in one transaction: all rows go in, or (on any failure) none, naming the row that failed. */
function insertAll(engine: Engine, store: TableStore, rows: readonly { row: number; record: unknown }[]): number {
  const db = engine.database;
  if (!db) throw new HttpError(503, 'No database is open.');
  db.transaction(() => {
    for (const { row, record } of rows) {
      try {
        store.create(record, []);
      } catch (err) {
        const message = (err as Error).message;
        throw new HttpError(
          err instanceof HttpError ? err.status : 500,
          `Row ${row}: ${message} Nothing was imported.`,
        );
      }
    }
  })();
  return rows.length;
}

function allRows(store: TableStore, schema: SchemaModel): Record<string, unknown>[] {
  const query = parseListQuery(schema, undefined, []);
  query.limit = store.count();
  return JSON.parse(store.list(query).body) as Record<string, unknown>[];
}

export function restoreRows(engine: Engine, table: string, rows: Record<string, unknown>[]): { inserted: number } {
  const { store } = storeFor(engine, table);
  return {
    inserted: insertAll(
      engine,
      store,
      rows.map((record, i) => ({ row: i + 1, record })),
    ),
  };
}

function checkCount(count: number, max: number): void {
  if (!Number.isInteger(count) || count < 1 || count > max)
    throw new HttpError(400, `Generate between 1 and ${max} rows at a time.`);
}

export async function generate(
  engine: Engine,
  table: string,
  count: number,
  seed: number,
): Promise<{ inserted: number }> {
  checkCount(count, MAX_GENERATE);
  const { store, schema } = storeFor(engine, table);
  const rows = await generateRows(schema, count, Number.isFinite(seed) ? seed : 1, store.count());
  return {
    inserted: insertAll(
      engine,
      store,
      rows.map((record, i) => ({ row: i + 1, record })),
    ),
  };
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
): Promise<{ rows: Record<string, unknown>[] }> {
  checkCount(count, MAX_PREVIEW);
  const { store, schema } = storeFor(engine, table);
  return { rows: await generateRows(schema, count, Number.isFinite(seed) ? seed : 1, store.count()) };
}

export function previewImport(engine: Engine, request: ImportRequest): ImportPreview {
  const { schema } = storeFor(engine, request.table);
  const plan = planImport(schema, request.text, request.format, request.mapping);
  return {
    columns: plan.columns,
    mapping: plan.mapping,
    total: plan.total,
    good: plan.rows.length,
    bad: plan.bad,
    sample: plan.rows.slice(0, 5).map((r) => r.record),
  };
}

export function importRows(engine: Engine, request: ImportRequest): { inserted: number; skipped: BadRow[] } {
  const { store, schema } = storeFor(engine, request.table);
  const plan = planImport(schema, request.text, request.format, request.mapping);
  return { inserted: insertAll(engine, store, plan.rows), skipped: plan.bad };
}

export function exportTable(engine: Engine, table: string, format: DataFormat): { text: string; filename: string } {
  const { store, schema } = storeFor(engine, table);
  return { text: exportRows(schema, allRows(store, schema), format), filename: `${table}.${format}` };
}

export async function saveSeed(session: StudioSession, table: string): Promise<{ rows: number }> {
  const { store, schema } = storeFor(session.engine, table);
  const count = store.count();
  if (count > MAX_SEED_ROWS)
    throw new HttpError(
      400,
      `'${table}' has ${count} rows; a seed section keeps at most ${MAX_SEED_ROWS}. Delete some rows first.`,
    );
  const rows = allRows(store, schema);
  const { applied, problems } = await session.saveFromApp(withSeedRows(session.text, schema.name, rows));
  if (!applied)
    throw new HttpError(
      400,
      `The config with these seed rows is not valid: ${problems[0]?.message ?? 'unknown problem'}`,
    );
  return { rows: rows.length };
}

export function resetToSeed(engine: Engine, table: string): { rows: number } {
  const { schema } = storeFor(engine, table);
  const counts = engine.reset(schema.name);
  return { rows: counts[schema.table] ?? 0 };
}
