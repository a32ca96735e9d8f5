import { useState } from 'react';
import type { TableInfo } from '../../../shared/src/studio-contract';
import type { Move } from './CellEditor';
import { editorValue, sameValue, typeOf } from './field-text-input';

type Row = Record<string, unknown>;

export interface Editing {
  index: number;
  field: string;
  error?: string;
  /** Typed on the cell to start the edit: it replaces the value. */
  typed?: string;
}

/** A value the engine or the type refused, kept in its cell (marked, with the reason) until fixed or dropped. */
export interface Refused {
  text: string;
  error: string;
}

interface Options {
  table: TableInfo;
  keyField: string | undefined;
  onEdit(row: Row, field: string, value: unknown): Promise<void>;
  onError(message: string): void;
  /** An edit ended by the keyboard (Enter, Tab, Escape, Save): the grid takes the focus back, on this cell. */
  onLeft(index: number, field: string, move: Move): void;
}

/**
 * The grid's open editor and the refused values it keeps: commit by Enter, Tab or clicking away,
 * a refusal shown in the editor (keyboard) or kept in the cell with a banner (clicked away).
 */
export function useCellEdits({ table, keyField, onEdit, onError, onLeft }: Options) {
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const [refused, setRefused] = useState<ReadonlyMap<string, Refused>>(new Map());
  // Cells Tab moves through: booleans are checkboxes and the key is not edited.
  const textFields = table.fields.filter((f) => f.name !== keyField && f.type !== 'boolean').map((f) => f.name);
  const keyOf = (row: Row) => (keyField ? String(row[keyField]) : '');
  const cellId = (row: Row, field: string) => `${table.table}\u0000${keyOf(row)}\u0000${field}`;
  const isEditing = (index: number, field: string) => (cur: Editing | undefined) =>
    cur?.index === index && cur.field === field;
  const forget = (id: string) =>
    setRefused((all) => {
      if (!all.has(id)) return all;
      const next = new Map(all);
      next.delete(id);
      return next;
    });

  const leave = (index: number, field: string, move: Move) => {
    const at = textFields.indexOf(field) + (move === 'next' ? 1 : move === 'previous' ? -1 : Number.NaN);
    const target = textFields[at];
    // Only the editor this commit came from closes: the user may have opened another one meanwhile.
    setEditing((cur) => {
      if (!isEditing(index, field)(cur)) return cur;
      return target === undefined ? undefined : { index, field: target };
    });
    if (move !== 'away') onLeft(index, target ?? field, target === undefined ? move : 'stay');
  };

  const commit = (row: Row, index: number, field: string, text: string, move: Move) => {
    const type = typeOf(table.fields.find((f) => f.name === field)?.type ?? 'string');
    const id = cellId(row, field);
    const refuse = (error: string) => {
      if (move === 'away') {
        // Clicked away: the value stays in its cell, marked, with the reason; never silently lost.
        setRefused((all) => new Map(all).set(id, { text, error }));
        onError(
          `${field} of row ${keyOf(row)} was not saved: ${error} Select the marked cell and press Enter to fix it.`,
        );
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

  const cancel = (row: Row, index: number, field: string) => {
    // Escape drops the edit, a refused one too: that is a choice, not a loss.
    forget(cellId(row, field));
    setEditing(undefined);
    onLeft(index, field, 'stay');
  };

  return {
    editing,
    setEditing,
    refusedAt: (row: Row, field: string) => refused.get(cellId(row, field)),
    commit,
    cancel,
  };
}

export type CellEdits = ReturnType<typeof useCellEdits>;
