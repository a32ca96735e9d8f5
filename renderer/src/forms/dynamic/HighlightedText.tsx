import { type KeyboardEvent, useRef } from 'react';
import { templateSegments } from '../../../../shared/src/dynamic-form/template-text';
import './dynamic.css';

interface Props {
  id?: string;
  value: string;
  /** The accessible name when there is no <label for>. */
  label?: string;
  rows?: number;
  /** One line: Enter does not add a line (the caller's onKeyDown commits). */
  singleLine?: boolean;
  readOnly?: boolean;
  invalid?: boolean;
  placeholder?: string;
  testId?: string;
  onChange(value: string): void;
  onFocus?(): void;
  onBlur?(): void;
  onKeyDown?(e: KeyboardEvent<HTMLTextAreaElement>): void;
}

/**
 * A text box whose `{{ … }}` tags are highlighted: the textarea's own text is transparent over a
 * copy of it, laid out the same, in which the tags are marked. Typing, selection, undo and the
 * caret are the textarea's own.
 */
export function HighlightedText(props: Props) {
  const { value, singleLine, onKeyDown } = props;
  const shadow = useRef<HTMLPreElement>(null);
  const rows = props.rows ?? (singleLine ? 1 : Math.min(14, Math.max(3, value.split('\n').length)));
  return (
    <div className={singleLine ? 'tpl-area single' : 'tpl-area'}>
      <pre className="tpl-shadow mono" aria-hidden="true" ref={shadow}>
        {templateSegments(value).map((s, i) =>
          s.tag ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are re-cut on every keystroke.
            <mark key={i} className="tpl-tag">
              {s.text}
            </mark>
          ) : (
            s.text
          ),
        )}
        {/* A last empty line still takes its height, as in the textarea. */}
        {'\n'}
      </pre>
      <textarea
        id={props.id}
        aria-label={props.label}
        aria-invalid={props.invalid || undefined}
        className="tpl-input mono"
        data-testid={props.testId}
        rows={rows}
        spellCheck={false}
        wrap={singleLine ? 'off' : 'soft'}
        value={value}
        placeholder={props.placeholder}
        readOnly={props.readOnly}
        onChange={(e) => props.onChange(singleLine ? e.target.value.replace(/\r?\n/g, '') : e.target.value)}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        onScroll={(e) => {
          if (!shadow.current) return;
          shadow.current.scrollTop = e.currentTarget.scrollTop;
          shadow.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
        onKeyDown={(e) => {
          if (singleLine && e.key === 'Enter') e.preventDefault();
          onKeyDown?.(e);
        }}
      />
    </div>
  );
}
