import { useEffect, useId, useState } from 'react';
import type { DocPath } from '../../../shared/src/config-edit/index';
import type { EditOutcome } from './edit-queue';
import { useForms } from './form-context';
import { Messages } from './inputs';

const show = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** A JSON body, checked as typed; it is written (when it parses) on leaving the box. */
export function JsonInput({
  label,
  value,
  at,
  onCommit,
}: {
  label: string;
  value: unknown;
  at?: DocPath;
  onCommit(value: unknown): Promise<EditOutcome>;
}) {
  const { readOnly } = useForms();
  const [draft, setDraft] = useState(show(value));
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const id = useId();
  const shown = show(value);
  useEffect(() => {
    if (!editing) setDraft(shown);
  }, [shown, editing]);
  let invalid: string | undefined;
  try {
    JSON.parse(draft);
  } catch (err) {
    invalid = `Not valid JSON: ${(err as Error).message}`;
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="mono json-input"
        rows={Math.min(12, Math.max(3, draft.split('\n').length))}
        spellCheck={false}
        value={draft}
        readOnly={readOnly}
        aria-invalid={invalid !== undefined || refused !== undefined || undefined}
        onFocus={() => setEditing(true)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={async () => {
          setEditing(false);
          if (invalid || draft === shown) return;
          const outcome = await onCommit(JSON.parse(draft) as unknown);
          setRefused(outcome.ok ? undefined : outcome.message);
        }}
      />
      <Messages at={at} refused={invalid ?? refused} />
    </div>
  );
}
