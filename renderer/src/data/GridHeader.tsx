import { ArrowDown, ArrowUp } from 'lucide-react';
import type { FieldSummary } from '../../../shared/src/service-summary';
import type { TableQuery } from '../../../shared/src/studio-contract';
import { MIN_WIDTH } from './column-widths';

interface Props {
  fields: FieldSummary[];
  /** json-server mode: fields a write sent that the db.json never had; shown read-only, not sortable. */
  extras?: ReadonlySet<string>;
  columns: string;
  sort: TableQuery['sort'];
  onSort(sort: TableQuery['sort']): void;
  widthOf(field: string): number;
  onResize(field: string, width: number): void;
  /** The element id of the header cell in column `col` (0 is the selection column). */
  idOf(col: number): string;
  /** The grid's active cell, when it is in the header. */
  activeCol: number | undefined;
  onActivate(col: number): void;
}

/** Clicking a name (or Enter on it) sorts ascending, then descending, then not at all. */
export function nextSort(sort: TableQuery['sort'], field: string): TableQuery['sort'] {
  if (sort?.field !== field) return { field, descending: false };
  return sort.descending ? undefined : { field, descending: true };
}

const STEP = 16;

/**
 * The grid's header: click a name to sort (ascending, descending, off); drag a column's right edge,
 * or focus it and press the arrow keys, to resize. A name longer than its column is cut with an
 * ellipsis, never drawn over the next one. In the grid's keyboard model the header is row 1: Enter
 * sorts, Ctrl+Shift+Left/Right resizes (the grid handles the keys; nothing here takes the focus).
 */
export function GridHeader({
  fields,
  extras,
  columns,
  sort,
  onSort,
  widthOf,
  onResize,
  idOf,
  activeCol,
  onActivate,
}: Props) {
  const toggleSort = (field: string) => onSort(nextSort(sort, field));
  const drag = (field: string, e: React.PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    const handle = e.currentTarget;
    const startX = e.clientX;
    const startWidth = widthOf(field);
    handle.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => onResize(field, Math.max(MIN_WIDTH, startWidth + m.clientX - startX));
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: ARIA grid on divs, as in DataGrid (each virtualised row is its own CSS grid; a <table> cannot be).
    <div className="grid-row grid-header" style={{ gridTemplateColumns: columns }} role="row" aria-rowindex={1}>
      {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements lint/a11y/useKeyWithClickEvents: the grid holds the focus and the keys; its active cell is named by aria-activedescendant. */}
      <span
        id={idOf(0)}
        role="columnheader"
        className={activeCol === 0 ? 'active' : undefined}
        onClick={() => onActivate(0)}
      >
        <span className="visually-hidden">Selected</span>
      </span>
      {fields.map((f, i) => {
        const sorted = sort?.field === f.name ? (sort.descending ? 'descending' : 'ascending') : 'none';
        const extra = extras?.has(f.name) === true;
        return (
          // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: see the row above; the sort button inside takes the focus.
          <div
            key={f.name}
            id={idOf(i + 1)}
            className={`grid-head-cell${activeCol === i + 1 ? ' active' : ''}`}
            role="columnheader"
            aria-sort={sorted}
          >
            <button
              type="button"
              tabIndex={-1}
              className="grid-head"
              onClick={() => {
                onActivate(i + 1);
                if (!extra) toggleSort(f.name);
              }}
              title={
                extra
                  ? `${f.name}: not a field of the db.json (a write sent it); read-only here, not sortable`
                  : `${f.name} (${f.type}${f.required ? ', required' : ''}${f.unique ? ', unique' : ''}${f.references ? `, references ${f.references.table}.${f.references.field}` : ''}): click to sort`
              }
            >
              <span className="grid-head-name">{f.name}</span>{' '}
              <span className="type">{extra ? 'extra' : f.references ? `→ ${f.references.table}` : f.type}</span>
              {sorted === 'ascending' ? <ArrowUp size={12} aria-hidden="true" /> : null}
              {sorted === 'descending' ? <ArrowDown size={12} aria-hidden="true" /> : null}
            </button>
            {/* biome-ignore lint/a11y/useSemanticElements: a column resizer is a focusable separator (WAI-ARIA window splitter); <hr> cannot take focus or keys. */}
            <span
              className="col-resize"
              role="separator"
              aria-orientation="vertical"
              aria-label={`Resize ${f.name}`}
              aria-valuenow={widthOf(f.name)}
              tabIndex={-1}
              onPointerDown={(e) => drag(f.name, e)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowLeft') onResize(f.name, widthOf(f.name) - STEP);
                if (e.key === 'ArrowRight') onResize(f.name, widthOf(f.name) + STEP);
              }}
            />
          </div>
        );
      })}
    </div>
  );
}
