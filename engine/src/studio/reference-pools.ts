/**
 * What "Generate N rows" puts in reference fields: values picked among the records that exist, so
 * every generated reference holds (the API would refuse any other). A referenced table with no
 * records leaves an optional reference empty and refuses a required one, saying which table to fill.
 */
import type { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../list/list-query.js';

/** Records a reference is picked among at most (the first ones, in insertion order). */
export const MAX_POOL = 10_000;

export interface ReferencePools {
  /** Field name → the referenced values to pick from (empty: the field is left empty). */
  values: Map<string, unknown[]>;
  /** What the preview says about each reference field. */
  notes: string[];
}

export async function referencePools(engine: Engine, schema: SchemaModel): Promise<ReferencePools> {
  const pools: ReferencePools = { values: new Map(), notes: [] };
  for (const field of schema.fields) {
    const reference = field.references;
    const target = reference && engine.tableStore(reference.schema);
    if (!reference || !target) continue;
    const query = parseListQuery(target.schema, undefined, []);
    query.limit = Math.min(await target.count(), MAX_POOL);
    const records = query.limit > 0 ? (JSON.parse((await target.list(query)).body) as Record<string, unknown>[]) : [];
    const values = records.map((r) => r[reference.field]).filter((v) => v !== null && v !== undefined);
    const table = target.schema.table;
    if (values.length === 0 && field.required)
      throw new DomainError(
        'invalid',
        `Field '${field.name}' references ${reference.schema}, but ${table} has no rows to pick from: add or generate ${table} first.`,
        { field: field.name },
      );
    pools.values.set(field.name, values);
    pools.notes.push(
      values.length === 0
        ? `${field.name} is left empty: ${table} has no rows to reference.`
        : `${field.name} picks one of the ${values.length === 1 ? `1 ${reference.field}` : `${values.length} ${reference.field}s`} of ${table}${values.length === MAX_POOL ? ' (the first ones)' : ''}.`,
    );
  }
  return pools;
}
