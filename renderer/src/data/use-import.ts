import { useState } from 'react';
import { counted } from '../../../shared/src/plural';
import type { ColumnMapping, DataFormat, ImportPreview, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

/** Largest file the studio reads; the engine refuses more than 20 MB too. */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * An import into one table, step by step: the file chosen (JSON or CSV by its name), the engine's
 * preview with its column mapping (asked again when the mapping changes), then the import of the
 * good rows; `onDone` gets the sentence that says what was done.
 */
export function useImport(client: StudioClient, table: TableInfo, onDone: (message: string) => void) {
  const [file, setFile] = useState<{ name: string; text: string; format: DataFormat } | undefined>(undefined);
  const [mapping, setMapping] = useState<ColumnMapping | undefined>(undefined);
  const [preview, setPreview] = useState<ImportPreview | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const runPreview = async (text: string, format: DataFormat, map?: ColumnMapping) => {
    setBusy(true);
    try {
      const result = await client.call('tables.importPreview', { table: table.table, format, text, mapping: map });
      setPreview(result);
      setMapping(result.mapping);
      setError(undefined);
    } catch (err) {
      setPreview(undefined);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > MAX_IMPORT_BYTES) {
      setError(
        `${picked.name} is ${(picked.size / 1024 / 1024).toFixed(1)} MB; imports are limited to 20 MB. Split it into smaller files.`,
      );
      return;
    }
    const format: DataFormat = /\.json$/i.test(picked.name) ? 'json' : 'csv';
    const text = await picked.text();
    setFile({ name: picked.name, text, format });
    await runPreview(text, format);
  };

  const remap = (column: string, field: string) => {
    const next = { ...mapping, [column]: field === '' ? null : field };
    setMapping(next);
    if (file) void runPreview(file.text, file.format, next);
  };

  const importGood = async () => {
    if (!file || !preview) return;
    setBusy(true);
    try {
      const result = await client.call('tables.import', {
        table: table.table,
        format: file.format,
        text: file.text,
        mapping,
      });
      onDone(
        `Imported ${counted(result.inserted, 'row')} into ${table.table}${result.skipped.length ? `, skipped ${result.skipped.length} bad` : ''}`,
      );
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return { file, mapping, preview, error, busy, choose, remap, importGood };
}
