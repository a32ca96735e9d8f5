import { Download, FileJson, RotateCcw, Save, Sparkles, Upload } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { counted } from '../../../shared/src/plural';
import type { DataFormat, TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { useFeedback } from '../feedback/feedback';
import { useScopedError } from '../feedback/use-scoped-error';
import { ConfirmDialog } from './ConfirmDialog';
import { DataGrid } from './DataGrid';
import { DataToolbar } from './DataToolbar';
import { download } from './download';
import { FilterNotes } from './FilterNotes';
import { JumpNote } from './JumpNote';
import { GenerateDialog } from './GenerateDialog';
import { HiddenColumns } from './HiddenColumns';
import { ImportDialog } from './ImportDialog';
import type { MenuItem } from '../components/OverflowMenu';
import { RowForm } from './RowForm';
import { describe, ownsUndoKeys, useUndoStack } from './undo-stack';
import { useReferenceJump, useReferenceLoaders } from './use-references';
import { useTableRows } from './use-table-rows';
import './data.css';

interface Props {
  client: StudioClient;
  tables: TableInfo[];
  selected: string | undefined;
  onSelect(table: string): void;
}

type Row = Record<string, unknown>;
type Dialog = 'generate' | 'import' | 'reset' | 'seed' | undefined;
/** The new-row form, empty (Add row) or started from a row (Duplicate). */
type Form = { source: Row | undefined } | undefined;

const FILTER_DELAY_MS = 300;

/** The Data tab: a forgiving spreadsheet over the live tables, through the same store code as the API. */
export function DataTab({ client, tables, selected, onSelect }: Props) {
  const table = tables.find((t) => t.table === selected) ?? tables.find((t) => !t.orphaned) ?? tables[0];
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<TableQuery['sort']>(undefined);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const [form, setForm] = useState<Form>(undefined);
  const name = table?.table;
  // An error belongs to the table it came from: switching tables never shows another table's error.
  const [error, setError] = useScopedError(name);
  const { notify } = useFeedback();
  const rows = useTableRows(client, name, filter, sort);
  const keyField = table?.fields.find((f) => f.name === 'id') ? 'id' : undefined;
  const history = useUndoStack(client, name, keyField);
  const loadFor = useReferenceLoaders(client, table);
  const showFilter = useCallback((text: string) => {
    setFilterText(text);
    setFilter(text);
  }, []);
  const references = useReferenceJump({ table, onSelect, showFilter });
  // The filter applies as it is typed, like the Log's, a moment after the last key; Enter applies it at once.
  useEffect(() => {
    const timer = window.setTimeout(() => setFilter(filterText.trim()), FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [filterText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: switching to another table clears its selection, filter, sort and open form (a reference's link sets the filter that shows its record).
  useEffect(() => {
    setChosen(new Set());
    showFilter(references.arriving(name));
    setSort(undefined);
    setForm(undefined);
    setDialog(undefined);
  }, [name]);

  const { refresh } = rows;
  useEffect(() => client.on('table.changed', (e) => e.table === name && refresh()), [client, name, refresh]);

  /** Runs an action: its confirmation goes up as a toast, its failure stays as this table's error. */
  const act = useCallback(
    async (run: () => Promise<string | undefined>) => {
      try {
        const message = await run();
        // A later action that worked makes an earlier failure's banner stale.
        setError(undefined);
        if (message) notify(message);
      } catch (err) {
        setError((err as Error).message);
      }
    },
    [notify, setError],
  );

  const { undo, redo } = history;
  const undoStep = useCallback(() => act(async () => ((d) => d && `Undone: ${d}`)(await undo())), [act, undo]);
  const redoStep = useCallback(() => act(async () => ((d) => d && `Redone: ${d}`)(await redo())), [act, redo]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Ctrl+Z in a text box is that box's own undo of typing.
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.defaultPrevented || ownsUndoKeys(e.target)) return;
      const key = e.key.toLowerCase();
      const isRedo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey);
      if (key !== 'z' && !isRedo) return;
      e.preventDefault();
      void (isRedo ? redoStep() : undoStep());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undoStep, redoStep]);

  if (!table) {
    return (
      <div className="empty-state" data-testid="data-empty">
        <h3>No tables</h3>
        <p>
          Declare a schema under <code>schemas:</code> and save: its table appears here.
        </p>
      </div>
    );
  }
  const t = table.table;
  const exportAs = (format: DataFormat) =>
    act(async () => {
      const file = await client.call('tables.export', { table: t, format });
      download(file.filename, file.text, format === 'json' ? 'application/json' : 'text/csv');
      return `Exported ${t} as ${format.toUpperCase()}`;
    });
  const keyOf = (text: string): string | number => (/^\d+$/.test(text) ? Number(text) : text);

  const duplicate = () =>
    act(async () => {
      const key = [...chosen][0];
      if (key === undefined || !keyField) return undefined;
      const filterByKey = new URLSearchParams({ [keyField]: key }).toString();
      const found = await client.call('tables.query', { table: t, filter: filterByKey, offset: 0, limit: 1 });
      const source = found.rows[0];
      if (!source) throw new Error(`Row ${key} of ${t} is gone; it may have been deleted.`);
      setForm({ source });
      return undefined;
    });
  const deleteChosen = () =>
    act(async () => {
      const result = await client.call('tables.delete', { table: t, keys: [...chosen].map(keyOf) });
      if (result.rows.length) history.record({ kind: 'delete', rows: result.rows });
      setChosen(new Set());
      // The Delete button is disabled now that nothing is chosen: the focus goes to the grid, not to <body>.
      document.querySelector<HTMLElement>('[data-testid="grid"]')?.focus();
      return `${counted(result.deleted, 'row')} deleted`;
    });

  const menu: MenuItem[] = [
    { label: 'Generate…', icon: <Sparkles size={16} />, testId: 'generate', onSelect: () => setDialog('generate') },
    { label: 'Import…', icon: <Upload size={16} />, testId: 'import', onSelect: () => setDialog('import') },
    {
      label: 'Export JSON',
      icon: <FileJson size={16} />,
      testId: 'export-json',
      onSelect: () => void exportAs('json'),
    },
    { label: 'Export CSV', icon: <Download size={16} />, testId: 'export-csv', onSelect: () => void exportAs('csv') },
    { label: 'Save as seed…', icon: <Save size={16} />, testId: 'save-seed', onSelect: () => setDialog('seed') },
    {
      label: 'Reset to seed…',
      icon: <RotateCcw size={16} />,
      testId: 'reset-seed',
      onSelect: () => setDialog('reset'),
    },
  ];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the tab (a cell editor's, a dialog's too) dismisses its error banner.
    <div
      className="data"
      data-testid="data"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setError(undefined);
      }}
    >
      <DataToolbar
        tables={tables}
        table={table}
        onSelect={onSelect}
        filterText={filterText}
        onFilterText={setFilterText}
        onFilter={setFilter}
        total={rows.total}
        chosen={chosen.size}
        canAdd={!table.orphaned}
        canEdit={!table.orphaned && keyField !== undefined}
        onAdd={() => setForm({ source: undefined })}
        onDuplicate={() => void duplicate()}
        onDelete={() => void deleteChosen()}
        undoLabel={history.nextUndo && describe(history.nextUndo)}
        redoLabel={history.nextRedo && describe(history.nextRedo)}
        onUndo={() => void undoStep()}
        onRedo={() => void redoStep()}
        menu={menu}
      />
      <FilterNotes notes={rows.notes} error={rows.error} />
      {references.jump && references.jump.filter === filter ? (
        <JumpNote jump={references.jump} total={rows.total} onBack={references.back} />
      ) : null}
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} testId="data-error" />
      {dialog === 'generate' ? (
        <GenerateDialog
          client={client}
          table={table}
          onClose={() => setDialog(undefined)}
          onGenerate={async (count, seed) => {
            const result = await client.call('tables.generate', { table: t, count, seed });
            notify(`Generated ${counted(result.inserted, 'row')}`);
          }}
        />
      ) : null}
      {dialog === 'import' ? (
        <ImportDialog
          client={client}
          table={table}
          onClose={() => setDialog(undefined)}
          onDone={(m) => {
            notify(m);
            setDialog(undefined);
          }}
        />
      ) : null}
      {dialog === 'reset' || dialog === 'seed' ? (
        <ConfirmDialog
          kind={dialog}
          table={table}
          onClose={() => setDialog(undefined)}
          onConfirm={() =>
            act(async () => {
              setDialog(undefined);
              if (dialog === 'seed')
                return `Saved ${counted((await client.call('tables.saveSeed', { table: t })).rows, 'row')} as the seed of ${t}`;
              const { rows: count } = await client.call('tables.resetToSeed', { table: t });
              // The rows the history names are gone: its steps would now change other rows.
              history.clear();
              return `Reset ${t} to its ${counted(count, 'seed row')}`;
            })
          }
        />
      ) : null}
      {table.orphaned ? (
        <p className="empty">
          This table belongs to a schema that was removed from the config; its data is kept, read-only.
        </p>
      ) : null}
      {!table.orphaned && keyField === undefined ? (
        <p className="empty">This schema has no id field, so rows can be added here but not edited.</p>
      ) : null}
      {rows.total === 0 && !rows.error ? (
        <p className="empty">
          No rows{filter ? ' match the filter' : ' yet: add one, or generate or import some from More'}.
        </p>
      ) : null}
      <HiddenColumns client={client} table={table} />
      <div className="data-body">
        <DataGrid
          table={table}
          rows={rows}
          sort={sort}
          onSort={setSort}
          selected={chosen}
          onSelect={setChosen}
          keyField={keyField}
          onDeleteSelected={() => void deleteChosen()}
          onError={setError}
          loadFor={loadFor}
          onOpenReference={references.open}
          onEdit={async (row, field, value) => {
            const key = row[keyField ?? 'id'] as string | number;
            await client.call('tables.update', { table: t, key, changes: { [field]: value } });
            setError(undefined);
            history.record({ kind: 'edit', key, field, before: row[field], after: value });
            notify('Row updated');
            rows.refresh();
          }}
        />
        {form ? (
          <RowForm
            key={`${t}:${form.source ? String(form.source[keyField ?? '']) : 'new'}`}
            table={table}
            source={form.source}
            onClose={() => setForm(undefined)}
            loadFor={loadFor}
            isTaken={async (field, value) => {
              const filter = `${encodeURIComponent(field)}=${encodeURIComponent(String(value))}`;
              const found = await client.call('tables.query', { table: t, filter, offset: 0, limit: 1 });
              return found.total > 0;
            }}
            onCreate={async (row) => {
              const created = await client.call('tables.insert', { table: t, row });
              if (keyField) history.record({ kind: 'insert', row: created });
              setForm(undefined);
              rows.refresh();
              notify('Row created');
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
