import { describeJsonValue } from '../../../shared/src/field-types.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import { checkRecord } from '../model/record-check.js';
import type { SchemaModel } from '../model/service-model.js';
import { runSliced, runWhole, type Steps, type TimeSlicer } from '../time-slice.js';
import { fromCsvCell } from './csv-cell.js';
import { type BadRow, type ParsedFile, readCsv, readCsvSliced, readJson } from './read-file.js';

export type ImportFormat = 'csv' | 'json';
/** Source column → schema field, or null to leave the column out. */
export type ColumnMapping = Record<string, string | null>;

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export type { BadRow };

export interface ImportPlan {
  columns: string[];
  mapping: ColumnMapping;
  total: number;
  rows: { row: number; record: Record<string, unknown> }[];
  bad: BadRow[];
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

function checkSize(text: string): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_IMPORT_BYTES) {
    throw new DomainError(
      'invalid',
      `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; imports are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
      { detail: 'too_large' },
    );
  }
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
  checkSize(text);
  const parsed = format === 'csv' ? readCsv(text) : runWhole(readJson(text));
  return runWhole(checkRows(schema, parsed, mapping));
}

/** `planImport` in slices of the slicer's time, so a big file does not hold up the event loop. */
export async function planImportSliced(
  schema: SchemaModel,
  text: string,
  format: ImportFormat,
  mapping: ColumnMapping | undefined,
  slicer: TimeSlicer,
): Promise<ImportPlan> {
  checkSize(text);
  const parsed = format === 'csv' ? await readCsvSliced(text, slicer) : await runSliced(readJson(text), slicer);
  return runSliced(checkRows(schema, parsed, mapping), slicer);
}

/** Maps, converts and checks the parsed rows, one step per row. */
function* checkRows(schema: SchemaModel, parsed: ParsedFile, mapping?: ColumnMapping): Steps<ImportPlan> {
  const map = mapping ?? defaultMapping(schema, parsed.columns);
  for (const target of Object.values(map)) {
    if (target !== null && !schema.fieldMap.has(target))
      throw new DomainError('invalid', `Cannot map a column to '${target}': it is not a field of ${schema.name}.`);
  }
  const bad = [...parsed.errors];
  const rows: ImportPlan['rows'] = [];
  const seen = new Map<string, Map<unknown, number>>();
  for (const { row, values, raw } of parsed.records) {
    yield;
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
