import { Plus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type KeyValueRow, row } from './request-draft';

interface Props {
  rows: KeyValueRow[];
  onChange(rows: KeyValueRow[]): void;
  /** "Query parameter" or "Header": names the inputs for screen readers and tests. */
  noun: string;
  /** Names to suggest in the name input (a datalist), e.g. a list endpoint's filters. */
  suggestions?: readonly string[];
  testId: string;
}

/** Editable name/value rows; an unticked row is kept but not sent. */
export function KeyValueRows({ rows, onChange, noun, suggestions, testId }: Props) {
  const listId = suggestions?.length ? `${testId}-names` : undefined;
  const root = useRef<HTMLDivElement>(null);
  // "Add …" puts the focus in the new row's name, ready to type (not left on the button).
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    const names = root.current?.querySelectorAll<HTMLInputElement>('.kv-name');
    names?.[names.length - 1]?.focus();
  });
  const update = (id: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <div className="kv" data-testid={testId} ref={root}>
      {rows.map((r) => (
        <div className="kv-row" key={r.id}>
          <input
            type="checkbox"
            checked={r.on}
            onChange={(e) => update(r.id, { on: e.target.checked })}
            aria-label={`Send ${r.name || `this ${noun.toLowerCase()}`}`}
          />
          <input
            className="kv-name"
            value={r.name}
            list={listId}
            placeholder="name"
            spellCheck={false}
            onChange={(e) => update(r.id, { name: e.target.value })}
            aria-label={`${noun} name`}
          />
          <input
            className="kv-value"
            value={r.value}
            placeholder="value"
            spellCheck={false}
            onChange={(e) => update(r.id, { value: e.target.value })}
            aria-label={`Value of ${r.name || noun.toLowerCase()}`}
          />
          <button
            type="button"
            className="icon"
            onClick={() => onChange(rows.filter((x) => x.id !== r.id))}
            aria-label={`Remove ${r.name || noun.toLowerCase()}`}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn kv-add"
        onClick={() => {
          added.current = true;
          onChange([...rows, row('', '')]);
        }}
      >
        <Plus size={14} aria-hidden="true" />
        Add {noun.toLowerCase()}
      </button>
      {listId ? (
        <datalist id={listId}>
          {suggestions?.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}
