import { Copy, Plus, Redo2, Search, Trash2, Undo2 } from 'lucide-react';
import { counted } from '../../../shared/src/plural';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { type MenuItem, OverflowMenu } from '../components/OverflowMenu';

interface Props {
  tables: TableInfo[];
  table: TableInfo;
  onSelect(table: string): void;
  filterText: string;
  onFilterText(text: string): void;
  onFilter(text: string): void;
  total: number;
  /** How many rows are ticked. */
  chosen: number;
  /** Rows can be added (the table belongs to a live schema). */
  canAdd: boolean;
  /** Rows can be changed by key (the schema has an id field). */
  canEdit: boolean;
  onAdd(): void;
  onDuplicate(): void;
  onDelete(): void;
  /** What Undo and Redo would do ("edit of name"), or undefined when there is nothing to. */
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  onUndo(): void;
  onRedo(): void;
  menu: MenuItem[];
}

const MOD = navigator.platform.startsWith('Mac') ? '⌘' : 'Ctrl+';

/**
 * The Data tab's toolbar, one row at any width: the table, the filter, the row count and the
 * everyday actions; the rest sit in "More". Labels never change with state (no "Delete (3)"), so
 * nothing jumps as rows are ticked; narrow windows keep the icons and drop the labels.
 */
export function DataToolbar(p: Props) {
  const { table } = p;
  return (
    <div className="toolbar data-toolbar" role="toolbar" aria-label="Data">
      <select value={table.table} onChange={(e) => p.onSelect(e.target.value)} aria-label="Table">
        {p.tables.map((x) => (
          <option key={x.table} value={x.table}>
            {x.table}
            {x.orphaned ? ' (removed schema)' : ''}
          </option>
        ))}
      </select>
      <form
        className="filter-form"
        onSubmit={(e) => {
          e.preventDefault();
          p.onFilter(p.filterText.trim());
        }}
      >
        <Search size={14} aria-hidden="true" />
        <input
          className="filter"
          placeholder="Filter, e.g. name_like=ann&age_gte=30"
          value={p.filterText}
          onChange={(e) => p.onFilterText(e.target.value)}
          aria-label="Filter"
          data-testid="filter"
        />
      </form>
      <span className="row-count" data-testid="row-count">
        {counted(p.total, 'row')}
      </span>
      {p.canAdd ? (
        <>
          <button type="button" className="labelled" onClick={p.onAdd} data-testid="add-row">
            <Plus size={16} aria-hidden="true" />
            <span>Add row</span>
          </button>
          <button
            type="button"
            className="labelled collapsible"
            aria-label="Duplicate"
            title="Duplicate the ticked row into the new-row form"
            disabled={!p.canEdit || p.chosen !== 1}
            onClick={p.onDuplicate}
            data-testid="duplicate"
          >
            <Copy size={16} aria-hidden="true" />
            <span>Duplicate</span>
          </button>
          <button
            type="button"
            className="labelled collapsible"
            aria-label="Delete"
            title={p.chosen ? `Delete ${counted(p.chosen, 'ticked row')} (Delete key)` : 'Tick rows to delete them'}
            disabled={!p.canEdit || p.chosen === 0}
            onClick={p.onDelete}
            data-testid="delete-rows"
          >
            <Trash2 size={16} aria-hidden="true" />
            <span>Delete</span>
          </button>
          <span className="toolbar-group">
            <button
              type="button"
              className="icon-button"
              aria-label="Undo"
              title={p.undoLabel ? `Undo ${p.undoLabel} (${MOD}Z)` : 'Nothing to undo'}
              disabled={!p.undoLabel}
              onClick={p.onUndo}
              data-testid="undo"
            >
              <Undo2 size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label="Redo"
              title={p.redoLabel ? `Redo ${p.redoLabel} (${MOD}Shift+Z)` : 'Nothing to redo'}
              disabled={!p.redoLabel}
              onClick={p.onRedo}
              data-testid="redo"
            >
              <Redo2 size={16} aria-hidden="true" />
            </button>
          </span>
          <OverflowMenu
            label="More data actions"
            text="More"
            testId="more"
            items={p.menu}
            className="more-menu"
            listClassName="data-menu-list"
            buttonClassName=""
          />
        </>
      ) : null}
    </div>
  );
}
