/**
 * The WAI-ARIA grid pattern's keys for the data grid, as a pure function: where the active cell
 * goes, or what the key does there. Row -1 is the header; column 0 is the row-selection column.
 */
export interface Cell {
  row: number;
  col: number;
}

export type KeyAction =
  | { kind: 'move'; to: Cell }
  /** Enter or F2: edit the cell (or sort by a header, toggle a checkbox). */
  | { kind: 'activate' }
  /** Space: toggle the checkbox in the cell (a boolean, the row's selection). */
  | { kind: 'toggle' }
  /** Shift+Space: select or unselect the row. */
  | { kind: 'select-row' }
  /** A printable key: edit the cell, starting from this text. */
  | { kind: 'type'; text: string }
  /** Ctrl+Enter on a reference: show the record it names. */
  | { kind: 'open-reference' }
  /** Ctrl+Shift+Left/Right on a header: narrow or widen the column. */
  | { kind: 'resize'; by: number }
  | undefined;

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

/** What `e` does on `at` in a grid of `rows` rows (plus the header) and `cols` columns, `page` rows to a screen. */
export function gridKey(e: KeyLike, at: Cell, rows: number, cols: number, page: number): KeyAction {
  const ctrl = e.ctrlKey || e.metaKey;
  const lastRow = rows - 1;
  const move = (row: number, col: number): KeyAction => ({
    kind: 'move',
    to: { row: clamp(row, -1, lastRow), col: clamp(col, 0, cols - 1) },
  });
  if (ctrl && e.shiftKey && at.row === -1 && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'))
    return { kind: 'resize', by: e.key === 'ArrowLeft' ? -16 : 16 };
  switch (e.key) {
    case 'ArrowUp':
      return move(at.row - 1, at.col);
    case 'ArrowDown':
      return move(at.row + 1, at.col);
    case 'ArrowLeft':
      return move(at.row, at.col - 1);
    case 'ArrowRight':
      return move(at.row, at.col + 1);
    case 'Home':
      return ctrl ? move(0, 0) : move(at.row, 0);
    case 'End':
      return ctrl ? move(lastRow, cols - 1) : move(at.row, cols - 1);
    case 'PageUp':
      return move(Math.max(at.row === -1 ? -1 : 0, at.row - page), at.col);
    case 'PageDown':
      return move(at.row + page, at.col);
    case 'F2':
      return { kind: 'activate' };
    case 'Enter':
      return ctrl ? { kind: 'open-reference' } : { kind: 'activate' };
    case ' ':
      return e.shiftKey ? { kind: 'select-row' } : { kind: 'toggle' };
  }
  if (e.key.length === 1 && !ctrl && !e.altKey) return { kind: 'type', text: e.key };
  return undefined;
}
