/**
 * Rows written together (an import, a restore, a generated batch) keep references as a single
 * create does: the same check and message, with the records found remembered across the rows, and
 * a reference to a row of the same batch (a manager restored with the people who report to them)
 * counted as found. Schemas without references are written as before, with nothing looked up.
 */
import type { BadRow } from '../../../shared/src/studio-contract.js';
import { DomainError } from '../domain-error.js';
import type { SchemaModel } from '../model/service-model.js';
import type { TableStore } from '../store/store.js';
import { TimeSlicer } from '../time-slice.js';
import { checkReferences, knownKey, referencingFields } from './references.js';

/** Checks one record's references, as a create or update is checked. */
export type ReferenceCheck = (record: unknown) => Promise<void>;

/** The check for writes to `schema` together with `writing`, or undefined when it has no references. */
export function batchReferenceCheck(
  stores: ReadonlyMap<string, TableStore>,
  schema: SchemaModel,
  writing: readonly unknown[] = [],
): ReferenceCheck | undefined {
  const fields = referencingFields(schema);
  if (fields.length === 0) return undefined;
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
 * these, as it skips a row of the wrong type, with the same message as the reason). Runs in slices.
 */
export async function splitByReferences<T extends { row: number; record: unknown }>(
  stores: ReadonlyMap<string, TableStore>,
  schema: SchemaModel,
  rows: readonly T[],
  slicer = new TimeSlicer(),
): Promise<{ good: T[]; bad: BadRow[] }> {
  const check = batchReferenceCheck(
    stores,
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
      if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
      bad.push({ row: row.row, reason: err.message });
    }
  }
  return { good, bad };
}
