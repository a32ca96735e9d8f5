import type { ReactNode } from 'react';
import type { DocPath } from '../../../../shared/src/config-edit/index';
import type { EditOutcome } from '../edit-queue';
import { FieldFrame, Messages, useDraftField } from '../inputs';
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
  const { draft, refused, focus, change, cancel, commit, id, readOnly } = useDraftField(value);
  return (
    <FieldFrame id={id} label={label} bare={bare}>
      <HighlightedText
        id={id}
        label={bare ? label : undefined}
        value={draft}
        singleLine={singleLine}
        readOnly={readOnly}
        invalid={refused !== undefined}
        placeholder={placeholder}
        testId={testId}
        onChange={change}
        onFocus={focus}
        onBlur={() => void commit(() => onCommit(draft))}
        onKeyDown={(e) => {
          if (singleLine && e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') cancel();
        }}
      />
      <Messages at={at} refused={refused} />
      {after?.(draft)}
    </FieldFrame>
  );
}
