/**
 * The studio's writes (a cell edit, a new row, an import, a restore, a delete) keep references as
 * the API's do: the same check (http/relations.ts checkReferences, with the API's 400 message) and
 * the same `onDelete`. Schemas without references are written as before, with nothing looked up.
 */
import type { BadRow } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { HttpError } from '../http-error.js';
import { checkReferences, knownKey, referencingFields } from '../http/relations.js';
import type { SchemaModel } from '../model/service-model.js';
import type { TableStore } from '../store/store.js';
import { TimeSlicer } from '../time-slice.js';

/** Every live table's store by schema name, as the HTTP runtime holds them. */
export function liveStores(engine: Engine): Map<string, TableStore> {
  const stores = new Map<string, TableStore>();
  for (const name of engine.model?.schemas.keys() ?? []) {
    const store = engine.tableStore(name);
    if (store) stores.set(name, store);
  }
  return stores;
}

/** Checks one record's references, as a create or update over HTTP is checked. */
export type ReferenceCheck = (record: unknown) => Promise<void>;

/**
 * The check for writes to `schema`, or undefined when it has no references. `writing` are rows
 * written together with the checked ones (an import, a restore): a reference to one of them (a
 * manager restored with the people who report to them) counts as found.
 */
export function referenceCheck(
  engine: Engine,
  schema: SchemaModel,
  writing: readonly unknown[] = [],
): ReferenceCheck | undefined {
  const fields = referencingFields(schema);
  if (fields.length === 0) return undefined;
  const stores = liveStores(engine);
  const known = new Set<string>();
  const selfTargets = fields.flatMap((f) => (f.references?.schema === schema.name ? [f.references.field] : []));
  for (const row of selfTargets.length > 0 ? writing : []) {
    if (row === null || typeof row !== 'object') continue;
    for (const field of selfTargets) {
      const value = (row as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) known.add(knownKey(schema.name, field, value));
    }
  }
  return (record) => checkReferences(stores, fields, record, [], known);
}

/**
 * Splits numbered rows into those whose references hold and those whose do not (an import skips
 * these, as it skips a row of the wrong type, with the API's message as the reason). Runs in slices.
 */
export async function splitByReferences<T extends { row: number; record: unknown }>(
  engine: Engine,
  schema: SchemaModel,
  rows: readonly T[],
  slicer = new TimeSlicer(),
): Promise<{ good: T[]; bad: BadRow[] }> {
  const check = referenceCheck(
    engine,
    schema,
    rows.map((r) => r.record),
  );
  if (!check) return { good: [...rows], bad: [] };
  const good: T[] = [];
  const bad: BadRow[] = [];
  for (const row of rows) {
    await slicer.pause();
    try {
      await check(row.record);
      good.push(row);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 400) throw err;
      bad.push({ row: row.row, reason: err.message });
    }
  }
  return { good, bad };
}
