import { Plus } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useForms } from './form-context';
import { Messages } from './inputs';

interface Props {
  /** The form's accessible name. */
  label: string;
  className: string;
  /** The button's text (`Add field`). */
  add: string;
  refused: string | undefined;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  /** The boxes. */
  children: ReactNode;
}

/** A row of boxes that adds an entry, its Add button, and under it why the last try was refused. */
export function AddForm({ label, className, add, refused, onSubmit, children }: Props) {
  const { readOnly } = useForms();
  return (
    <>
      <form className={className} aria-label={label} onSubmit={onSubmit}>
        {children}
        <button type="submit" className="btn" disabled={readOnly}>
          <Plus size={14} /> {add}
        </button>
      </form>
      <Messages refused={refused} />
    </>
  );
}
