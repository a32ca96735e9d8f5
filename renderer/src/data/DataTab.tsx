import { useCallback, useEffect, useState } from 'react';
import type { DataFormat, TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { DataGrid } from './DataGrid';
import { download } from './download';
import { GenerateDialog } from './GenerateDialog';
import { ImportDialog } from './ImportDialog';
import { useTableRows } from './use-table-rows';

interface Props {
  client: StudioClient;
  tables: TableInfo[];
  selected: string | undefined;
  onSelect(table: string): void;
}

type Dialog = 'generate' | 'import' | 'reset' | 'seed' | undefined;

/** The Data tab: a forgiving spreadsheet over the live tables, through the same store code as the API. */
export function DataTab({ client, tables, selected, onSelect }: Props) {
  const table = tables.find((t) => t.table === selected) ?? tables.find((t) => !t.orphaned) ?? tables[0];
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<TableQuery['sort']>(undefined);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [undo, setUndo] = useState<{ table: string; rows: Record<string, unknown>[] } | undefined>(undefined);
  const rows = useTableRows(client, table?.table, filter, sort);
  const keyField = table?.fields.find((f) => f.name === 'id') ? 'id' : undefined;
  const name = table?.table;

  // biome-ignore lint/correctness/useExhaustiveDependencies: switching to another table clears its selection, filter and sort.
  useEffect(() => {
    setChosen(new Set());
    setFilter('');
    setFilterText('');
    setSort(undefined);
  }, [name]);

  const { refresh } = rows;
  useEffect(() => client.on('table.changed', (e) => e.table === name && refresh()), [client, name, refresh]);

  const act = useCallback(async (run: () => Promise<string | undefined>) => {
    try {
      const message = await run();
      setNotice(message);
      setError(undefined);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

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
      return `Exported ${t} as ${format.toUpperCase()}.`;
    });

  return (
    <div className="data" data-testid="data">
      <div className="toolbar">
        <select value={t} onChange={(e) => onSelect(e.target.value)} aria-label="Table">
          {tables.map((x) => (
            <option key={x.table} value={x.table}>
              {x.table} ({x.rows}){x.orphaned ? ' — removed schema' : ''}
            </option>
          ))}
        </select>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilter(filterText.trim());
          }}
        >
          <input
            className="filter"
            placeholder="filter, e.g. name_like=ann&age_gte=30"
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
            aria-label="Filter"
            data-testid="filter"
          />
        </form>
        <span data-testid="row-count">{rows.total.toLocaleString('en')} rows</span>
        {table.orphaned ? null : (
          <>
            <button
              type="button"
              onClick={() =>
                act(async () => {
                  await client.call('tables.insert', { table: t, row: {} });
                  return undefined;
                })
              }
              data-testid="add-row"
            >
              Add row
            </button>
            <button
              type="button"
              disabled={chosen.size !== 1}
              onClick={() =>
                act(async () => {
                  const key = [...chosen][0];
                  const source = Array.from({ length: Math.min(rows.total, 5000) }, (_, i) => rows.row(i)).find(
                    (r) => r && String(r[keyField ?? '']) === key,
                  );
                  if (!source) throw new Error('Scroll the row into view to duplicate it.');
                  const copy = { ...source };
                  for (const f of table.fields) if (f.name === keyField) delete copy[f.name];
                  await client.call('tables.insert', { table: t, row: copy });
                  return 'Row duplicated.';
                })
              }
            >
              Duplicate
            </button>
            <button
              type="button"
              disabled={chosen.size === 0}
              data-testid="delete-rows"
              onClick={() =>
                act(async () => {
                  const keys = [...chosen].map((k) => (/^\d+$/.test(k) ? Number(k) : k));
                  const result = await client.call('tables.delete', { table: t, keys });
                  setUndo({ table: t, rows: result.rows });
                  setChosen(new Set());
                  return `Deleted ${result.deleted} row${result.deleted === 1 ? '' : 's'}.`;
                })
              }
            >
              Delete{chosen.size ? ` (${chosen.size})` : ''}
            </button>
            {undo && undo.table === t ? (
              <button
                type="button"
                data-testid="undo-delete"
                onClick={() =>
                  act(async () => {
                    const result = await client.call('tables.restore', undo);
                    setUndo(undefined);
                    return `Restored ${result.inserted} row${result.inserted === 1 ? '' : 's'}.`;
                  })
                }
              >
                Undo delete
              </button>
            ) : null}
            <span className="spacer" />
            <button type="button" onClick={() => setDialog('generate')} data-testid="generate">
              Generate…
            </button>
            <button type="button" onClick={() => setDialog('import')} data-testid="import">
              Import…
            </button>
            <button type="button" onClick={() => void exportAs('json')}>
              Export JSON
            </button>
            <button type="button" onClick={() => void exportAs('csv')}>
              Export CSV
            </button>
            <button type="button" onClick={() => setDialog('seed')}>
              Save as seed
            </button>
            <button type="button" onClick={() => setDialog('reset')}>
              Reset to seed
            </button>
          </>
        )}
      </div>
      {notice || error || rows.error ? (
        <div className={`banner ${error || rows.error ? 'banner-error' : ''}`} role="status" data-testid="data-message">
          <span>{error ?? rows.error ?? notice}</span>
          <button
            type="button"
            onClick={() => {
              setNotice(undefined);
              setError(undefined);
            }}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      {dialog === 'generate' ? (
        <GenerateDialog
          table={t}
          onClose={() => setDialog(undefined)}
          onGenerate={async (count, seed) => {
            const result = await client.call('tables.generate', { table: t, count, seed });
            setNotice(`Generated ${result.inserted} rows.`);
          }}
        />
      ) : null}
      {dialog === 'import' ? (
        <ImportDialog
          client={client}
          table={table}
          onClose={() => setDialog(undefined)}
          onDone={(m) => {
            setNotice(m);
            setDialog(undefined);
          }}
        />
      ) : null}
      {dialog === 'reset' || dialog === 'seed' ? (
        <div className="dialog" role="alertdialog" data-testid="confirm-dialog">
          <p>
            {dialog === 'reset'
              ? `Replace every row of ${t} with the rows in the config's seed: section? The current rows are lost.`
              : `Write the ${table.rows} current rows of ${t} into the config's seed: section (replacing what is there) and save the config?`}
          </p>
          <footer>
            <button
              type="button"
              className="primary"
              onClick={() =>
                act(async () => {
                  setDialog(undefined);
                  if (dialog === 'reset')
                    return `Reset ${t} to its ${(await client.call('tables.resetToSeed', { table: t })).rows} seed rows.`;
                  return `Saved ${(await client.call('tables.saveSeed', { table: t })).rows} rows as the seed of ${t}.`;
                })
              }
            >
              {dialog === 'reset' ? 'Reset' : 'Save as seed'}
            </button>
            <button type="button" onClick={() => setDialog(undefined)}>
              Cancel
            </button>
          </footer>
        </div>
      ) : null}
      {table.orphaned ? (
        <p className="empty">
          This table belongs to a schema that was removed from the config; its data is kept, read-only.
        </p>
      ) : null}
      {!table.orphaned && keyField === undefined ? (
        <p className="empty">This schema has no id field, so rows can be viewed but not edited here.</p>
      ) : null}
      {rows.total === 0 && !rows.error ? (
        <p className="empty">
          No rows{filter ? ' match the filter' : ' yet: add one, generate some, or import a file'}.
        </p>
      ) : null}
      <DataGrid
        table={table}
        rows={rows}
        sort={sort}
        onSort={setSort}
        selected={chosen}
        onSelect={setChosen}
        keyField={keyField}
        onDeleteSelected={() => document.querySelector<HTMLButtonElement>('[data-testid="delete-rows"]')?.click()}
        onEdit={async (row, field, value) => {
          await client.call('tables.update', {
            table: t,
            key: row[keyField ?? 'id'] as string | number,
            changes: { [field]: value },
          });
          rows.refresh();
        }}
      />
    </div>
  );
}
