import { useLatest } from '../use-latest';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { DocPath } from '../../../../shared/src/config-edit/index';
import type { EditOutcome } from '../edit-queue';
import { useForms } from '../form-context';
import { Messages } from '../inputs';
import { HighlightedText } from './HighlightedText';

interface Props {
  label: string;
  value: string;
  at: DocPath;
  singleLine?: boolean;
  /** Hide the visible label (a table cell): it stays the accessible name. */
  bare?: boolean;
  placeholder?: string;
  testId?: string;
  /** Empty text removes the value (a body template) rather than writing "". */
  onCommit(value: string): Promise<EditOutcome>;
  /** What to show under the box for the text as typed (the live preview). */
  after?(draft: string): ReactNode;
}

/**
 * A template in a text box with its tags highlighted, written on leaving it (Enter too, on one
 * line). A refused template stays in the box with the engine's reason until changed or Escape.
 */
export function TemplateField({ label, value, at, singleLine, bare, placeholder, testId, onCommit, after }: Props) {
  const { readOnly } = useForms();
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const latestDraft = useLatest(draft);
  const id = useId();
  useEffect(() => {
    if (!editing && refused === undefined) setDraft(value);
  }, [value, editing, refused]);
  const commit = async () => {
    if (draft === value) {
      setEditing(false);
      setRefused(undefined);
      return;
    }
    const committed = draft;
    const outcome = await onCommit(draft);
    // Typed on while the engine checked (the box was entered again): that text stays as typed.
    if (latestDraft.current !== committed) return;
    // Still "editing" until the outcome is known: a refused draft must not be replaced meanwhile.
    setRefused(outcome.ok ? undefined : outcome.message);
    setEditing(false);
  };
  return (
    <div className={bare ? 'form-field bare' : 'form-field'}>
      {bare ? null : <label htmlFor={id}>{label}</label>}
      <HighlightedText
        id={id}
        label={bare ? label : undefined}
        value={draft}
        singleLine={singleLine}
        readOnly={readOnly}
        invalid={refused !== undefined}
        placeholder={placeholder}
        testId={testId}
        onChange={(v) => {
          setDraft(v);
          setEditing(true);
        }}
        onFocus={() => setEditing(true)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (singleLine && e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') {
            setDraft(value);
            setRefused(undefined);
          }
        }}
      />
      <Messages at={at} refused={refused} />
      {after?.(draft)}
    </div>
  );
}
