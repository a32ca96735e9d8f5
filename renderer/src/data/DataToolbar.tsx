import { Copy, Plus, Redo2, Search, Trash2, Undo2 } from 'lucide-react';
import { counted } from '../../../shared/src/plural';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { type MenuItem, OverflowMenu } from '../components/OverflowMenu';
import { describe } from './undo-stack';
import type { DataTabState } from './use-data-tab';

interface Props {
  tab: DataTabState;
  /** The table shown. */
  table: TableInfo;
  onDuplicate(): void;
  onDelete(): void;
  menu: MenuItem[];
}

const MOD = navigator.platform.startsWith('Mac') ? '⌘' : 'Ctrl+';

/** Undo or Redo, named by the step it would take ("Undo edit of name (Ctrl+Z)"); disabled when there is none. */
function HistoryButton(p: {
  verb: 'Undo' | 'Redo';
  step: string | undefined;
  keys: string;
  icon: typeof Undo2;
  onClick(): Promise<unknown>;
}) {
  const Icon = p.icon;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={p.verb}
      title={p.step ? `${p.verb} ${p.step} (${p.keys})` : `Nothing to ${p.verb.toLowerCase()}`}
      disabled={!p.step}
      onClick={() => void p.onClick()}
      data-testid={p.verb.toLowerCase()}
    >
      <Icon size={16} aria-hidden="true" />
    </button>
  );
}

/**
 * The Data tab's toolbar, one row at any width: the table, the filter, the row count and the
 * everyday actions; the rest sit in "More". Labels never change with state (no "Delete (3)"), so
 * nothing jumps as rows are ticked; narrow windows keep the icons and drop the labels.
 */
export function DataToolbar({ tab, table, ...p }: Props) {
  const chosen = tab.chosen.size;
  // Rows can be changed by key (the schema has an id field).
  const canEdit = !table.orphaned && tab.keyField !== undefined;
  const { nextUndo, nextRedo } = tab.history;
  const undoLabel = nextUndo && describe(nextUndo);
  const redoLabel = nextRedo && describe(nextRedo);
  return (
    <div className="toolbar data-toolbar" role="toolbar" aria-label="Data">
      <select value={table.table} onChange={(e) => tab.onSelect(e.target.value)} aria-label="Table">
        {tab.tables.map((x) => (
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
          tab.setFilter(tab.filterText.trim());
        }}
      >
        <Search size={14} aria-hidden="true" />
        <input
          className="filter"
          placeholder="Filter, e.g. name_like=ann&age_gte=30"
          value={tab.filterText}
          onChange={(e) => tab.setFilterText(e.target.value)}
          aria-label="Filter"
          data-testid="filter"
        />
      </form>
      <span className="row-count" data-testid="row-count">
        {counted(tab.rows.total, 'row')}
      </span>
      {/* Rows can be added while the table belongs to a live schema. */}
      {table.orphaned ? null : (
        <>
          <button
            type="button"
            className="labelled"
            onClick={() => tab.setForm({ source: undefined })}
            data-testid="add-row"
          >
            <Plus size={16} aria-hidden="true" />
            <span>Add row</span>
          </button>
          <button
            type="button"
            className="labelled collapsible"
            aria-label="Duplicate"
            title="Duplicate the ticked row into the new-row form"
            disabled={!canEdit || chosen !== 1}
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
            title={chosen ? `Delete ${counted(chosen, 'ticked row')} (Delete key)` : 'Tick rows to delete them'}
            disabled={!canEdit || chosen === 0}
            onClick={p.onDelete}
            data-testid="delete-rows"
          >
            <Trash2 size={16} aria-hidden="true" />
            <span>Delete</span>
          </button>
          <span className="toolbar-group">
            <HistoryButton verb="Undo" step={undoLabel} keys={`${MOD}Z`} icon={Undo2} onClick={tab.undoStep} />
            <HistoryButton verb="Redo" step={redoLabel} keys={`${MOD}Shift+Z`} icon={Redo2} onClick={tab.redoStep} />
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
      )}
    </div>
  );
}
