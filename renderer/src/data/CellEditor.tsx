import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldType } from '../../../shared/src/config-schema';
import { type LoadOptions, ReferenceInput } from './ReferenceInput';

/**
 * How an edit ends: Enter commits and goes down a row; Save (or Escape) stays on the cell; Tab
 * moves the editor to the next or previous cell; clicking away leaves the grid.
 */
export type Move = 'stay' | 'down' | 'next' | 'previous' | 'away';

interface Props {
  type: FieldType;
  /** The text to start with: the cell's value, or a refused value the user typed before. */
  initial: string;
  error: string | undefined;
  /** A reference field's records, offered in a list under the input (the value can still be typed). */
  load?: LoadOptions | undefined;
  /** Enter, Tab and clicking away all commit; the grid decides what a refused value does. */
  onCommit(text: string, move: Move): void;
  /** Escape: the edit is dropped, deliberately. */
  onCancel(): void;
}

/**
 * An in-place editor for one cell, by field type, following spreadsheet conventions: Enter, Tab
 * and clicking away commit; Escape cancels. A json cell takes Ctrl+Enter, since Enter is a new line.
 */
export function CellEditor({ type, initial, error, load, onCommit, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [edited, setEdited] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Once Enter, Tab or Escape has ended the edit, the blur that follows must not end it again.
  const ended = useRef(false);
  const [place, setPlace] = useState<CSSProperties>({});
  // A refusal arrived and the editor stays open: leaving it now must commit (and mark) the value again.
  useEffect(() => {
    if (error) ended.current = false;
  }, [error]);

  // Never clipped: an editor that would reach past the grid's right (or bottom) edge opens leftward (or upward).
  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    const grid = root.current?.closest('.grid')?.getBoundingClientRect();
    if (!box || !grid) return;
    const next: CSSProperties = {};
    const over = box.right - grid.right + 4;
    if (over > 0) next.left = -Math.min(over, Math.max(0, box.left - grid.left));
    const below = box.bottom - grid.bottom + 4;
    if (below > 0) next.top = -Math.min(below, Math.max(0, box.top - grid.top - 28));
    setPlace(next);
  }, []);

  const finish = (move: Move, value = text) => {
    ended.current = move !== 'away';
    // The answer to this commit (a refusal) shows until the text changes again.
    setEdited(false);
    onCommit(value, move);
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      ended.current = true;
      onCancel();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      finish(e.shiftKey ? 'previous' : 'next');
    } else if (e.key === 'Enter' && (type !== 'json' || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      finish('down');
    } else ended.current = false;
  };
  const change = (value: string) => {
    setText(value);
    setEdited(true);
    ended.current = false;
  };
  const shown = edited ? undefined : error;
  const common = {
    autoFocus: true,
    value: text,
    onKeyDown: keys,
    'aria-invalid': shown ? true : undefined,
    'aria-label': 'Cell value',
  } as const;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the editor as a whole (input and buttons) is what commits; the div only listens.
    <div
      ref={root}
      className="cell-editor"
      data-testid="cell-editor"
      style={place}
      onBlur={(e) => {
        // Focus moving within the editor (to its Save button) is not leaving it.
        if (e.currentTarget.contains(e.relatedTarget as Node | null) || ended.current) return;
        finish('away');
      }}
    >
      {type === 'json' ? (
        <textarea {...common} rows={4} spellCheck={false} onChange={(e) => change(e.target.value)} />
      ) : load && type !== 'datetime' ? (
        <ReferenceInput
          load={load}
          text={text}
          onText={change}
          onPick={(value) => {
            setText(value);
            finish('down', value);
          }}
          input={common}
        />
      ) : type === 'datetime' ? (
        <input {...common} type="datetime-local" step={0.001} onChange={(e) => change(e.target.value)} />
      ) : (
        <input
          {...common}
          onChange={(e) => change(e.target.value)}
          inputMode={type === 'integer' || type === 'number' ? 'decimal' : undefined}
        />
      )}
      {shown ? (
        <div className="cell-error" role="alert" data-testid="cell-error">
          {shown}
        </div>
      ) : null}
      {type === 'json' || type === 'datetime' ? (
        <div className="cell-actions">
          <button type="button" onClick={() => finish('stay')}>
            Save
          </button>
          <button
            type="button"
            onClick={() => {
              ended.current = true;
              onCancel();
            }}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}
