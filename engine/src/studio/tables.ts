import type { TableInfo, TableQuery, TableRows } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { HttpError } from '../http-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../store/list-query.js';
import { ident } from '../store/sql.js';
import type { TableStore } from '../store/table-store.js';

const INTERNAL = /^(sqlite_|_mockyard_|.*__mockyard_rebuild$)/;

/** Tables of the live config with row counts, plus tables left behind by removed schemas (read-only). */
export function listTables(engine: Engine): TableInfo[] {
  const db = engine.database;
  if (!db) return [];
  const live = engine.tables().map((t) => ({ ...t, rows: engine.tableStore(t.schema)?.count() ?? 0, orphaned: false }));
  const names = new Set(live.map((t) => t.table));
  const all = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  const orphans = all
    .filter((name) => !names.has(name) && !INTERNAL.test(name))
    .map((table) => {
      const columns = db.prepare(`PRAGMA table_info(${ident(table)})`).all() as { name: string; type: string }[];
      const rows = db
        .prepare(`SELECT count(*) FROM ${ident(table)}`)
        .pluck()
        .get() as number;
      return {
        schema: '',
        table,
        fields: columns.map((c) => ({ name: c.name, type: c.type.toLowerCase() })),
        rows,
        orphaned: true,
      };
    });
  return [...live, ...orphans];
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

/** Above this many rows, sorting the grid by a column gives that column an index first. */
const SORT_INDEX_ROWS = 10_000;

/**
 * Sorting a big table by a column without an index means sorting every row for every page the grid
 * asks for (0.7 s at a million rows); one index, made once, makes each page a short index walk.
 * An index holds no data of its own, so adding one loses nothing.
 */
function ensureSortIndex(engine: Engine, schema: SchemaModel, field: string, rows: number): void {
  const db = engine.database;
  if (!db || rows < SORT_INDEX_ROWS || !schema.fieldMap.has(field) || schema.fieldMap.get(field)?.autoId) return;
  db.exec(
    `CREATE INDEX IF NOT EXISTS ${ident(`mockyard_sort_${schema.table}_${field}`)} ON ${ident(schema.table)} (${ident(field)})`,
  );
}

/** A page of rows, with the list endpoint's filter syntax (`name_like=ann&age_gte=30`). */
export function queryTable(engine: Engine, query: TableQuery): TableRows {
  const offset = wholeNumber('tables.query', 'offset', query.offset);
  const limit = wholeNumber('tables.query', 'limit', query.limit);
  const { store, schema } = storeFor(engine, query.table);
  if (query.sort) ensureSortIndex(engine, schema, query.sort.field, store.count());
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
  const { body, total } = store.list(list, list.offset > 0 ? cache.get(key) : undefined);
  cache.set(key, total);
  const rows = JSON.parse(body) as Record<string, unknown>[];
  return list.notes.length ? { rows, total, notes: list.notes.map((n) => filterNote(schema, n)) } : { rows, total };
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

export function insertRow(engine: Engine, table: string, row: Record<string, unknown>): Record<string, unknown> {
  const { store } = storeFor(engine, table);
  return JSON.parse(store.create(row, []).json) as Record<string, unknown>;
}

export function updateRow(
  engine: Engine,
  table: string,
  key: string | number,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const { store, schema } = storeFor(engine, table);
  const json = store.update([keyColumn(schema)], [String(key)], changes, 'patch');
  if (json === undefined) throw new HttpError(404, `No row with ${keyColumn(schema)} ${key} in '${table}'.`);
  return JSON.parse(json) as Record<string, unknown>;
}

export function deleteRows(
  engine: Engine,
  table: string,
  keys: (string | number)[],
): { deleted: number; rows: Record<string, unknown>[] } {
  // A string is iterable too: { keys: "12" } must not delete rows 1 and 2.
  if (!Array.isArray(keys)) throw new HttpError(400, 'tables.delete needs { keys: [...] }, a list of keys.');
  const { store, schema } = storeFor(engine, table);
  const column = keyColumn(schema);
  const rows: Record<string, unknown>[] = [];
  engine.database?.transaction(() => {
    for (const key of keys) {
      const json = store.delete([column], [String(key)]);
      if (json !== undefined) rows.push(JSON.parse(json) as Record<string, unknown>);
    }
  })();
  return { deleted: rows.length, rows };
}
