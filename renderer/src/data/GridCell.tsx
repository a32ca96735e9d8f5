import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { toText } from '../../../shared/src/field-text';
import type { FieldSummary } from '../../../shared/src/service-summary';
import { CellEditor, type Move } from './CellEditor';
import { editorText, typeOf } from './field-text-input';
import type { LoadOptions } from './ReferenceInput';
import type { Editing, Refused } from './use-cell-edits';

type Row = Record<string, unknown>;

interface Props {
  id: string;
  field: FieldSummary;
  row: Row | undefined;
  rowKey: string;
  active: boolean;
  /** The field can be edited here (not the key, not a read-only table). */
  editable: boolean;
  editing: Editing | undefined;
  kept: Refused | undefined;
  load: LoadOptions | undefined;
  onActivate(): void;
  onOpen(): void;
  onToggle(): void;
  onOpenReference(): void;
  onCommit(text: string, move: Move): void;
  onCancel(): void;
}

interface Shape {
  content: ReactNode;
  extra?: string;
  title?: string;
  testId?: string;
}

/** What a cell shows, by what it holds: an editor, a checkbox, a refused value, a reference, a value. */
function shapeOf(p: Props): Shape {
  const { field: f, row, editing, kept } = p;
  const value = row?.[f.name];
  const type = typeOf(f.type);
  if (row && editing) {
    return {
      extra: ' editing',
      content: (
        <CellEditor
          type={type}
          initial={editing.typed ?? kept?.text ?? editorText(type, value)}
          error={editing.error ?? kept?.error}
          load={p.load}
          onCancel={p.onCancel}
          onCommit={p.onCommit}
        />
      ),
    };
  }
  if (f.type === 'boolean' && row && p.editable) {
    const unset = value === null || value === undefined;
    // Null is neither true nor false: the checkbox shows the third, mixed state.
    return {
      content: (
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={`${f.name} of row ${p.rowKey}${unset ? ' (null)' : ''}`}
          checked={value === true}
          ref={(el) => {
            if (el) el.indeterminate = unset;
          }}
          onChange={p.onToggle}
        />
      ),
    };
  }
  if (kept) {
    return {
      extra: ' refused',
      title: `Not saved: ${kept.error} Press Enter or double-click to fix it, Escape in the editor to drop it.`,
      testId: 'refused-cell',
      content: (
        <>
          <AlertCircle size={12} aria-label="Not saved" />
          <span>{kept.text}</span>
        </>
      ),
    };
  }
  const target = f.references;
  if (row && target && value !== null && value !== undefined) {
    const text = toText(type, value);
    return {
      extra: ' reference',
      content: (
        <button
          type="button"
          tabIndex={-1}
          className="reference-link"
          title={`Open the ${target.schema} with ${target.field} ${text} (in ${target.table}): click, or Ctrl+Enter on the cell; double-click beside it to edit`}
          data-testid="reference-link"
          onClick={p.onOpenReference}
          onDoubleClick={(e) => e.stopPropagation()}
        >
          {text}
        </button>
      ),
    };
  }
  return {
    extra: value === null ? ' null' : type === 'integer' || type === 'number' ? ' num' : '',
    title: toText(type, value),
    content: row ? (value === null ? 'null' : toText(type, value)) : '…',
  };
}

/** One cell of the data grid. The grid holds the focus; a click makes this cell the active one. */
export function GridCell(p: Props) {
  const shape = shapeOf(p);
  const editing = p.row !== undefined && p.editing !== undefined;
  return (
    // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements lint/a11y/useKeyWithClickEvents: a cell of the ARIA grid on divs (each virtualised row is its own CSS grid); the grid element takes the focus and the keys, and names this cell by aria-activedescendant.
    <div
      id={p.id}
      role="gridcell"
      className={`grid-cell${shape.extra ?? ''}${p.active ? ' active' : ''}`}
      title={shape.title}
      data-testid={shape.testId}
      // A click in an open editor must not take the focus back to the grid (that would commit it).
      onClick={editing ? undefined : p.onActivate}
      onDoubleClick={editing ? undefined : p.onOpen}
    >
      {shape.content}
    </div>
  );
}
