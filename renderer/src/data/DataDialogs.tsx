import { Download, FileJson, RotateCcw, Save, Sparkles, Upload } from 'lucide-react';
import { counted } from '../../../shared/src/plural';
import type { TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import type { MenuItem } from '../components/OverflowMenu';
import { useFeedback } from '../feedback/feedback';
import { ConfirmDialog } from './ConfirmDialog';
import { GenerateDialog } from './GenerateDialog';
import { ImportDialog } from './ImportDialog';

/** The Data tab's dialogs, opened from its ⋯ menu: one at a time. */
export type DataDialog = 'generate' | 'import' | 'reset' | 'seed' | undefined;

/** The ⋯ menu of the Data tab: the dialogs, and the two exports (done at once). */
export function dataMenu(open: (dialog: DataDialog) => void, exportAs: (format: 'json' | 'csv') => void): MenuItem[] {
  return [
    { label: 'Generate…', icon: <Sparkles size={16} />, testId: 'generate', onSelect: () => open('generate') },
    { label: 'Import…', icon: <Upload size={16} />, testId: 'import', onSelect: () => open('import') },
    { label: 'Export JSON', icon: <FileJson size={16} />, testId: 'export-json', onSelect: () => exportAs('json') },
    { label: 'Export CSV', icon: <Download size={16} />, testId: 'export-csv', onSelect: () => exportAs('csv') },
    { label: 'Save as seed…', icon: <Save size={16} />, testId: 'save-seed', onSelect: () => open('seed') },
    { label: 'Reset to seed…', icon: <RotateCcw size={16} />, testId: 'reset-seed', onSelect: () => open('reset') },
  ];
}

interface Props {
  dialog: DataDialog;
  onClose(): void;
  client: StudioClient;
  table: TableInfo;
  act(run: () => Promise<string | undefined>): Promise<void>;
  /** Reset to seed replaced the rows the undo history names. */
  onReset(): void;
}

/** Generate, Import, Save as seed and Reset to seed for one table. */
export function DataDialogs({ dialog, onClose, client, table, act, onReset }: Props) {
  const { notify } = useFeedback();
  const t = table.table;
  // What every dialog of the tab is given: the table, the client to change it with, and how to close.
  const common = { client, table, onClose };
  if (dialog === 'generate')
    return (
      <GenerateDialog
        {...common}
        onGenerate={async (count, seed) => {
          const result = await client.call('tables.generate', { table: t, count, seed });
          notify(`Generated ${counted(result.inserted, 'row')}`);
        }}
      />
    );
  if (dialog === 'import')
    return (
      <ImportDialog
        {...common}
        onDone={(m) => {
          notify(m);
          onClose();
        }}
      />
    );
  if (dialog === 'reset' || dialog === 'seed')
    return (
      <ConfirmDialog
        kind={dialog}
        table={table}
        onClose={onClose}
        onConfirm={() =>
          act(async () => {
            onClose();
            if (dialog === 'seed')
              return `Saved ${counted((await client.call('tables.saveSeed', { table: t })).rows, 'row')} as the seed of ${t}`;
            const { rows: count } = await client.call('tables.resetToSeed', { table: t });
            onReset();
            return `Reset ${t} to its ${counted(count, 'seed row')}`;
          })
        }
      />
    );
  return null;
}
