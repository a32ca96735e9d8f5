import { type ReactNode, useId } from 'react';
import type { DocPath } from '../../../shared/src/config-edit/index';
import type { EditOutcome } from './edit-queue';
import { useForms } from './form-context';
import { problemsAt } from './problems-at';
import { useDraft } from './use-draft';
import { usePicked } from './use-picked';

/** The engine's problems at `at` and a refusal, under the control they belong to. */
export function Messages({ at, refused, exact }: { at?: DocPath; refused?: string; exact?: boolean }) {
  const { problems } = useForms();
  const shown = at ? problemsAt(problems, at).filter((p) => !exact || p.path.length === at.length) : [];
  if (!refused && shown.length === 0) return null;
  return (
    <ul className="form-messages">
      {refused ? (
        <li className="error" data-testid="form-refused">
          {/* The alert inside the item: a list item itself may not take another role (axe: list). */}
          <span role="alert">{refused}</span>
        </li>
      ) : null}
      {shown.map((p) => (
        <li key={`${p.code}:${p.message}`} className={p.severity}>
          {p.message}
        </li>
      ))}
    </ul>
  );
}

/** A field's frame: its label over the control, or none when `bare` (the control's aria-label names it). */
export function FieldFrame({
  id,
  label,
  bare,
  children,
}: {
  id: string;
  label: string;
  bare?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={bare ? 'form-field bare' : 'form-field'}>
      {bare ? null : <label htmlFor={id}>{label}</label>}
      {children}
    </div>
  );
}

/** A text field that writes on leaving it: its draft (useDraft), an id for its label, and whether the form is read-only. */
export function useDraftField(value: string) {
  return { ...useDraft(value), id: useId(), readOnly: useForms().readOnly };
}

interface TextProps {
  label: string;
  value: string;
  /** What the engine does when this is left empty. */
  placeholder?: string;
  /** Where the engine reports problems of this value. */
  at?: DocPath;
  /** Hide the visible label (a table cell): the label stays the accessible name. */
  bare?: boolean;
  type?: 'text' | 'number';
  mono?: boolean;
  /** Show only the problems exactly at `at`, not those under it (they have their own controls). */
  exact?: boolean;
  onCommit(value: string): Promise<EditOutcome>;
  children?: ReactNode;
}

/**
 * A text input that writes on Enter or leaving it, not on every key (each write is one undo step in
 * the editor). A refused value stays in the box with the engine's reason until changed or Escape.
 */
export function TextInput(props: TextProps) {
  const { label, value, placeholder, at, bare, type = 'text', mono, exact, onCommit, children } = props;
  const { draft, refused, focus, change, cancel, commit, id, readOnly } = useDraftField(value);
  return (
    <FieldFrame id={id} label={label} bare={bare}>
      <div className="form-control">
        <input
          id={id}
          aria-label={bare ? label : undefined}
          aria-invalid={refused !== undefined || undefined}
          className={mono ? 'mono' : undefined}
          type={type}
          value={draft}
          placeholder={placeholder}
          readOnly={readOnly}
          onFocus={focus}
          onChange={(e) => change(e.target.value)}
          onBlur={() => void commit(() => onCommit(draft))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
            if (e.key === 'Escape') cancel();
          }}
        />
        {children}
      </div>
      <Messages at={at} refused={refused} exact={exact} />
    </FieldFrame>
  );
}

interface SelectProps {
  label: string;
  value: string;
  options: readonly (string | { value: string; label: string })[];
  at?: DocPath;
  bare?: boolean;
  onCommit(value: string): Promise<EditOutcome>;
}

/** A dropdown that writes as soon as a value is picked; a refusal shows under it. */
export function SelectInput({ label, value, options, at, bare, onCommit }: SelectProps) {
  const { readOnly } = useForms();
  const { shown, refused, pick } = usePicked(value, onCommit);
  const id = useId();
  return (
    <FieldFrame id={id} label={label} bare={bare}>
      <select
        id={id}
        aria-label={bare ? label : undefined}
        aria-invalid={refused !== undefined || undefined}
        value={shown}
        disabled={readOnly}
        onChange={(e) => void pick(e.target.value)}
      >
        {options.map((o) => {
          const v = typeof o === 'string' ? o : o.value;
          return (
            <option key={v} value={v}>
              {typeof o === 'string' ? o : o.label}
            </option>
          );
        })}
      </select>
      <Messages at={at} refused={refused} />
    </FieldFrame>
  );
}

interface CheckProps {
  label: string;
  checked: boolean;
  at?: DocPath;
  /** In a table cell: no visible text, the label is the accessible name. */
  bare?: boolean;
  onCommit(checked: boolean): Promise<EditOutcome>;
}

export function CheckInput({ label, checked, at, bare, onCommit }: CheckProps) {
  const { readOnly } = useForms();
  const { shown, refused, pick } = usePicked(checked, onCommit);
  return (
    <div className="form-check">
      <label>
        <input
          type="checkbox"
          aria-label={bare ? label : undefined}
          checked={shown}
          disabled={readOnly}
          onChange={(e) => void pick(e.target.checked)}
        />
        {bare ? null : label}
      </label>
      <Messages at={at} refused={refused} />
    </div>
  );
}
