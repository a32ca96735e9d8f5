import type { FieldType } from '../../../../shared/src/config-schema.js';
import type { Connection } from './connection.js';
import { META_TABLE } from './sql.js';

export interface ColumnInfo {
  name: string;
  /** As format_type() names it: bigint, double precision, boolean, text... */
  type: string;
  notNull: boolean;
  identity: boolean;
  primaryKey: boolean;
}

export interface TableInfo {
  columns: ColumnInfo[];
  /** The table's primary key constraint, whichever column it is on. */
  primaryKey: string | undefined;
  indexes: Set<string>;
  /** The field type each column was last migrated to (the `_mockyard_fields` table). */
  recorded: Map<string, FieldType>;
}

/** What the migration needs to know of a PostgreSQL schema, read in three queries. */
export interface SchemaCatalog {
  schemaExists: boolean;
  tables: Map<string, TableInfo>;
}

export async function readCatalog(connection: Connection, pgSchema: string): Promise<SchemaCatalog> {
  const exists = await connection.query('SELECT 1 FROM pg_namespace WHERE nspname = $1::text', [pgSchema]);
  const catalog: SchemaCatalog = { schemaExists: exists.length > 0, tables: new Map() };
  if (!catalog.schemaExists) return catalog;
  const columns = await connection.query(
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity <> '',
            coalesce(a.attnum = ANY(pk.conkey), false), pk.conname
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       LEFT JOIN pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'
      WHERE n.nspname = $1::text AND c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
    [pgSchema],
  );
  const table = (name: string): TableInfo => {
    let info = catalog.tables.get(name);
    if (!info) {
      info = { columns: [], primaryKey: undefined, indexes: new Set(), recorded: new Map() };
      catalog.tables.set(name, info);
    }
    return info;
  };
  for (const [relname, name, type, notNull, identity, primaryKey, pkName] of columns) {
    const info = table(relname as string);
    info.columns.push({
      name: name as string,
      type: type as string,
      notNull: notNull as boolean,
      identity: identity as boolean,
      primaryKey: primaryKey as boolean,
    });
    info.primaryKey = (pkName as string | null) ?? undefined;
  }
  const indexes = await connection.query('SELECT tablename, indexname FROM pg_indexes WHERE schemaname = $1::text', [
    pgSchema,
  ]);
  for (const [tablename, indexname] of indexes)
    catalog.tables.get(tablename as string)?.indexes.add(indexname as string);
  if (catalog.tables.has(META_TABLE)) {
    const recorded = await connection.query(
      `SELECT table_name, column_name, field_type FROM "${pgSchema.replace(/"/g, '""')}".${META_TABLE}`,
    );
    for (const [t, column, type] of recorded)
      catalog.tables.get(t as string)?.recorded.set(column as string, type as FieldType);
  }
  return catalog;
}
