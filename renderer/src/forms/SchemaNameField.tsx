import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { tableNameFor } from '../../../shared/src/table-name';
import { useForms } from './form-context';
import { Messages } from './inputs';

/** "Stored in table BlogPost → blog_posts": the table a schema name makes. */
export function TablePreview({ name }: { name: string }) {
  return (
    <>
      Stored in table{' '}
      <code>
        {name} → {tableNameFor(name)}
      </code>
    </>
  );
}

interface Props {
  label: string;
  /** The box's own attributes: its id (the label's and the preview's), value and placeholder. */
  input: InputHTMLAttributes<HTMLInputElement> & { id: string; ref?: Ref<HTMLInputElement> };
  onChange(value: string): void;
  /** What is wrong with the name as typed, shown under it instead of `children`. */
  problem: string | undefined;
  /** The engine's refusal of the last write. */
  refused: string | undefined;
  testId: string;
  /** Under the box while the name will do: the table it makes, or a hint. */
  children: ReactNode;
}

/** A schema name checked as typed (New schema, Rename schema): the box, then the table it makes or what is wrong. */
export function SchemaNameField({ label, input, onChange, problem, refused, testId, children }: Props) {
  const { readOnly } = useForms();
  const { id } = input;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="form-control">
        <input
          {...input}
          disabled={readOnly}
          autoComplete="off"
          aria-invalid={problem !== undefined || undefined}
          aria-describedby={`${id}-preview`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p className="form-hint" id={`${id}-preview`} data-testid={testId}>
        {problem ? <span className="error-text">{problem}</span> : children}
      </p>
      <Messages refused={refused} />
    </div>
  );
}
