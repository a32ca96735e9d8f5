import type { TableInfo, TableQuery, TableRows } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { HttpError } from '../http-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../store/list-query.js';
import { after, each, type TableStore } from '../store/store.js';
import { applyOnDelete, guardedEmbeds } from '../http/relations.js';
import { liveStores, referenceCheck } from './reference-guard.js';

/** Tables of the live config with row counts, plus tables left behind by removed schemas (read-only). */
export async function listTables(engine: Engine): Promise<TableInfo[]> {
  const store = engine.store;
  if (!store) return [];
  const live = engine.tables();
  const stored = await store.tables(live.map((t) => t.table));
  const rows = new Map(stored.map((t) => [t.table, t.rows]));
  const orphans = stored
    .filter((t) => t.columns)
    .map((t) => ({ schema: '', table: t.table, fields: t.columns ?? [], rows: t.rows, orphaned: true }));
  return [...live.map((t) => ({ ...t, rows: rows.get(t.table) ?? 0, orphaned: false })), ...orphans];
}

export function storeFor(engine: Engine, table: string): { store: TableStore; schema: SchemaModel } {
  const schema = [...(engine.model?.schemas.values() ?? [])].find((s) => s.table === table);
  const store = schema && engine.tableStore(schema.name);
  if (!schema || !store) throw new HttpError(404, `No table '${table}' in the live config.`);
  return { store, schema };
}

/** Calls over HTTP are untyped JSON: a missing or fractional number must be a clear 400, not a SQLite error. */
function wholeNumber(call: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new HttpError(400, `${call} needs a whole number for '${name}', not ${JSON.stringify(value) ?? 'nothing'}.`);
  }
  return value;
}

const totals = new WeakMap<Engine, Map<string, number>>();

/** Row counts per table and filter, forgotten when the table changes. */
function totalsFor(engine: Engine): Map<string, number> {
  let cache = totals.get(engine);
  if (!cache) {
    const fresh = new Map<string, number>();
    engine.on('tableChanged', ({ table }) => {
      for (const key of fresh.keys()) if (key.startsWith(`${table}\u0000`)) fresh.delete(key);
    });
    cache = fresh;
    totals.set(engine, fresh);
  }
  return cache;
}

/** A page of rows, with the list endpoint's filter syntax (`name_like=ann&age_gte=30`). */
export async function queryTable(engine: Engine, query: TableQuery): Promise<TableRows> {
  const offset = wholeNumber('tables.query', 'offset', query.offset);
  const limit = wholeNumber('tables.query', 'limit', query.limit);
  if (!engine.tables().some((t) => t.table === query.table)) return orphanPage(engine, query, offset, limit);
  const { store, schema } = storeFor(engine, query.table);
  if (query.sort) await engine.store?.ensureSortIndex?.(schema, query.sort.field);
  const params = new URLSearchParams(query.filter ?? '');
  params.delete('_page');
  params.delete('_limit');
  if (query.sort) params.set('_sort', `${query.sort.descending ? '-' : ''}${query.sort.field}`);
  const list = parseListQuery(schema, params, []);
  list.limit = Math.max(0, Math.min(limit, 1000));
  list.offset = Math.max(0, offset);
  // The first page counts the matching rows; the grid's later pages reuse that count while the
  // table is unchanged, so scrolling a large filtered table does not count it again each time.
  const cache = totalsFor(engine);
  const key = `${schema.table}\u0000${params.toString()}`;
  const { body, total } = await store.list(list, list.offset > 0 ? cache.get(key) : undefined);
  cache.set(key, total);
  const rows = JSON.parse(body) as Record<string, unknown>[];
  return list.notes.length ? { rows, total, notes: list.notes.map((n) => filterNote(schema, n)) } : { rows, total };
}

/**
 * A page of a table a removed schema left behind, as stored, for reading: the README promises its
 * data read-only. No schema says what its fields mean, so filter and sort are off (a note says so).
 */
async function orphanPage(engine: Engine, query: TableQuery, offset: number, limit: number): Promise<TableRows> {
  const database = engine.store;
  const live = engine.tables().map((t) => t.table);
  const stored = database && (await database.tables(live)).find((t) => t.table === query.table && t.columns);
  if (!database || !stored) throw new HttpError(404, `No table '${query.table}' in the live config.`);
  const rows = await database.orphanRows(stored.table, Math.max(0, offset), Math.max(0, Math.min(limit, 1000)));
  const filtered = (query.filter ?? '') !== '' || query.sort !== undefined;
  return filtered
    ? { rows, total: stored.rows, notes: [`${stored.table} has no schema in the config: filter and sort are off.`] }
    : { rows, total: stored.rows };
}

const IGNORED = /^ignored query parameter '(.*)' \(not a field of [^)]*\)$/;

/**
 * A note of the list query as the filter box shows it: an ignored parameter (a typo such as
 * `nmae=ann`, which would otherwise show every row) says which fields there are. The log keeps
 * the list query's own wording; any other note is passed on as it is.
 */
function filterNote(schema: SchemaModel, note: string): string {
  const param = IGNORED.exec(note)?.[1];
  if (param === undefined) return note;
  const fields = schema.fields.map((f) => f.name).join(', ');
  return `'${param}' is not a field of ${schema.table}, so it was ignored; fields: ${fields}.`;
}

const keyColumn = (schema: SchemaModel): string => {
  if (!schema.idField)
    throw new HttpError(400, `Table '${schema.table}' has no id field, so rows cannot be edited by key.`);
  return schema.idField.name;
};

export async function insertRow(
  engine: Engine,
  table: string,
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { store, schema } = storeFor(engine, table);
  await referenceCheck(engine, schema)?.(row);
  return JSON.parse((await store.create(row, [])).json) as Record<string, unknown>;
}

export async function updateRow(
  engine: Engine,
  table: string,
  key: string | number,
  changes: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { store, schema } = storeFor(engine, table);
  await referenceCheck(engine, schema)?.(changes);
  const json = await store.update([keyColumn(schema)], [String(key)], changes, 'patch');
  if (json === undefined) throw new HttpError(404, `No row with ${keyColumn(schema)} ${key} in '${table}'.`);
  return JSON.parse(json) as Record<string, unknown>;
}

export async function deleteRows(
  engine: Engine,
  table: string,
  keys: (string | number)[],
): Promise<{ deleted: number; rows: Record<string, unknown>[] }> {
  // A string is iterable too: { keys: "12" } must not delete rows 1 and 2.
  if (!Array.isArray(keys)) throw new HttpError(400, 'tables.delete needs { keys: [...] }, a list of keys.');
  const { store, schema } = storeFor(engine, table);
  const column = keyColumn(schema);
  const rows: Record<string, unknown>[] = [];
  const database = engine.store;
  if (!database) throw new HttpError(503, 'No database is open.');
  // `onDelete: cascade` or `restrict` of the records referencing these apply as on a DELETE over HTTP.
  const stores = guardedEmbeds(schema).length > 0 ? liveStores(engine) : undefined;
  // One transaction: all the rows go, or none (synchronous on SQLite, awaited on PostgreSQL).
  await database.transaction(() =>
    each(keys, (key) =>
      after(store.delete([column], [String(key)]), (json) => {
        if (json === undefined) return undefined;
        rows.push(JSON.parse(json) as Record<string, unknown>);
        return stores && applyOnDelete(stores, schema, json);
      }),
    ),
  );
  return { deleted: rows.length, rows };
}
