import type { ReactNode } from 'react';
import type { DocPath } from '../../../shared/src/config-edit/index';
import { HighlightedText } from './dynamic/HighlightedText';
import type { EditOutcome } from './edit-queue';
import { FieldFrame, Messages, useDraftField } from './inputs';

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
  optional,
}: {
  label: string;
  value: unknown;
  at?: DocPath;
  onCommit(value: unknown): Promise<EditOutcome>;
  /** What to show under the box for the JSON as typed (undefined while it does not parse): a preview. */
  after?(draft: unknown): ReactNode;
  /** An empty box is no value (written as undefined), not invalid JSON. */
  optional?: boolean;
}) {
  const { draft, refused, focus, change, cancel, commit, id, readOnly } = useDraftField(show(value));
  let invalid: string | undefined;
  let parsed: unknown;
  try {
    parsed = optional && draft.trim() === '' ? undefined : JSON.parse(draft);
  } catch (err) {
    invalid = `Not valid JSON: ${(err as Error).message}`;
  }
  return (
    <FieldFrame id={id} label={label}>
      <HighlightedText
        id={id}
        rows={Math.min(12, Math.max(3, draft.split('\n').length))}
        value={draft}
        readOnly={readOnly}
        invalid={invalid !== undefined || refused !== undefined}
        onFocus={focus}
        onChange={change}
        onKeyDown={(e) => {
          if (e.key === 'Escape') cancel();
        }}
        onBlur={() => void commit(invalid ? undefined : () => onCommit(parsed))}
      />
      <Messages at={at} refused={invalid ?? refused} />
      {after?.(invalid ? undefined : parsed)}
    </FieldFrame>
  );
}
