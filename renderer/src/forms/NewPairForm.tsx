import { Plus } from 'lucide-react';
import type { FormEvent } from 'react';

interface Box {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

interface Props {
  /** The form's accessible name (`New scenario`). */
  label: string;
  disabled: boolean;
  name: Box;
  value: Box;
  /** The button's text (`Add scenario`). */
  add: string;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}

/** A name and a value typed side by side and added as one entry (a header, a scenario and its start state). */
export function NewPairForm({ label, disabled, name, value, add, onSubmit }: Props) {
  return (
    <form className="new-field" aria-label={label} onSubmit={onSubmit}>
      {[name, value].map((box) => (
        <input
          key={box.label}
          aria-label={box.label}
          className="mono"
          placeholder={box.placeholder}
          value={box.value}
          disabled={disabled}
          onChange={(e) => box.onChange(e.target.value)}
        />
      ))}
      <button type="submit" className="btn" disabled={disabled}>
        <Plus size={14} /> {add}
      </button>
    </form>
  );
}
