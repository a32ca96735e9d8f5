import { LIST_PARAM } from '../../../shared/src/list-dialect.js';
import type { TableInfo, TableQuery, TableRows } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { type ListNote, listNoteText, parseListQuery } from '../list/list-query.js';
import { sortKey } from '../list/list-sort.js';
import type { TableStore } from '../store/store.js';
import type { SchemaRecords } from '../records/schema-records.js';
import { jsonServerExtras, spreadRowExtras } from './json-server-extras.js';

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
  const extras = jsonServerExtras(engine);
  const tables = live.map((t) => ({ ...t, rows: rows.get(t.table) ?? 0, orphaned: false }));
  return [...tables.map((t) => (extras ? extras.table(t) : t)), ...orphans];
}

/** The live records of a table, by its name; `not_found` when the applied config has no such table. */
export function recordsFor(engine: Engine, table: string): SchemaRecords {
  const records = engine.records;
  if (!records) throw new DomainError('not_found', `No table '${table}' in the live config.`);
  return records.table(table);
}

/** A table's store and schema, for the studio's data tools (imports, exports, generated rows). */
export function storeFor(engine: Engine, table: string): { store: TableStore; schema: SchemaModel } {
  const { store, schema } = recordsFor(engine, table);
  return { store, schema };
}

/** Calls over HTTP are untyped JSON: a missing or fractional number must be a clear 400, not a SQLite error. */
function wholeNumber(call: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new DomainError(
      'invalid',
      `${call} needs a whole number for '${name}', not ${JSON.stringify(value) ?? 'nothing'}.`,
    );
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
  const records = recordsFor(engine, query.table);
  const { schema } = records;
  if (query.sort) await engine.store?.ensureSortIndex?.(schema, query.sort.field);
  // The filter box speaks the list endpoints' dialect; the grid's sort and window are typed and go
  // into the typed query as they are (the grid pages itself, so the box's own paging is dropped).
  const params = new URLSearchParams(query.filter ?? '');
  params.delete(LIST_PARAM.page);
  params.delete(LIST_PARAM.limit);
  const list = parseListQuery(schema, params, []);
  if (query.sort) list.sort = [sortKey(schema, query.sort.field, query.sort.descending === true)];
  list.limit = Math.max(0, Math.min(limit, 1000));
  list.offset = Math.max(0, offset);
  // The first page counts the matching rows; the grid's later pages reuse that count while the
  // table is unchanged, so scrolling a large filtered table does not count it again each time.
  const cache = totalsFor(engine);
  const key = `${schema.table}\u0000${params.toString()}`;
  const { body, total } = await records.list(list, list.offset > 0 ? cache.get(key) : undefined);
  cache.set(key, total);
  const page = spreadRowExtras(engine, schema, JSON.parse(body) as Record<string, unknown>[]);
  return list.notes.length
    ? { ...page, total, notes: list.notes.map((n) => filterNote(schema, n)) }
    : { ...page, total };
}

/**
 * A page of a table a removed schema left behind, as stored, for reading: the README promises its
 * data read-only. No schema says what its fields mean, so filter and sort are off (a note says so).
 */
async function orphanPage(engine: Engine, query: TableQuery, offset: number, limit: number): Promise<TableRows> {
  const database = engine.store;
  const live = engine.tables().map((t) => t.table);
  const stored = database && (await database.tables(live)).find((t) => t.table === query.table && t.columns);
  if (!database || !stored) throw new DomainError('not_found', `No table '${query.table}' in the live config.`);
  const rows = await database.orphanRows(stored.table, Math.max(0, offset), Math.max(0, Math.min(limit, 1000)));
  const filtered = (query.filter ?? '') !== '' || query.sort !== undefined;
  return filtered
    ? { rows, total: stored.rows, notes: [`${stored.table} has no schema in the config: filter and sort are off.`] }
    : { rows, total: stored.rows };
}

/**
 * A note of the list query as the filter box shows it: an ignored parameter (a typo such as
 * `nmae=ann`, which would otherwise show every row) says which fields there are. Any other note
 * is worded as the request log words it.
 */
function filterNote(schema: SchemaModel, note: ListNote): string {
  if (note.kind !== 'unknown_param') return listNoteText(schema, note);
  const fields = schema.fields.map((f) => f.name).join(', ');
  return `'${note.param}' is not a field of ${schema.table}, so it was ignored; fields: ${fields}.`;
}

const parsed = (json: string): Record<string, unknown> => JSON.parse(json) as Record<string, unknown>;

export async function insertRow(
  engine: Engine,
  table: string,
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return parsed((await recordsFor(engine, table).create(row)).json);
}

export async function updateRow(
  engine: Engine,
  table: string,
  key: string | number,
  changes: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const records = recordsFor(engine, table);
  const column = records.keyColumn();
  const json = await records.update({ columns: [column], values: [String(key)] }, changes, 'patch');
  if (json === undefined) throw new DomainError('not_found', `No row with ${column} ${key} in '${table}'.`);
  return parsed(json);
}

/** Deletes the rows with these keys in one transaction (all or none), applying `onDelete` as the API does. */
export async function deleteRows(
  engine: Engine,
  table: string,
  keys: (string | number)[],
): Promise<{ deleted: number; rows: Record<string, unknown>[] }> {
  // A string is iterable too: { keys: "12" } must not delete rows 1 and 2.
  if (!Array.isArray(keys)) throw new DomainError('invalid', 'tables.delete needs { keys: [...] }, a list of keys.');
  const records = recordsFor(engine, table);
  const rows = await records.deleteMany(records.keyColumn(), keys.map(String));
  return { deleted: rows.length, rows: rows.map(parsed) };
}
