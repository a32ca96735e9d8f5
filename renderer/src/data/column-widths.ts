import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { toText } from '../../../shared/src/field-text';
import { typeOf } from './field-text-input';
import type { RowsView } from './use-table-rows';

export const MIN_WIDTH = 56;
const MAX_AUTO_WIDTH = 360;
/** Rows looked at to size columns: the first page is plenty to see what a column holds. */
const SAMPLE_ROWS = 200;
/** Cell padding (8 px a side) plus room for the header's sort arrow and resize handle. */
const CELL_PADDING = 18;
const HEAD_PADDING = 34;
const STORAGE = 'mockyard.data.columns.';

let canvas: HTMLCanvasElement | undefined;
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 7.5;
  context.font = font;
  return context.measureText(text).width;
}

function fontOf(selector: string, fallback: string): string {
  const el = document.querySelector(selector);
  if (!el) return fallback;
  const style = getComputedStyle(el);
  return `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/** Widths that fit the header and the first rows' text, within bounds so one long value cannot take the screen. */
function measure(table: TableInfo, rows: RowsView): Record<string, number> {
  const cellFont = fontOf('.grid', '12px ui-monospace, monospace');
  const headFont = `600 ${cellFont.replace(/^\S+\s/, '')}`;
  const count = Math.min(rows.total, SAMPLE_ROWS);
  const widths: Record<string, number> = {};
  for (const f of table.fields) {
    const type = typeOf(f.type);
    const head = textWidth(f.name, headFont) + textWidth(` ${f.type}`, cellFont) + HEAD_PADDING;
    let widest = 0;
    for (let i = 0; i < count; i++) {
      const value = rows.row(i)?.[f.name];
      widest = Math.max(widest, textWidth(value === null ? 'null' : toText(type, value), cellFont));
    }
    const content = Math.min(MAX_AUTO_WIDTH, widest + CELL_PADDING);
    widths[f.name] = Math.round(Math.max(MIN_WIDTH, Math.min(head, MAX_AUTO_WIDTH), content));
  }
  return widths;
}

function stored(table: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE + table) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export interface ColumnWidths {
  widthOf(field: string): number;
  /** A width the user dragged to; kept for the table across restarts. */
  resize(field: string, width: number): void;
}

/**
 * Columns sized to their content once the first rows arrive, and again when the row count changes
 * (a Generate or an Import into a table measured empty), only ever wider, so the grid does not jump
 * while scrolling or deleting; resizable, and a width the user chose wins over the measured one.
 */
export function useColumnWidths(table: TableInfo, rows: RowsView): ColumnWidths {
  const name = table.table;
  const [measured, setMeasured] = useState<{
    table: string;
    sampled: boolean;
    total: number;
    widths: Record<string, number>;
  }>();
  const [chosen, setChosen] = useState<Record<string, number>>(() => stored(name));
  // Right after a switch, the previous table's rows are still cached for a render: a sample counts
  // only when its row has this table's fields.
  const first = rows.total > 0 ? rows.row(0) : undefined;
  const sampled = first !== undefined && table.fields.every((f) => Object.hasOwn(first, f.name));
  const fieldKey = table.fields.map((f) => `${f.name}:${f.type}`).join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the table, its fields, the first rows or the row count change; not on every scroll.
  useEffect(() => {
    const same = measured?.table === name;
    if (same && !sampled) return;
    if (same && measured.sampled && measured.total === rows.total) return;
    const fresh = measure(table, rows);
    const widths = same
      ? Object.fromEntries(Object.entries(fresh).map(([f, w]) => [f, Math.max(w, measured.widths[f] ?? 0)]))
      : fresh;
    setMeasured({ table: name, sampled, total: rows.total, widths });
  }, [name, fieldKey, sampled, rows.total]);
  useEffect(() => setChosen(stored(name)), [name]);

  const resize = useCallback(
    (field: string, width: number) =>
      setChosen((all) => {
        const next = { ...all, [field]: Math.max(MIN_WIDTH, Math.round(width)) };
        localStorage.setItem(STORAGE + name, JSON.stringify(next));
        return next;
      }),
    [name],
  );
  const widths = measured?.table === name ? measured.widths : undefined;
  return useMemo(
    () => ({ widthOf: (field: string) => chosen[field] ?? widths?.[field] ?? 160, resize }),
    [chosen, widths, resize],
  );
}
