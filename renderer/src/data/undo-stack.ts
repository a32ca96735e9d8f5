import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { counted } from '../../../shared/src/plural';
import type { StudioClient } from '../api/client';

type Row = Record<string, unknown>;
type Key = string | number;

/** One change the user made in the grid, with what it takes to make it and unmake it. */
export type Change =
  | { kind: 'edit'; key: Key; field: string; before: unknown; after: unknown }
  | { kind: 'insert'; row: Row }
  | { kind: 'delete'; rows: Row[] };

interface Stacks {
  done: Change[];
  undone: Change[];
}

/** Steps kept per table: far more than anyone walks back, few enough to never matter for memory. */
const DEPTH = 100;

/**
 * Module-level, not component state: the Data tab unmounts when another tab is shown, and the
 * history must last the whole session. One history per table, so Ctrl+Z in `users` never quietly
 * changes `posts`, which is not on screen.
 */
const histories = new Map<string, Stacks>();
const listeners = new Set<() => void>();
let version = 0;
/**
 * The step still running per table. Steps run one after another: a Ctrl+Shift+Z pressed while the
 * Ctrl+Z before it is still on its way to the engine redoes that very change, instead of finding
 * nothing to redo yet and being lost.
 */
const running = new Map<string, Promise<unknown>>();

function stacksOf(table: string): Stacks {
  let stacks = histories.get(table);
  if (!stacks) {
    stacks = { done: [], undone: [] };
    histories.set(table, stacks);
  }
  return stacks;
}

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What a change is called in "Undo edit of name", "Redo 2 rows deleted". */
export function describe(change: Change): string {
  if (change.kind === 'edit') return `edit of ${change.field}`;
  if (change.kind === 'insert') return 'row added';
  return `${counted(change.rows.length, 'row')} deleted`;
}

async function apply(client: StudioClient, table: string, keyField: string, change: Change, back: boolean) {
  if (change.kind === 'edit') {
    await client.call('tables.update', {
      table,
      key: change.key,
      changes: { [change.field]: back ? change.before : change.after },
    });
  } else if ((change.kind === 'insert') === back) {
    // Unmaking an insert and remaking a delete are both deletes, by key.
    const rows = change.kind === 'insert' ? [change.row] : change.rows;
    await client.call('tables.delete', { table, keys: rows.map((r) => r[keyField] as Key) });
  } else {
    // Restore puts rows back with their ids, so later steps that name those ids still fit.
    await client.call('tables.restore', { table, rows: change.kind === 'insert' ? [change.row] : change.rows });
  }
}

export interface UndoStack {
  /** Records a change the user just made; it clears what could be redone. */
  record(change: Change): void;
  /** Unmakes the last change; resolves to its description, or undefined when there is none. */
  undo(): Promise<string | undefined>;
  redo(): Promise<string | undefined>;
  /** Forgets this table's history (after a reset to seed, the rows it names are gone). */
  clear(): void;
  nextUndo: Change | undefined;
  nextRedo: Change | undefined;
}

/** Undo and redo of cell edits, added rows and deleted rows of one table, for the session. */
export function useUndoStack(client: StudioClient, table: string | undefined, keyField: string | undefined): UndoStack {
  useSyncExternalStore(subscribe, () => version);
  const name = table ?? '';
  const stacks = stacksOf(name);
  const record = useCallback(
    (change: Change) => {
      const s = stacksOf(name);
      s.done = [...s.done, change].slice(-DEPTH);
      s.undone = [];
      changed();
    },
    [name],
  );
  const stepNow = useCallback(
    async (back: boolean) => {
      const s = stacksOf(name);
      const from = back ? s.done : s.undone;
      const change = from.at(-1);
      if (!change || !keyField) return undefined;
      // Taken off first: a step that fails (the row was deleted meanwhile) must not block every later one.
      from.pop();
      changed();
      await apply(client, name, keyField, change, back);
      (back ? s.undone : s.done).push(change);
      changed();
      return describe(change);
    },
    [client, name, keyField],
  );
  const step = useCallback(
    (back: boolean): Promise<string | undefined> => {
      const next = (running.get(name) ?? Promise.resolve()).then(
        () => stepNow(back),
        () => stepNow(back),
      );
      running.set(name, next);
      return next;
    },
    [name, stepNow],
  );
  const clear = useCallback(() => {
    histories.delete(name);
    changed();
  }, [name]);
  const undo = useCallback(() => step(true), [step]);
  const redo = useCallback(() => step(false), [step]);
  const nextUndo = stacks.done.at(-1);
  const nextRedo = stacks.undone.at(-1);
  return useMemo(
    () => ({ record, undo, redo, clear, nextUndo, nextRedo }),
    [record, undo, redo, clear, nextUndo, nextRedo],
  );
}

/**
 * Whether a key press belongs to the element it was pressed in: Ctrl+Z in a text box undoes typing
 * there, not the last change to the table.
 */
export function ownsUndoKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}
