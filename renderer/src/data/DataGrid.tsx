import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import { toText } from '../../../shared/src/field-text';
import { isFieldType } from '../../../shared/src/field-types';
import { CellEditor } from './CellEditor';
import type { RowsView } from './use-table-rows';

const ROW_HEIGHT = 28;
const COLUMN_WIDTH: Record<string, number> = {
  integer: 100,
  number: 110,
  boolean: 90,
  datetime: 210,
  json: 260,
  string: 220,
};

interface Props {
  table: TableInfo;
  rows: RowsView;
  sort: TableQuery['sort'];
  onSort(sort: TableQuery['sort']): void;
  selected: ReadonlySet<string>;
  onSelect(keys: Set<string>): void;
  keyField: string | undefined;
  /** Writes one cell; rejects with the engine's message when the value is refused. */
  onEdit(row: Record<string, unknown>, field: string, value: unknown): Promise<void>;
  onDeleteSelected(): void;
}

/** A virtualised grid: only the visible rows exist in the page, fetched a page at a time. */
export function DataGrid({ table, rows, sort, onSort, selected, onSelect, keyField, onEdit, onDeleteSelected }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ index: number; field: string; error?: string } | undefined>(undefined);
  const virtualizer = useVirtualizer({
    count: rows.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { want } = rows;
  useEffect(() => want(first, last), [first, last, want]);
  const editable = !table.orphaned && keyField !== undefined;
  // Fixed widths: every row is its own grid, so the columns only line up if no row sizes them.
  const columns = `40px ${table.fields.map((f) => `${COLUMN_WIDTH[f.type] ?? 200}px`).join(' ')}`;

  const toggleSort = (field: string) => {
    if (sort?.field !== field) onSort({ field, descending: false });
    else if (!sort.descending) onSort({ field, descending: true });
    else onSort(undefined);
  };
  const keyOf = (row: Record<string, unknown>) => (keyField ? String(row[keyField]) : '');
  const toggleRow = (row: Record<string, unknown>) => {
    const next = new Set(selected);
    const key = keyOf(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };

  return (
    <div
      className="grid"
      ref={scroller}
      data-testid="grid"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Delete' && !editing && selected.size > 0) onDeleteSelected();
      }}
    >
      <div className="grid-row grid-header" style={{ gridTemplateColumns: columns }} role="row">
        <span />
        {table.fields.map((f) => (
          <button
            type="button"
            key={f.name}
            className="grid-head"
            onClick={() => toggleSort(f.name)}
            role="columnheader"
            aria-sort={sort?.field === f.name ? (sort.descending ? 'descending' : 'ascending') : 'none'}
          >
            {f.name} <span className="type">{f.type}</span>
            {sort?.field === f.name ? (sort.descending ? ' ▼' : ' ▲') : ''}
          </button>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows.row(item.index);
          const key = row ? keyOf(row) : '';
          return (
            <div
              key={item.key}
              className={`grid-row${row && selected.has(key) ? ' selected' : ''}`}
              style={{ gridTemplateColumns: columns, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              role="row"
              data-row={item.index}
            >
              <span className="grid-select">
                {row && editable ? (
                  <input
                    type="checkbox"
                    aria-label={`Select row ${key}`}
                    checked={selected.has(key)}
                    onChange={() => toggleRow(row)}
                  />
                ) : null}
              </span>
              {table.fields.map((f) => {
                const value = row?.[f.name];
                // A left-over table's columns have SQLite types; their values are shown as text.
                const type = isFieldType(f.type) ? f.type : 'string';
                const isEditing = editing?.index === item.index && editing.field === f.name;
                if (isEditing && row) {
                  return (
                    <div key={f.name} className="grid-cell editing">
                      <CellEditor
                        type={type}
                        value={value}
                        error={editing.error}
                        onCancel={() => setEditing(undefined)}
                        onCommit={(next) =>
                          void onEdit(row, f.name, next).then(
                            () => setEditing(undefined),
                            (err: Error) => setEditing({ index: item.index, field: f.name, error: err.message }),
                          )
                        }
                      />
                    </div>
                  );
                }
                if (f.type === 'boolean' && row && editable && f.name !== keyField) {
                  return (
                    <span key={f.name} className="grid-cell">
                      <input
                        type="checkbox"
                        aria-label={`${f.name} of row ${key}`}
                        checked={value === true}
                        onChange={() => void onEdit(row, f.name, !value).catch(() => undefined)}
                      />
                    </span>
                  );
                }
                return (
                  <span
                    key={f.name}
                    className={`grid-cell${value === null ? ' null' : ''}`}
                    title={toText(type, value)}
                    onDoubleClick={() =>
                      row && editable && f.name !== keyField && setEditing({ index: item.index, field: f.name })
                    }
                  >
                    {row ? (value === null ? 'null' : toText(type, value)) : '…'}
                  </span>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
