import { useState } from 'react';
import { formatCell, parseCell, toLocalInput } from './cells';

interface Props {
  type: string;
  value: unknown;
  error: string | undefined;
  onCommit(value: unknown): void;
  onCancel(): void;
}

/** An in-place editor for one cell, by field type; invalid input is refused here with the reason. */
export function CellEditor({ type, value, error, onCommit, onCancel }: Props) {
  const [text, setText] = useState(() =>
    type === 'json' && value !== null && value !== undefined ? JSON.stringify(value, null, 2) : formatCell(value),
  );
  const [local, setLocal] = useState<string | undefined>(undefined);
  const commit = (raw: string) => {
    const parsed = parseCell(type, raw);
    if ('error' in parsed) setLocal(`Value ${parsed.error}.`);
    else onCommit(parsed.value);
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
