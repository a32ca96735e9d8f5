import { Trash2 } from 'lucide-react';
import type { WrittenField } from '../../../shared/src/config-edit/as-written';
import { FIELD_TYPES } from '../../../shared/src/config-schema';
import type { EditOutcome } from './edit-queue';
import { deleteField, type FieldOption, setFieldOption } from './field-edits';
import { useForms } from './form-context';
import { CheckInput, SelectInput, TextInput } from './inputs';
import { MoveButtons } from './MoveButtons';
import { swapEntries } from './swap-entries';
import { parseTyped, showTyped } from './typed-value';

interface Props {
  field: WrittenField;
  previous: string | undefined;
  next: string | undefined;
  /** Renames the field everywhere the config names it (FieldsTable). */
  onRename(to: string): Promise<EditOutcome>;
}

/** One field of a schema: every control writes its own option of this field only. */
export function FieldRow({ field, previous, next, onRename }: Props) {
  const { submit, readOnly } = useForms();
  const set = (option: FieldOption, value: unknown) =>
    submit((text) => setFieldOption(text, field, option, value), [...field.path, option]);
  const mapPath = field.path.slice(0, -1);
  const swap = (other: string) => void submit((text) => swapEntries(text, mapPath, field.name, other), mapPath);
  // A type the engine does not know stays selectable, so the row shows what is written.
  const types: readonly string[] = FIELD_TYPES.includes(field.type as never)
    ? FIELD_TYPES
    : [field.type, ...FIELD_TYPES];
  return (
    <tr data-testid={`field-${field.name}`}>
      <td>
        <TextInput
          bare
          label="Field name"
          value={field.name}
          at={field.path}
          exact
          onCommit={(to) => onRename(to.trim())}
        />
      </td>
      <td>
        <SelectInput
          bare
          label="Type"
          value={field.type}
          options={types}
          at={[...field.path, 'type']}
          onCommit={(t) => set('type', t)}
        />
      </td>
      <td className="center">
        <CheckInput
          bare
          label={`Required: ${field.name}`}
          checked={field.required}
          onCommit={(v) => set('required', v)}
        />
      </td>
      <td className="center">
        <CheckInput bare label={`Unique: ${field.name}`} checked={field.unique} onCommit={(v) => set('unique', v)} />
      </td>
      <td>
        <TextInput
          bare
          label="Default"
          value={showTyped(field.default)}
          placeholder="none"
          at={[...field.path, 'default']}
          onCommit={(v) => set('default', parseTyped(field.type, v))}
        />
      </td>
      <td>
        <TextInput
          bare
          label="Description"
          value={field.description ?? ''}
          at={[...field.path, 'description']}
          onCommit={(v) => set('description', v.trim())}
        />
      </td>
      <td className="row-actions">
        <MoveButtons
          name={field.name}
          disabled={readOnly}
          onUp={previous === undefined ? undefined : () => swap(previous)}
          onDown={next === undefined ? undefined : () => swap(next)}
        />
        <button
          type="button"
          className="icon danger"
          aria-label={`Delete field ${field.name}`}
          title="Delete field"
          disabled={readOnly}
          onClick={() => void submit((text) => deleteField(text, field), mapPath)}
        >
          <Trash2 size={14} />
        </button>
      </td>
    </tr>
  );
}
