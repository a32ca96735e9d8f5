import type { FieldType } from '../../../../shared/src/config-schema.js';
import type { FieldModel, RelationModel, SchemaModel } from '../../model/service-model.js';

/** Identifiers come only from validated schema and field names; quoting keeps keywords safe. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** SQLite column affinity per field type. */
export const AFFINITY: Record<FieldType, string> = {
  integer: 'INTEGER',
  number: 'NUMERIC',
  boolean: 'INTEGER',
  string: 'TEXT',
  datetime: 'TEXT',
  json: 'TEXT',
};

/** The SQL expression giving a field's JSON value, typed right: booleans as true/false, json as JSON. */
function jsonValueExpr(field: FieldModel): string {
  const col = ident(field.name);
  switch (field.type) {
    case 'boolean':
      return `CASE WHEN ${col} IS NULL THEN NULL WHEN ${col} THEN json('true') ELSE json('false') END`;
    case 'json':
      // A value left over from an earlier field type may not be JSON; show it as text instead of failing.
      return `CASE WHEN json_valid(${col}) THEN json(${col}) ELSE ${col} END`;
    default:
      return col;
  }
}

/** `json_object('id', "id", ...)`: SQLite serialises the record, so rows never become JS objects. */
export function recordJsonExpr(schema: SchemaModel): string {
  return `json_object(${schema.fields.map((f) => `'${f.name}', ${jsonValueExpr(f)}`).join(', ')})`;
}

/** The alias of the table whose records get related ones added (a relation may point back at the same table). */
export const OUTER = ident('_mockyard_row');

/**
 * The record's JSON with its related records added by `_expand` (the record, or null) and `_embed`
 * (an array, in insertion order), each found by a subquery on the related table's indexed column:
 * the page and its relations are one statement. `json` is the row's record expression, its table
 * aliased `OUTER`.
 */
export function relationsJsonExpr(json: string, relations: readonly RelationModel[]): string {
  let expr = json;
  for (const r of relations) {
    const match = `${ident(r.otherColumn)} = ${OUTER}.${ident(r.column)}`;
    const other = `${ident(r.other.table)}`;
    const value =
      r.kind === 'expand'
        ? `(SELECT ${recordJsonExpr(r.other)} FROM ${other} WHERE ${match} LIMIT 1)`
        : `(SELECT json_group_array(json(j)) FROM (SELECT ${recordJsonExpr(r.other)} AS j FROM ${other} WHERE ${match} ORDER BY rowid))`;
    expr = `json_set(${expr}, '$."${r.name}"', json(${value}))`;
  }
  return expr;
}

export function columnDefinition(field: FieldModel): string {
  // AUTOINCREMENT: an id is never given again after its record is deleted (a reference to it would
  // name an unrelated record), as PostgreSQL's identity never does.
  if (field.autoId === 'integer') return `${ident(field.name)} INTEGER PRIMARY KEY AUTOINCREMENT`;
  if (field.autoId === 'uuid') return `${ident(field.name)} TEXT PRIMARY KEY NOT NULL`;
  return `${ident(field.name)} ${AFFINITY[field.type]}`;
}

export const uniqueIndexName = (table: string, column: string): string => `mockyard_unique_${table}_${column}`;
export const lookupIndexName = (table: string, column: string): string => `mockyard_lookup_${table}_${column}`;
