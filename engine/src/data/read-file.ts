import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { type Options, parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { DomainError } from '../domain-error.js';
import type { Steps, TimeSlicer } from '../time-slice.js';

/** 1-based: the data row (JSON) or the line in the file (CSV). */
export interface BadRow {
  row: number;
  reason: string;
}

/** A CSV or JSON file read into rows, before any field is mapped or checked. */
export interface ParsedFile {
  columns: string[];
  records: { row: number; values: Record<string, unknown>; raw: boolean }[];
  errors: BadRow[];
}

type CsvOut = { record: Record<string, string>; info: { lines: number; columns: { name: string }[] } };

/**
 * Characters handed to the CSV parser at a time when reading in slices: about 2 ms of parsing, so
 * a slice of 10 ms takes a few of them.
 */
const CSV_CHUNK = 16 * 1024;

function csvOptions(errors: BadRow[]): Options {
  return {
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    bom: true,
    info: true,
    skip_records_with_error: true,
    on_skip: (err: (Error & { lines?: number }) | undefined) => {
      if (err)
        errors.push({ row: err.lines ?? 0, reason: `Malformed CSV: ${err.message.replace(/ at line \d+$/, '')}` });
    },
  };
}

function csvParsed(text: string, out: CsvOut[], errors: BadRow[]): ParsedFile {
  const first = out[0];
  const columns = first
    ? first.info.columns.map((c) => c.name)
    : (text.split(/\r?\n/, 1)[0] ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
  return { columns, records: out.map((r) => ({ row: r.info.lines, values: r.record, raw: true })), errors };
}

export function readCsv(text: string): ParsedFile {
  const errors: BadRow[] = [];
  // With `info: true` and `columns`, each record comes as { record, info }; the typings cannot tell.
  return csvParsed(text, parse(text, csvOptions(errors)) as unknown as CsvOut[], errors);
}

/**
 * The same as `readCsv`, with the same parser and options in its streaming form, fed a chunk at a
 * time so the slicer can let other work run between chunks. A chunk never ends between the two
 * halves of a surrogate pair (the stream encodes each chunk to UTF-8 on its own).
 */
export async function readCsvSliced(text: string, slicer: TimeSlicer): Promise<ParsedFile> {
  const errors: BadRow[] = [];
  const out: CsvOut[] = [];
  const parser = parseStream(csvOptions(errors));
  parser.on('data', (record: CsvOut) => out.push(record));
  const done = finished(parser);
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + CSV_CHUNK);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    if (!parser.write(text.slice(at, end))) await Promise.race([once(parser, 'drain'), done]);
    at = end;
    await slicer.pause();
  }
  parser.end();
  await done;
  return csvParsed(text, out, errors);
}

/** A JSON array of objects; anything else in the array is a bad row. */
export function* readJson(text: string): Steps<ParsedFile> {
  let data: unknown;
  try {
    // One call that cannot be cut: about 1 ms per 100 KB.
    data = JSON.parse(text);
  } catch (err) {
    throw new DomainError('invalid', `The file is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new DomainError('invalid', 'A JSON import must be an array of objects, e.g. [{"name": "Ada"}].');
  const columns = new Set<string>();
  const errors: BadRow[] = [];
  const records: ParsedFile['records'] = [];
  for (const [i, item] of (data as unknown[]).entries()) {
    yield;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      errors.push({ row: i + 1, reason: 'Not an object.' });
      continue;
    }
    for (const k of Object.keys(item)) columns.add(k);
    records.push({ row: i + 1, values: item as Record<string, unknown>, raw: false });
  }
  return { columns: [...columns], records, errors };
}
