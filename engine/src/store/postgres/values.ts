/**
 * Values on their way into PostgreSQL: record values as bound parameters, path values (text) as the
 * column's type reads them, and the key rules a create and an update share with the SQLite store.
 */
import { storedDateTime } from '../../../../shared/src/field-types.js';
import { fromText } from '../../../../shared/src/field-text.js';
import type { FieldModel, SchemaModel } from '../../model/service-model.js';
import { createdFields, wellFormed } from '../key-values.js';
import { CAST, expectedType, ident } from './sql.js';

type Row = Record<string, unknown>;
export type PgValue = string | number | boolean | null;

/** The cast a field's value is bound with (`$1::bigint`); an auto id's column type decides. */
export const castOf = (field: FieldModel): string =>
  field.autoId === 'integer' ? 'bigint' : field.autoId === 'uuid' ? 'text' : CAST[field.type];

/** The value as the column stores it: json fields as their JSON text, strings well-formed. */
export function pgValue(field: FieldModel, value: unknown): PgValue {
  if (value === null || value === undefined) return null;
  if (field.type === 'json' && field.autoId === undefined) return JSON.stringify(value);
  // Stored as UTC to the millisecond, so text order is instant order (README, "Datetimes").
  if (field.type === 'datetime' && typeof value === 'string') return storedDateTime(value) ?? wellFormed(value);
  if (typeof value === 'string') return wellFormed(value);
  return value as number | boolean;
}

/** The fields a create writes for `record` (see `createdFields`, which fills `record`) and their values for PostgreSQL. */
export function insertValues(schema: SchemaModel, record: Row): { fields: readonly FieldModel[]; values: PgValue[] } {
  const fields = createdFields(schema, record);
  return { fields, values: fields.map((f) => pgValue(f, record[f.name])) };
}

/**
 * `column = $n` for a value given as text (a path parameter), read as the column's type reads it
 * on SQLite: a number column compares the decimal number the text names (`/users/7.0` is id 7), a
 * boolean column 1 or 0, a text column the text as it is. Text that names no value of the type
 * (`abc` or `7.5` for an integer key) matches nothing: FALSE, never a cast error.
 */
export function textCondition(field: FieldModel, raw: string, params: PgValue[], column = ident(field.name)): string {
  const type = expectedType(field);
  if (type === 'text') {
    // PostgreSQL text cannot hold NUL, so no stored value equals it.
    if (raw.includes('\u0000')) return 'FALSE';
    params.push(raw);
    return `${column} = $${params.length}::text`;
  }
  const converted = fromText('number', raw);
  const n = converted.ok && typeof converted.value === 'number' ? converted.value : undefined;
  if (n === undefined) return 'FALSE';
  if (type === 'bigint') {
    if (!Number.isSafeInteger(n)) return 'FALSE';
    params.push(n);
    return `${column} = $${params.length}::bigint`;
  }
  if (type === 'boolean') {
    if (n !== 0 && n !== 1) return 'FALSE';
    params.push(n === 1);
    return `${column} = $${params.length}::boolean`;
  }
  params.push(n);
  return `${column} = $${params.length}::float8`;
}

/** Conditions for "the columns equal these path values", joined with AND. */
export function keyConditions(
  schema: SchemaModel,
  columns: readonly string[],
  values: readonly string[],
  params: PgValue[],
): string {
  return columns
    .map((column, i) => textCondition(schema.fieldMap.get(column) as FieldModel, values[i] as string, params))
    .join(' AND ');
}

/** A location value as the field's type has it (the column comes back as text, so cached plans keep their result type). */
export function locationValue(field: FieldModel | undefined, text: unknown): unknown {
  if (text === null || text === undefined || !field) return text;
  if (castOf(field) === 'bigint' || castOf(field) === 'float8') return Number(text);
  if (castOf(field) === 'boolean') return text === 'true';
  return text;
}
