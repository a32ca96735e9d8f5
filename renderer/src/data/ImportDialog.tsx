import { useState } from 'react';
import { DialogFooter } from '../components/DialogFooter';
import type { ColumnMapping, DataFormat, ImportPreview, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { counted } from '../../../shared/src/plural';
import { Modal } from '../components/Modal';

/** Largest file the studio reads; the engine refuses more than 20 MB too. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

interface Props {
  client: StudioClient;
  table: TableInfo;
  onDone(message: string): void;
  onClose(): void;
}

/** Import JSON or CSV: preview with a column mapping, every bad row listed with its reason, then import the good rows. */
export function ImportDialog({ client, table, onDone, onClose }: Props) {
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

  return (
    <Modal label={`Import into ${table.table}`} onClose={onClose}>
      <div className="dialog" data-testid="import-dialog">
        <header>
          Import rows into <b>{table.table}</b>
        </header>
        <label className="file-pick">
          JSON or CSV file{' '}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(e) => void choose(e.target.files?.[0])}
            data-testid="import-file"
          />
        </label>
        {error ? (
          <p className="error" role="alert" data-testid="import-error">
            {error}
          </p>
        ) : null}
        {preview && mapping ? (
          <>
            <table className="mapping">
              <thead>
                <tr>
                  <th>Column in {file?.name}</th>
                  <th>Field</th>
                </tr>
              </thead>
              <tbody>
                {preview.columns.map((column) => (
                  <tr key={column}>
                    <td>{column}</td>
                    <td>
                      <select
                        value={mapping[column] ?? ''}
                        onChange={(e) => remap(column, e.target.value)}
                        aria-label={`Field for ${column}`}
                      >
                        <option value="">(leave out)</option>
                        {table.fields.map((f) => (
                          <option key={f.name} value={f.name}>
                            {f.name} ({f.type})
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p data-testid="import-summary">
              {counted(preview.total, 'row')}: {preview.good} good, {preview.bad.length} bad.
            </p>
            {preview.bad.length ? (
              <ul className="bad-rows" data-testid="import-bad-rows">
                {preview.bad.slice(0, 200).map((b) => (
                  <li key={`${b.row}-${b.reason}`}>
                    Row {b.row}: {b.reason}
                  </li>
                ))}
                {preview.bad.length > 200 ? <li>… and {preview.bad.length - 200} more</li> : null}
              </ul>
            ) : null}
          </>
        ) : null}
        <DialogFooter onCancel={onClose}>
          <button
            type="button"
            className="primary"
            disabled={!preview || preview.good === 0 || busy}
            onClick={() => void importGood()}
            data-testid="import-go"
          >
            Import {counted(preview?.good ?? 0, 'good row')}
            {preview?.bad.length ? `, skip ${preview.bad.length}` : ''}
          </button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
