import { AddForm } from './AddForm';
import type { EditOutcome } from './edit-queue';
import { useForms } from './form-context';
import { useAddForm } from './use-add-form';

interface Box {
  label: string;
  placeholder: string;
}

interface Props {
  /** The form's accessible name (`New scenario`). */
  label: string;
  name: Box;
  value: Box;
  /** The button's text (`Add scenario`). */
  add: string;
  /** Checks and writes the entry; refused, the boxes keep it and the reason shows under them. */
  onAdd(name: string, value: string): Promise<EditOutcome>;
}

/**
 * A name and a value typed side by side and added as one entry (a header, a scenario and its start
 * state); once added the boxes empty.
 */
export function NewPairForm({ label, name, value, add, onAdd }: Props) {
  const { readOnly } = useForms();
  const form = useAddForm({ name: '', value: '' });
  const boxes = [
    { key: 'name', ...name },
    { key: 'value', ...value },
  ] as const;
  return (
    <AddForm
      label={label}
      className="new-field"
      add={add}
      refused={form.refused}
      onSubmit={async (e) => {
        e.preventDefault();
        form.settle(await onAdd(form.values.name, form.values.value), ['name', 'value']);
      }}
    >
      {boxes.map((box) => (
        <input
          key={box.key}
          aria-label={box.label}
          className="mono"
          placeholder={box.placeholder}
          value={form.values[box.key]}
          disabled={readOnly}
          onChange={(e) => form.put({ [box.key]: e.target.value })}
        />
      ))}
    </AddForm>
  );
}
