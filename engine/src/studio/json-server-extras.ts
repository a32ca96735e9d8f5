/**
 * The data browser in json-server mode shows records as json-server shows them: the column that
 * holds the fields a write sent that the db.json never had (EXTRA_FIELD) is not a column of its own;
 * its fields are spread into the rows and named, for the grid to show (read-only) beside the declared ones.
 */
import type { TableInfo } from '../../../shared/src/studio-values.js';
import type { Engine } from '../engine.js';
import { EXTRA_FIELD, spreadExtras } from '../json-server/extra-fields.js';
import type { SchemaModel } from '../model/service-model.js';

/** Undefined outside json-server mode (a YAML config's `_extra` field is an ordinary field there). */
export function jsonServerExtras(engine: Engine): { table(info: TableInfo): TableInfo } | undefined {
  const model = engine.model;
  if (!model?.server.jsonServer) return undefined;
  return {
    table: (info) => {
      const schema = model.schemas.get(info.schema);
      if (!schema?.fieldMap.has(EXTRA_FIELD)) return info;
      return { ...info, fields: info.fields.filter((f) => f.name !== EXTRA_FIELD), extras: true };
    },
  };
}

/** The field type a value shows as: text, numbers and booleans as such, anything else as json. */
function typeOf(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return 'json';
}

/** Two values' common type: a field holding both integers and fractions is a number; any other mix is json. */
export function widenExtraType(a: string, b: string): string {
  if (a === b) return a;
  return (a === 'integer' || a === 'number') && (b === 'integer' || b === 'number') ? 'number' : 'json';
}

/**
 * A page of `schema`'s rows with their extras spread (declared fields win), and the extra fields
 * they hold in first-seen order, each with the type its non-null values share.
 */
export function spreadRowExtras(
  engine: Engine,
  schema: SchemaModel,
  rows: Record<string, unknown>[],
): { rows: Record<string, unknown>[]; extraFields?: { name: string; type: string }[] } {
  if (!engine.model?.server.jsonServer || !schema.fieldMap.has(EXTRA_FIELD)) return { rows };
  const types = new Map<string, string | undefined>();
  const spread = rows.map((row) => {
    const out = spreadExtras(row) as Record<string, unknown>;
    for (const [name, value] of Object.entries(out)) {
      if (schema.fieldMap.has(name)) continue;
      const seen = types.get(name);
      const type = value === null ? undefined : typeOf(value);
      types.set(name, seen === undefined ? type : type === undefined ? seen : widenExtraType(seen, type));
    }
    return out;
  });
  return { rows: spread, extraFields: [...types].map(([name, type]) => ({ name, type: type ?? 'json' })) };
}
