import type { TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { DataGrid } from './DataGrid';
import { DataDialogs, dataMenu } from './DataDialogs';
import { DataNotes, NoTables } from './DataNotes';
import { DataToolbar } from './DataToolbar';
import { rowActions } from './row-actions';
import { FilterNotes } from './FilterNotes';
import { JumpNote } from './JumpNote';
import { HiddenColumns } from './HiddenColumns';
import { RowForm } from './RowForm';
import { useDataTab } from './use-data-tab';
import './data.css';

interface Props {
  client: StudioClient;
  tables: TableInfo[];
  selected: string | undefined;
  onSelect(table: string): void;
}

/** The Data tab: a forgiving spreadsheet over the live tables, through the same store code as the API. */
export function DataTab(props: Props) {
  const tab = useDataTab(props);
  const { client, table, keyField, chosen, rows, history, act, references, filter, setError } = tab;
  if (!table) return <NoTables />;
  const actions = rowActions({
    client,
    table: table.table,
    keyField,
    chosen,
    onChosen: tab.setChosen,
    onDuplicate: (source) => tab.setForm({ source }),
    record: history.record,
  });
  const deleteChosen = () => void act(actions.deleteChosen);
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
        tab={tab}
        table={table}
        onDuplicate={() => void act(actions.duplicate)}
        onDelete={deleteChosen}
        menu={dataMenu(tab.setDialog, (format) => void act(() => actions.exportAs(format)))}
      />
      <FilterNotes notes={rows.notes} error={rows.error} />
      {references.jump && references.jump.filter === filter ? (
        <JumpNote jump={references.jump} total={rows.total} onBack={references.back} />
      ) : null}
      <ErrorBanner message={tab.error} onDismiss={() => setError(undefined)} testId="data-error" />
      <DataDialogs
        dialog={tab.dialog}
        onClose={() => tab.setDialog(undefined)}
        client={client}
        table={table}
        act={act}
        // The rows the history names are gone: its steps would now change other rows.
        onReset={() => history.clear()}
      />
      <DataNotes
        table={table}
        keyField={keyField}
        total={rows.total}
        error={rows.error}
        filter={filter}
        extraFields={rows.extraFields}
      />
      <HiddenColumns client={client} table={table} />
      <div className="data-body">
        <DataGrid tab={tab} table={table} onDeleteSelected={deleteChosen} />
        {tab.form ? (
          <RowForm
            key={`${table.table}:${tab.form.source ? String(tab.form.source[keyField ?? '']) : 'new'}`}
            table={table}
            source={tab.form.source}
            onClose={() => tab.setForm(undefined)}
            loadFor={tab.loadFor}
            isTaken={tab.isTaken}
            onCreate={tab.createRow}
          />
        ) : null}
      </div>
    </div>
  );
}
