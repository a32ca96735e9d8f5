import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toText } from '../../../shared/src/field-text';
import type { TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import { CellEditor, type Move } from './CellEditor';
import { useColumnWidths } from './column-widths';
import { editorText, editorValue, sameValue, typeOf } from './field-text-input';
import { GridHeader } from './GridHeader';
import type { LoadOptions } from './ReferenceInput';
import type { RowsView } from './use-table-rows';

const ROW_HEIGHT = 28;

type Row = Record<string, unknown>;

interface Props {
  table: TableInfo;
  rows: RowsView;
  sort: TableQuery['sort'];
  onSort(sort: TableQuery['sort']): void;
  selected: ReadonlySet<string>;
  onSelect(keys: Set<string>): void;
  keyField: string | undefined;
  /** Writes one cell; rejects with the engine's message when the value is refused. */
  onEdit(row: Row, field: string, value: unknown): Promise<void>;
  onDeleteSelected(): void;
  /** A failure with no cell to show it in (a checkbox toggle). */
  onError(message: string): void;
  /** The records a reference field offers in its cell editor (undefined for other fields). */
  loadFor(field: string): LoadOptions | undefined;
  /** A reference cell's link: shows the record it names. */
  onOpenReference(field: string, value: unknown): void;
}

interface Editing {
  index: number;
  field: string;
  error?: string;
}

/** A value the engine or the type refused, kept in its cell (marked, with the reason) until fixed or dropped. */
interface Refused {
  text: string;
  error: string;
}

/** A virtualised grid: only the visible rows exist in the page, fetched a page at a time. */
export function DataGrid(props: Props) {
  const { table, rows, sort, onSort, selected, onSelect, keyField, onEdit, onDeleteSelected, onError } = props;
  const { loadFor, onOpenReference } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const [refused, setRefused] = useState<ReadonlyMap<string, Refused>>(new Map());
  const widths = useColumnWidths(table, rows);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: another table closes the editor of this one.
  useEffect(() => setEditing(undefined), [table.table]);
  const editable = !table.orphaned && keyField !== undefined;
  // Fixed widths: every row is its own grid, so the columns only line up if no row sizes them.
  const columns = `40px ${table.fields.map((f) => `${widths.widthOf(f.name)}px`).join(' ')}`;
  // Cells Tab moves through: booleans are checkboxes and the key is not edited.
  const textFields = table.fields.filter((f) => f.name !== keyField && f.type !== 'boolean').map((f) => f.name);

  const keyOf = (row: Row) => (keyField ? String(row[keyField]) : '');
  const cellId = (row: Row, field: string) => `${table.table}\u0000${keyOf(row)}\u0000${field}`;
  const toggleRow = (row: Row) => {
    const next = new Set(selected);
    const key = keyOf(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  const forget = (id: string) =>
    setRefused((all) => {
      if (!all.has(id)) return all;
      const next = new Map(all);
      next.delete(id);
      return next;
    });
  const isEditing = (index: number, field: string) => (cur: Editing | undefined) =>
    cur?.index === index && cur.field === field;

  const leave = (index: number, field: string, move: Move) => {
    const at = textFields.indexOf(field) + (move === 'next' ? 1 : move === 'previous' ? -1 : Number.NaN);
    const target = textFields[at];
    // Only the editor this commit came from closes: the user may have opened another one meanwhile.
    setEditing((cur) => {
      if (!isEditing(index, field)(cur)) return cur;
      return target === undefined ? undefined : { index, field: target };
    });
  };

  const commit = (row: Row, index: number, field: string, text: string, move: Move) => {
    const type = typeOf(table.fields.find((f) => f.name === field)?.type ?? 'string');
    const id = cellId(row, field);
    const refuse = (error: string) => {
      if (move === 'away') {
        // Clicked away: the value stays in its cell, marked, with the reason; never silently lost.
        setRefused((all) => new Map(all).set(id, { text, error }));
        onError(`${field} of row ${keyOf(row)} was not saved: ${error} Double-click the marked cell to fix it.`);
        setEditing((cur) => (isEditing(index, field)(cur) ? undefined : cur));
      } else setEditing((cur) => (isEditing(index, field)(cur) ? { index, field, error } : cur));
    };
    const parsed = editorValue(type, text);
    if (!parsed.ok) return refuse(`Value ${parsed.message}.`);
    if (sameValue(type, row[field], parsed.value)) {
      forget(id);
      return leave(index, field, move);
    }
    onEdit(row, field, parsed.value).then(
      () => {
        forget(id);
        leave(index, field, move);
      },
      (err: Error) => refuse(err.message),
    );
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
      <GridHeader
        fields={table.fields}
        columns={columns}
        sort={sort}
        onSort={onSort}
        widthOf={widths.widthOf}
        onResize={widths.resize}
      />
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
                const type = typeOf(f.type);
                const kept = row ? refused.get(cellId(row, f.name)) : undefined;
                if (row && editing?.index === item.index && editing.field === f.name) {
                  return (
                    <div key={f.name} className="grid-cell editing">
                      <CellEditor
                        key={`${item.index}:${f.name}`}
                        type={type}
                        initial={kept?.text ?? editorText(type, value)}
                        error={editing.error ?? kept?.error}
                        load={loadFor(f.name)}
                        onCancel={() => {
                          // Escape drops the edit, a refused one too: that is a choice, not a loss.
                          forget(cellId(row, f.name));
                          setEditing(undefined);
                          scroller.current?.focus();
                        }}
                        onCommit={(text, move) => commit(row, item.index, f.name, text, move)}
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
                        onChange={() => void onEdit(row, f.name, !value).catch((err: Error) => onError(err.message))}
                      />
                    </span>
                  );
                }
                const open = () =>
                  row && editable && f.name !== keyField && setEditing({ index: item.index, field: f.name });
                if (kept) {
                  return (
                    <span
                      key={f.name}
                      className="grid-cell refused"
                      title={`Not saved: ${kept.error} Double-click to fix it, Escape in the editor to drop it.`}
                      data-testid="refused-cell"
                      onDoubleClick={open}
                    >
                      <AlertCircle size={12} aria-label="Not saved" />
                      <span>{kept.text}</span>
                    </span>
                  );
                }
                const target = f.references;
                if (row && target && value !== null && value !== undefined) {
                  const text = toText(type, value);
                  return (
                    <span key={f.name} className="grid-cell reference" onDoubleClick={open}>
                      <button
                        type="button"
                        className="reference-link"
                        title={`Open the ${target.schema} with ${target.field} ${text} (in ${target.table}); double-click beside it to edit`}
                        data-testid="reference-link"
                        onClick={() => onOpenReference(f.name, value)}
                        onDoubleClick={(e) => e.stopPropagation()}
                      >
                        {text}
                      </button>
                    </span>
                  );
                }
                return (
                  <span
                    key={f.name}
                    className={`grid-cell${value === null ? ' null' : type === 'integer' || type === 'number' ? ' num' : ''}`}
                    title={toText(type, value)}
                    onDoubleClick={open}
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
