import { useState } from 'react';
import type { FieldType } from '../../../shared/src/config-schema';
import { fromText, toText } from '../../../shared/src/field-text';
import { fromLocalInput, toLocalInput } from './datetime-input';

interface Props {
  type: FieldType;
  value: unknown;
  error: string | undefined;
  onCommit(value: unknown): void;
  onCancel(): void;
}

/** An in-place editor for one cell, by field type; invalid input is refused here with the reason. */
export function CellEditor({ type, value, error, onCommit, onCancel }: Props) {
  const [text, setText] = useState(() =>
    type === 'json' && value !== null && value !== undefined ? JSON.stringify(value, null, 2) : toText(type, value),
  );
  const [local, setLocal] = useState<string | undefined>(undefined);
  const commit = (raw: string) => {
    // The same rules as an import or a list filter; the engine checks the record again before writing.
    const parsed = fromText(type, type === 'datetime' ? fromLocalInput(raw) : raw);
    if (parsed.ok) onCommit(parsed.value);
    else setLocal(`Value ${parsed.message}.`);
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
    if (e.key === 'Enter' && (type !== 'json' || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      commit(text);
    }
  };
  const message = local ?? error;
  return (
    <div className="cell-editor" data-testid="cell-editor">
      {type === 'json' ? (
        <textarea
          autoFocus
          value={text}
          rows={4}
          onChange={(e) => {
            setText(e.target.value);
            setLocal(undefined);
          }}
          onKeyDown={keys}
          aria-invalid={!!message}
        />
      ) : type === 'datetime' ? (
        <input
          autoFocus
          type="datetime-local"
          step={1}
          defaultValue={toLocalInput(value)}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={keys}
          aria-invalid={!!message}
        />
      ) : (
        <input
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setLocal(undefined);
          }}
          onKeyDown={keys}
          onBlur={onCancel}
          aria-invalid={!!message}
          inputMode={type === 'integer' || type === 'number' ? 'decimal' : undefined}
        />
      )}
      {message ? (
        <div className="cell-error" role="alert" data-testid="cell-error">
          {message}
        </div>
      ) : null}
      {type === 'json' || type === 'datetime' ? (
        <div className="cell-actions">
          <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => commit(text)}>
            Save
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}
