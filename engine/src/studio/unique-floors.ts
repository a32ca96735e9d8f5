import type { SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../list/list-query.js';
import type { TableStore } from '../store/store.js';

/**
 * The largest value of each unique integer field the table holds now (one indexed query per field),
 * so generated values start past it and never meet a value already there: with codes 7, 8 and 10
 * present, three generated rows get 11, 12 and 13. Fields with no rows yet are left out.
 */
export async function uniqueFloors(store: TableStore, schema: SchemaModel): Promise<Map<string, number>> {
  const floors = new Map<string, number>();
  for (const field of schema.fields) {
    if (!field.unique || field.type !== 'integer' || field.autoId !== undefined) continue;
    const query = parseListQuery(schema, new URLSearchParams({ _sort: field.name, _order: 'desc', _limit: '1' }), []);
    const [top] = JSON.parse((await store.list(query)).body) as Record<string, unknown>[];
    const value = top?.[field.name];
    if (typeof value === 'number') floors.set(field.name, value);
  }
  return floors;
}
