import { useCallback, useEffect, useState } from 'react';
import type { TableInfo, TableQuery } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { useFeedback } from '../feedback/feedback';
import { useScopedError } from '../feedback/use-scoped-error';
import type { DataDialog } from './DataDialogs';
import { useDataHistory } from './use-data-history';
import { useReferenceJump, useReferenceLoaders } from './use-references';
import { useTableRows } from './use-table-rows';

type Row = Record<string, unknown>;
/** The new-row form, empty (Add row) or started from a row (Duplicate). */
type Form = { source: Row | undefined } | undefined;

const FILTER_DELAY_MS = 300;

interface Options {
  client: StudioClient;
  tables: TableInfo[];
  selected: string | undefined;
  onSelect(table: string): void;
}

/**
 * The Data tab's state: the table shown, its filter (as typed, and as applied a moment later), sort,
 * ticked rows, open dialog and new-row form, its error, its rows, the undo history and the
 * references it follows, and the writes of the grid and the new-row form. Another table starts clean; a change to the table from elsewhere refreshes it.
 */
export function useDataTab({ client, tables, selected, onSelect }: Options) {
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

  // The writes of the grid and the new-row form (the toolbar's and menu's are rowActions), each kept in the history.
  const t = name ?? '';
  /** Writes one cell; rejects with the engine's message when the value is refused. */
  const editCell = async (row: Row, field: string, value: unknown) => {
    const key = row[keyField ?? 'id'] as string | number;
    await client.call('tables.update', { table: t, key, changes: { [field]: value } });
    setError(undefined);
    history.record({ kind: 'edit', key, field, before: row[field], after: value });
    notify('Row updated');
    rows.refresh();
  };
  /** Some row already holds `value` in `field` (a unique field's check in the new-row form). */
  const isTaken = async (field: string, value: unknown) => {
    const filter = `${encodeURIComponent(field)}=${encodeURIComponent(String(value))}`;
    const found = await client.call('tables.query', { table: t, filter, offset: 0, limit: 1 });
    return found.total > 0;
  };
  const createRow = async (row: Row) => {
    const created = await client.call('tables.insert', { table: t, row });
    if (keyField) history.record({ kind: 'insert', row: created });
    setForm(undefined);
    rows.refresh();
    notify('Row created');
  };

  return {
    client,
    tables,
    onSelect,
    table,
    keyField,
    filterText,
    setFilterText,
    filter,
    setFilter,
    sort,
    setSort,
    chosen,
    setChosen,
    dialog,
    setDialog,
    form,
    setForm,
    error,
    setError,
    rows,
    history,
    act,
    undoStep,
    redoStep,
    loadFor,
    references,
    editCell,
    isTaken,
    createRow,
  };
}

export type DataTabState = ReturnType<typeof useDataTab>;
