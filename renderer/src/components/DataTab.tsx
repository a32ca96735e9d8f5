import { useEffect, useState } from 'react';
import type { TableInfo, TableRows } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

interface Props {
  client: StudioClient;
  tables: TableInfo[];
  selected: string | undefined;
  onSelect(table: string): void;
}

const PAGE = 100;

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The tables of the live config, a page of rows at a time. */
export function DataTab({ client, tables, selected, onSelect }: Props) {
  const table = tables.find((t) => t.table === selected) ?? tables[0];
  const [rows, setRows] = useState<TableRows | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const rowCount = table?.rows;

  useEffect(() => {
    if (!table || table.orphaned) return setRows(undefined);
    let alive = true;
    client.call('tables.query', { table: table.table, offset: 0, limit: PAGE }).then(
      (r) => alive && (setRows(r), setError(undefined)),
      (e: Error) => alive && setError(e.message),
    );
    return () => {
      alive = false;
    };
  }, [client, table?.table, table?.orphaned, rowCount]);

  if (!table) {
    return (
      <div className="empty-state" data-testid="data-empty">
        <h3>No tables</h3>
        <p>Declare a schema under <code>schemas:</code> and save: its table appears here.</p>
      </div>
    );
  }
  return (
    <div className="data" data-testid="data">
      <div className="toolbar">
        <select value={table.table} onChange={(e) => onSelect(e.target.value)} aria-label="Table">
          {tables.map((t) => (
            <option key={t.table} value={t.table}>
              {t.table} ({t.rows})
            </option>
          ))}
        </select>
        {rows ? <span>{rows.total > PAGE ? `first ${PAGE} of ${rows.total} rows` : `${rows.total} rows`}</span> : null}
        {error ? <span className="error">{error}</span> : null}
      </div>
      {table.orphaned ? <p className="empty">This table belongs to a schema that was removed; its data is kept.</p> : null}
      {rows && rows.rows.length === 0 ? <p className="empty">No rows yet. Create some with a POST to the API.</p> : null}
      {rows && rows.rows.length > 0 ? (
        <table>
          <thead>
            <tr>
              {table.fields.map((f) => (
                <th key={f.name}>
                  {f.name} <span className="type">{f.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.rows.map((row, i) => (
              <tr key={i}>
                {table.fields.map((f) => (
                  <td key={f.name}>{cell(row[f.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
