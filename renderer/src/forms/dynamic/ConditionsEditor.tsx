import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { ConditionRow } from './ConditionRow';
import { NewCondition } from './NewCondition';

const asWhen = (v: unknown): [string, unknown][] =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [];

/** A rule's `when`: every condition must hold. */
export function ConditionsEditor({
  at,
  when,
  suggestions,
  example,
  empty = 'No conditions: the rule matches every request.',
}: {
  at: DocPath;
  when: unknown;
  suggestions: readonly string[];
  example?: string;
  /** What an empty `when` means here. */
  empty?: string;
}) {
  const { submit } = useForms();
  const rows = asWhen(when);
  return (
    <fieldset className="form-group" aria-label="Conditions">
      <legend>When all of these hold</legend>
      {rows.length === 0 ? <p className="form-hint">{empty}</p> : null}
      {rows.map(([target, condition]) => (
        <ConditionRow key={target} at={at} target={target} condition={condition} />
      ))}
      <NewCondition
        suggestions={suggestions}
        button="Add condition"
        example={example}
        onAdd={(target, value) => {
          if (rows.some(([t]) => t === target))
            return Promise.resolve({ ok: false as const, message: `There is already a condition on '${target}'.` });
          return submit((t) => modify(t, [...at, target], value), [...at, target]);
        }}
      />
    </fieldset>
  );
}
