import { parse } from 'csv-parse/sync';
import { describeJsonValue } from '../../../shared/src/field-types.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { HttpError } from '../http-error.js';
import { checkRecord } from '../model/record-check.js';
import type { SchemaModel } from '../model/service-model.js';
import { fromCsvCell } from './csv-cell.js';

export type ImportFormat = 'csv' | 'json';
/** Source column → schema field, or null to leave the column out. */
export type ColumnMapping = Record<string, string | null>;

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface BadRow {
  /** 1-based: the data row (JSON) or the line in the file (CSV). */
  row: number;
  reason: string;
}

export interface ImportPlan {
  columns: string[];
  mapping: ColumnMapping;
  total: number;
  rows: { row: number; record: Record<string, unknown> }[];
  bad: BadRow[];
}

interface Parsed {
  columns: string[];
  records: { row: number; values: Record<string, unknown>; raw: boolean }[];
  errors: BadRow[];
}

function parseCsv(text: string): Parsed {
  const errors: BadRow[] = [];
  const out = parse(text, {
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    bom: true,
    info: true,
    skip_records_with_error: true,
    on_skip: (err: (Error & { lines?: number }) | undefined) => {
      if (err)
        errors.push({ row: err.lines ?? 0, reason: `Malformed CSV: ${err.message.replace(/ at line \d+$/, '')}` });
    },
  }) as { record: Record<string, string>; info: { lines: number; columns: { name: string }[] } }[];
  const first = out[0];
  const columns = first
    ? first.info.columns.map((c) => c.name)
    : (text.split(/\r?\n/, 1)[0] ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
  return { columns, records: out.map((r) => ({ row: r.info.lines, values: r.record, raw: true })), errors };
}

function parseJson(text: string): Parsed {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `The file is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new HttpError(400, 'A JSON import must be an array of objects, e.g. [{"name": "Ada"}].');
  const columns = new Set<string>();
  const errors: BadRow[] = [];
  const records: Parsed['records'] = [];
  data.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      errors.push({ row: i + 1, reason: 'Not an object.' });
      return;
    }
    for (const k of Object.keys(item)) columns.add(k);
    records.push({ row: i + 1, values: item as Record<string, unknown>, raw: false });
  });
  return { columns: [...columns], records, errors };
}

/** Each source column goes to the field of the same name (case-insensitive), others are left out. */
export function defaultMapping(schema: SchemaModel, columns: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const column of columns) {
    const field = schema.fields.find((f) => f.name.toLowerCase() === column.toLowerCase());
    mapping[column] = field ? field.name : null;
  }
  return mapping;
}

/**
 * Reads a CSV or JSON file and checks every row against the schema, as a POST would, plus
 * duplicates of unique fields within the file. Nothing is written.
 */
export function planImport(
  schema: SchemaModel,
  text: string,
  format: ImportFormat,
  mapping?: ColumnMapping,
): ImportPlan {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_IMPORT_BYTES) {
    throw new HttpError(
      413,
      `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; imports are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
    );
  }
  const parsed = format === 'csv' ? parseCsv(text) : parseJson(text);
  const map = mapping ?? defaultMapping(schema, parsed.columns);
  for (const target of Object.values(map)) {
    if (target !== null && !schema.fieldMap.has(target))
      throw new HttpError(400, `Cannot map a column to '${target}': it is not a field of ${schema.name}.`);
  }
  const bad = [...parsed.errors];
  const rows: ImportPlan['rows'] = [];
  const seen = new Map<string, Map<unknown, number>>();
  for (const { row, values, raw } of parsed.records) {
    const record: Record<string, unknown> = {};
    let problem: string | null = null;
    for (const [column, value] of Object.entries(values)) {
      const target = map[column];
      const field = target ? schema.fieldMap.get(target) : undefined;
      if (!field) continue;
      if (!raw || typeof value !== 'string') {
        record[field.name] = value;
        continue;
      }
      const converted = fromCsvCell(field, value);
      if (converted.ok) record[field.name] = converted.value;
      else problem ??= httpMessages.fieldWrongType(field.name, converted.expected, describeJsonValue(value));
    }
    problem ??= checkRecord(schema, record, 'create');
    if (problem) {
      bad.push({ row, reason: problem });
      continue;
    }
    const duplicate = schema.fields.find((f) => {
      if (!f.unique || record[f.name] === undefined || record[f.name] === null) return false;
      const values = seen.get(f.name) ?? new Map<unknown, number>();
      seen.set(f.name, values);
      if (values.has(record[f.name])) return true;
      values.set(record[f.name], row);
      return false;
    });
    if (duplicate) {
      bad.push({
        row,
        reason: `Field '${duplicate.name}' repeats the value of row ${seen.get(duplicate.name)?.get(record[duplicate.name])}; it must be unique.`,
      });
      continue;
    }
    rows.push({ row, record });
  }
  bad.sort((a, b) => a.row - b.row);
  return { columns: parsed.columns, mapping: map, total: parsed.records.length + parsed.errors.length, rows, bad };
}
