import type { TableInfo } from '../../../shared/src/studio-contract';
import { counted } from '../../../shared/src/plural';
import type { StudioClient } from '../api/client';
import { DialogFooter } from '../components/DialogFooter';
import { Modal } from '../components/Modal';
import { ImportReview } from './ImportReview';
import { useImport } from './use-import';

interface Props {
  client: StudioClient;
  table: TableInfo;
  onDone(message: string): void;
  onClose(): void;
}

/** Import JSON or CSV: preview with a column mapping, every bad row listed with its reason, then import the good rows. */
export function ImportDialog({ client, table, onDone, onClose }: Props) {
  const { file, mapping, preview, error, busy, choose, remap, importGood } = useImport(client, table, onDone);
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
          <ImportReview table={table} fileName={file?.name} preview={preview} mapping={mapping} onRemap={remap} />
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
