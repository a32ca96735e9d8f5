import { stringify } from 'csv-stringify/sync';
import type { SchemaModel } from '../model/service-model.js';
import { toCsvCell } from './csv-cell.js';

export type ExportFormat = 'csv' | 'json';

/** Rows as a file: a JSON array, or CSV with a header of the schema's fields (JSON fields as JSON text). */
export function exportRows(
  schema: SchemaModel,
  rows: readonly Record<string, unknown>[],
  format: ExportFormat,
): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  const header = schema.fields.map((f) => f.name);
  const body = rows.map((row) => schema.fields.map((f) => toCsvCell(f, row[f.name])));
  return stringify([header, ...body]);
}
