import { type FormEvent, useId } from 'react';
import {
  conditionValue,
  OPERATORS,
  type Operator,
  VALUELESS,
} from '../../../../shared/src/dynamic-form/rule-condition';
import type { EditOutcome } from '../edit-queue';
import { useForms } from '../form-context';
import { AddForm } from '../AddForm';
import { useAddForm } from '../use-add-form';

/** A new condition: target, operator and value, added (or a new rule made of it) on Enter or the button. */
export function NewCondition({
  suggestions,
  button,
  example,
  onAdd,
}: {
  suggestions: readonly string[];
  button: string;
  /** The target named in the placeholder and in the refusal of an empty one (HTTP's by default). */
  example?: string;
  onAdd(target: string, value: unknown): Promise<EditOutcome>;
}) {
  const { readOnly } = useForms();
  const form = useAddForm({ target: '', op: 'eq' as Operator, value: '' });
  const { target, op, value } = form.values;
  const listId = useId();
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const t = target.trim();
    if (!t || t.endsWith('.'))
      return form.refuse(
        example
          ? `Name the target, e.g. ${example}.`
          : 'Name the target, e.g. body.password, query.page, headers.x-debug or scenario.order.',
      );
    form.settle(await onAdd(t, conditionValue([{ op, value }])), ['target', 'value']);
  };
  return (
    <AddForm label={button} className="new-condition" add={button} refused={form.refused} onSubmit={(e) => void add(e)}>
      <input
        aria-label="Condition target"
        className="mono"
        placeholder={example ?? 'body.password'}
        list={listId}
        value={target}
        disabled={readOnly}
        aria-invalid={form.refused !== undefined || undefined}
        onChange={(e) => form.put({ target: e.target.value })}
      />
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <select
        aria-label="Condition operator"
        value={op}
        disabled={readOnly}
        onChange={(e) => form.put({ op: e.target.value as Operator })}
      >
        {OPERATORS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <input
        aria-label="Condition value"
        className="mono"
        placeholder={VALUELESS.includes(op) ? '' : 'value'}
        value={VALUELESS.includes(op) ? '' : value}
        disabled={readOnly || VALUELESS.includes(op)}
        onChange={(e) => form.put({ value: e.target.value })}
      />
    </AddForm>
  );
}
