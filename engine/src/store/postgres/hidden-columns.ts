import type { HiddenColumns } from '../../../../shared/src/studio-values.js';
import { DomainError } from '../../domain-error.js';
import type { SchemaModel } from '../../model/service-model.js';
import { readCatalog } from './catalog.js';
import type { Connection } from './connection.js';
import { advisoryKey, ident, META_TABLE, qualified, SEQ_COLUMN } from './sql.js';

const PG_TYPE: Record<string, string> = {
  bigint: 'integer',
  integer: 'integer',
  'double precision': 'number',
  numeric: 'number',
  boolean: 'boolean',
  text: 'string',
  jsonb: 'json',
};

async function hiddenOf(
  db: Connection,
  pgSchema: string,
  schema: SchemaModel,
): Promise<{ name: string; type: string; bigint: boolean }[]> {
  const info = (await readCatalog(db, pgSchema)).tables.get(schema.table);
  if (!info) return [];
  return info.columns
    .filter((c) => c.name !== SEQ_COLUMN && !schema.fieldMap.has(c.name))
    .map((c) => ({
      name: c.name,
      type: info.recorded.get(c.name) ?? PG_TYPE[c.type] ?? 'json',
      bigint: c.type === 'bigint',
    }));
}

/** pg hands bigints over as text; one in the safe range is shown as the number it is, as the API shows it. */
function integerOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** The hidden columns of a live table (see Store.hiddenColumns). */
export async function hiddenColumns(
  db: Connection,
  pgSchema: string,
  schema: SchemaModel,
  limit: number,
): Promise<HiddenColumns> {
  const hidden = await hiddenOf(db, pgSchema, schema);
  const t = qualified(pgSchema, schema.table);
  const counted = await db.query(
    `SELECT count(*)${hidden.map((c) => `, count(${ident(c.name)})`).join('')} FROM ${t}`,
    [],
    { retry: true },
  );
  const [total, ...values] = (counted[0] ?? []).map(Number);
  if (hidden.length === 0) return { columns: [], rows: [], total: total ?? 0 };
  const names = [...(schema.idField ? [schema.idField.name] : []), ...hidden.map((c) => c.name)];
  const order = schema.idField ? ident(schema.idField.name) : '1';
  const bigints = new Set(hidden.filter((c) => c.bigint).map((c) => c.name));
  if (schema.idField?.autoId === 'integer') bigints.add(schema.idField.name);
  const rows = await db.query(`SELECT ${names.map(ident).join(', ')} FROM ${t} ORDER BY ${order} LIMIT $1`, [limit], {
    retry: true,
  });
  return {
    columns: hidden.map((c, i) => ({ name: c.name, type: c.type, values: values[i] ?? 0 })),
    rows: rows.map((row) =>
      Object.fromEntries(names.map((name, i) => [name, bigints.has(name) ? integerOf(row[i]) : row[i]])),
    ),
    total: total ?? 0,
  };
}

/** Drops a hidden column (see Store.dropHiddenColumn); its indexes go with it. */
export async function dropHiddenColumn(
  db: Connection,
  pgSchema: string,
  schema: SchemaModel,
  column: string,
): Promise<number> {
  return db.transaction(async () => {
    // Under the replicas' lock: a replica migrating this table at the same time sees the column or not, never half.
    await db.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey(pgSchema)]);
    if (!(await hiddenOf(db, pgSchema, schema)).some((c) => c.name === column))
      throw new DomainError('not_found', `Table '${schema.table}' has no hidden column '${column}'.`);
    const t = qualified(pgSchema, schema.table);
    const counted = await db.query(`SELECT count(${ident(column)}) FROM ${t}`);
    await db.exec(`ALTER TABLE ${t} DROP COLUMN ${ident(column)}`);
    await db.query(
      `DELETE FROM ${qualified(pgSchema, META_TABLE)} WHERE table_name = $1::text AND column_name = $2::text`,
      [schema.table, column],
    );
    return Number(counted[0]?.[0]);
  });
}
