/**
 * Converting a column to a field's new type, in SQL that never fails: each expression gives the
 * value in the new type, or NULL when the old value has none (text `abc` for an integer). The
 * migration converts in place when no value would be lost, and otherwise keeps the old column (renamed,
 * hidden) next to a new one, so no data is ever dropped.
 */
import type { FieldType } from '../../../../shared/src/config-schema.js';
import { ident } from './sql.js';

/** What kind of values a PostgreSQL column holds. */
export type ColumnKind = 'int' | 'float' | 'bool' | 'text';

export function columnKind(pgType: string): ColumnKind {
  if (/^(bigint|integer|smallint)$/.test(pgType)) return 'int';
  if (/^(double precision|real|numeric)/.test(pgType)) return 'float';
  if (pgType === 'boolean') return 'bool';
  return 'text';
}

/** A helper the text-to-json conversion needs (PostgreSQL 15 has no test for valid JSON text). */
export const IS_JSON_FUNCTION = '_mockyard_is_json';

export const isJsonFunctionSql = (pgSchema: string): string =>
  `CREATE OR REPLACE FUNCTION ${ident(pgSchema)}.${IS_JSON_FUNCTION}(t text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN PERFORM t::json; RETURN true; EXCEPTION WHEN others THEN RETURN false; END $$`;

/** ASCII white space, as field-text.ts trims it; the decimal form SQLite reads as a number. */
const SPACE = String.raw`E' \t\n\r\f\v'`;
const DECIMAL = String.raw`'^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,4})?$'`;

/** Text as a numeric, or NULL when it is not a decimal number. */
const numeric = (c: string): string =>
  `(CASE WHEN btrim(${c}, ${SPACE}) ~ ${DECIMAL} THEN btrim(${c}, ${SPACE})::numeric END)`;

const toBigint = (n: string): string => `(CASE WHEN ${n} = trunc(${n}) AND abs(${n}) < 9.2e18 THEN ${n}::bigint END)`;
const toFloat = (n: string): string =>
  `(CASE WHEN ${n} = 0 OR abs(${n}) BETWEEN 1e-307 AND 1e308 THEN ${n}::float8 END)`;

/**
 * The expression converting column `c` (holding `from` values) to field type `to`. Booleans become
 * 1 and 0 as text, as SQLite (which stores them so) converts them; text becomes JSON when it is
 * valid JSON, else a JSON string.
 */
export function conversion(c: string, from: ColumnKind, to: FieldType, pgSchema: string): string {
  switch (to) {
    case 'integer':
      if (from === 'int') return c;
      if (from === 'bool') return `${c}::int::bigint`;
      return toBigint(from === 'float' ? c : numeric(c));
    case 'number':
      if (from === 'int' || from === 'float') return `${c}::float8`;
      if (from === 'bool') return `${c}::int::float8`;
      return toFloat(numeric(c));
    case 'boolean':
      if (from === 'bool') return c;
      if (from === 'text')
        return `(CASE lower(btrim(${c}, ${SPACE})) WHEN 'true' THEN true WHEN '1' THEN true WHEN 'false' THEN false WHEN '0' THEN false END)`;
      return `(CASE WHEN ${c} = 1 THEN true WHEN ${c} = 0 THEN false END)`;
    case 'json':
      if (from === 'text')
        return `(CASE WHEN ${ident(pgSchema)}.${IS_JSON_FUNCTION}(${c}) THEN ${c} ELSE to_json(${c})::text END)`;
      return from === 'bool' ? `(CASE WHEN ${c} THEN '1' ELSE '0' END)` : `${c}::text`;
    default:
      // string, datetime
      return from === 'bool' ? `(CASE WHEN ${c} THEN '1' ELSE '0' END)` : from === 'text' ? c : `${c}::text`;
  }
}
