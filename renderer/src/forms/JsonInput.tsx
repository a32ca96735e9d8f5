import { useLatest } from './use-latest';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { DocPath } from '../../../shared/src/config-edit/index';
import { HighlightedText } from './dynamic/HighlightedText';
import type { EditOutcome } from './edit-queue';
import { useForms } from './form-context';
import { Messages } from './inputs';

const show = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * A JSON body, checked as typed, its `{{ … }}` template tags highlighted; it is written (when it
 * parses) on leaving the box. A refused body stays in the box with the reason until changed or Escape.
 */
export function JsonInput({
  label,
  value,
  at,
  onCommit,
  after,
}: {
  label: string;
  value: unknown;
  at?: DocPath;
  onCommit(value: unknown): Promise<EditOutcome>;
  /** What to show under the box for the JSON as typed (undefined while it does not parse): a preview. */
  after?(draft: unknown): ReactNode;
}) {
  const { readOnly } = useForms();
  const [draft, setDraft] = useState(show(value));
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const latestDraft = useLatest(draft);
  const id = useId();
  const shown = show(value);
  useEffect(() => {
    if (!editing && refused === undefined) setDraft(shown);
  }, [shown, editing, refused]);
  let invalid: string | undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(draft);
  } catch (err) {
    invalid = `Not valid JSON: ${(err as Error).message}`;
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <HighlightedText
        id={id}
        rows={Math.min(12, Math.max(3, draft.split('\n').length))}
        value={draft}
        readOnly={readOnly}
        invalid={invalid !== undefined || refused !== undefined}
        onFocus={() => setEditing(true)}
        onChange={(v) => {
          setDraft(v);
          setEditing(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setDraft(shown);
            setRefused(undefined);
          }
        }}
        onBlur={async () => {
          if (invalid || draft === shown) {
            setEditing(false);
            if (!invalid) setRefused(undefined);
            return;
          }
          const committed = draft;
          const outcome = await onCommit(parsed);
          // Typed on while the engine checked (the box was entered again): that text stays as typed.
          if (latestDraft.current !== committed) return;
          // Still "editing" until the outcome is known: a refused draft must not be replaced meanwhile.
          setRefused(outcome.ok ? undefined : outcome.message);
          setEditing(false);
        }}
      />
      <Messages at={at} refused={invalid ?? refused} />
      {after?.(invalid ? undefined : parsed)}
    </div>
  );
}
