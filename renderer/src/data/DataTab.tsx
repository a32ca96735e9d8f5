import { useCallback, useEffect, useState } from 'react';
import type { TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { useFeedback } from '../feedback/feedback';
import { useScopedError } from '../feedback/use-scoped-error';
import { type DataDialog, DataDialogs, dataMenu } from './DataDialogs';
import { DataNotes, NoTables } from './DataNotes';
import { DataGrid } from './DataGrid';
import { DataToolbar } from './DataToolbar';
import { rowActions } from './row-actions';
import { FilterNotes } from './FilterNotes';
import { JumpNote } from './JumpNote';
import { HiddenColumns } from './HiddenColumns';
import { RowForm } from './RowForm';
import { describe } from './undo-stack';
import { useDataHistory } from './use-data-history';
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
  const [dialog, setDialog] = useState<DataDialog>(undefined);
  const [form, setForm] = useState<Form>(undefined);
  const name = table?.table;
  // An error belongs to the table it came from: switching tables never shows another table's error.
  const [error, setError] = useScopedError(name);
  const { notify } = useFeedback();
  const rows = useTableRows(client, name, filter, sort);
  const keyField = table?.fields.find((f) => f.name === 'id') ? 'id' : undefined;
  const { history, act, undoStep, redoStep } = useDataHistory(client, name, keyField, setError);
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

  if (!table) return <NoTables />;
  const t = table.table;
  const actions = rowActions({
    client,
    table: t,
    keyField,
    chosen,
    onChosen: setChosen,
    onDuplicate: (source) => setForm({ source }),
    record: history.record,
  });
  const duplicate = () => act(actions.duplicate);
  const deleteChosen = () => act(actions.deleteChosen);

  const menu = dataMenu(setDialog, (format) => void act(() => actions.exportAs(format)));

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
      <DataDialogs
        dialog={dialog}
        onClose={() => setDialog(undefined)}
        client={client}
        table={table}
        act={act}
        // The rows the history names are gone: its steps would now change other rows.
        onReset={() => history.clear()}
      />
      <DataNotes table={table} keyField={keyField} total={rows.total} error={rows.error} filter={filter} />
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
