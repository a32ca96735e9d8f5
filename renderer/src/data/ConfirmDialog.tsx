import { counted } from '../../../shared/src/plural';
import { DialogFooter } from '../components/DialogFooter';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { Modal } from '../components/Modal';

interface Props {
  kind: 'reset' | 'seed';
  table: TableInfo;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before "Reset to seed" (the rows are lost) and "Save as seed" (the config is rewritten). */
export function ConfirmDialog({ kind, table, onConfirm, onClose }: Props) {
  const t = table.table;
  return (
    <Modal label={kind === 'reset' ? 'Reset to seed' : 'Save as seed'} role="alertdialog" onClose={onClose}>
      <div className="dialog" data-testid="confirm-dialog">
        <p>
          {kind === 'reset'
            ? `Replace every row of ${t} with the rows in the config's seed: section? The current rows are lost.`
            : `Write the ${counted(table.rows, 'current row')} of ${t} into the config's seed: section (replacing what is there) and save the config?`}
        </p>
        <DialogFooter onCancel={onClose}>
          <button type="button" className={kind === 'reset' ? 'danger' : 'primary'} onClick={onConfirm}>
            {kind === 'reset' ? 'Reset' : 'Save as seed'}
          </button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
