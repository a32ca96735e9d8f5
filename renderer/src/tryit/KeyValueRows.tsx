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

/** One name/value row: ticked to send, its name (with suggestions), its value, and ✕. */
function KeyValueRowView({
  row: r,
  noun,
  listId,
  onChange,
  onRemove,
}: {
  row: KeyValueRow;
  noun: string;
  listId: string | undefined;
  onChange(patch: Partial<KeyValueRow>): void;
  onRemove(): void;
}) {
  return (
    <div className="kv-row">
      <input
        type="checkbox"
        checked={r.on}
        onChange={(e) => onChange({ on: e.target.checked })}
        aria-label={`Send ${r.name || `this ${noun.toLowerCase()}`}`}
      />
      <input
        className="kv-name"
        value={r.name}
        list={listId}
        placeholder="name"
        spellCheck={false}
        onChange={(e) => onChange({ name: e.target.value })}
        aria-label={`${noun} name`}
      />
      <input
        className="kv-value"
        value={r.value}
        placeholder="value"
        spellCheck={false}
        onChange={(e) => onChange({ value: e.target.value })}
        aria-label={`Value of ${r.name || noun.toLowerCase()}`}
      />
      <button type="button" className="icon" onClick={onRemove} aria-label={`Remove ${r.name || noun.toLowerCase()}`}>
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
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
  return (
    <div className="kv" data-testid={testId} ref={root}>
      {rows.map((r) => (
        <KeyValueRowView
          key={r.id}
          row={r}
          noun={noun}
          listId={listId}
          onChange={(patch) => onChange(rows.map((x) => (x.id === r.id ? { ...x, ...patch } : x)))}
          onRemove={() => onChange(rows.filter((x) => x.id !== r.id))}
        />
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
