import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type DocPath, modify, renameKey } from '../../../../shared/src/config-edit/index';
import {
  type ConditionPart,
  conditionParts,
  conditionValue,
  OPERATORS,
  type Operator,
  VALUELESS,
} from '../../../../shared/src/dynamic-form/rule-condition';
import { useForms } from '../form-context';
import { Messages, SelectInput, TextInput } from '../inputs';

const asWhen = (v: unknown): [string, unknown][] =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [];

/** One `when` entry: its target, and each operator with its value. */
function ConditionRow({ at, target, condition }: { at: DocPath; target: string; condition: unknown }) {
  const { submit, readOnly } = useForms();
  const parts = conditionParts(condition);
  const here: DocPath = [...at, target];
  const write = (next: ConditionPart[]) => submit((t) => modify(t, here, conditionValue(next)), here);
  const change = (i: number, patch: Partial<ConditionPart>) =>
    write(parts.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <div className="condition-row" data-testid={`condition-${target}`}>
      <TextInput
        label={`Target of ${target}`}
        bare
        mono
        exact
        value={target}
        at={here}
        onCommit={(next) => submit((t) => renameKey(t, at, target, next.trim()), at)}
      />
      <div className="condition-parts">
        {parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a condition's operators are few and keyed by place.
          <div className="condition-part" key={i}>
            <SelectInput
              label={`Operator of ${target}`}
              bare
              value={part.op}
              options={OPERATORS}
              onCommit={(op) =>
                change(i, { op: op as Operator, ...(VALUELESS.includes(op as Operator) ? { value: '' } : {}) })
              }
            />
            {VALUELESS.includes(part.op) ? (
              <span className="condition-novalue" />
            ) : (
              <TextInput
                label={`Value of ${target}`}
                bare
                mono
                value={part.value}
                placeholder={part.op === 'in' ? 'a, b, c' : part.op === 'regex' ? '^pattern' : 'value'}
                onCommit={(value) => change(i, { value })}
              />
            )}
          </div>
        ))}
        <Messages at={here} />
      </div>
      <button
        type="button"
        className="icon danger"
        disabled={readOnly}
        aria-label={`Remove condition ${target}`}
        onClick={() => void submit((t) => modify(t, here, undefined), at)}
      >
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}

/** Where a condition can look: the endpoint's parameters, the schema's fields, and the open roots. */
export function targetSuggestions(
  params: readonly string[],
  fields: readonly string[],
  scenarios: readonly string[] = [],
): string[] {
  return [
    ...params.map((p) => `params.${p}`),
    ...fields.map((f) => `body.${f}`),
    ...scenarios.map((s) => `scenario.${s}`),
    'query.',
    'headers.',
    'body.',
    'method',
  ];
}

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
  onAdd(target: string, value: unknown): Promise<{ ok: true } | { ok: false; message: string }>;
}) {
  const { readOnly } = useForms();
  const [target, setTarget] = useState('');
  const [op, setOp] = useState<Operator>('eq');
  const [value, setValue] = useState('');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const listId = useId();
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const t = target.trim();
    if (!t || t.endsWith('.'))
      return setRefused(
        example
          ? `Name the target, e.g. ${example}.`
          : 'Name the target, e.g. body.password, query.page, headers.x-debug or scenario.order.',
      );
    const outcome = await onAdd(t, conditionValue([{ op, value }]));
    if (outcome.ok) {
      setTarget('');
      setValue('');
    }
    setRefused(outcome.ok ? undefined : outcome.message);
  };
  return (
    <>
      <form className="new-condition" aria-label={button} onSubmit={(e) => void add(e)}>
        <input
          aria-label="Condition target"
          className="mono"
          placeholder={example ?? 'body.password'}
          list={listId}
          value={target}
          disabled={readOnly}
          aria-invalid={refused !== undefined || undefined}
          onChange={(e) => {
            setTarget(e.target.value);
            setRefused(undefined);
          }}
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
          onChange={(e) => setOp(e.target.value as Operator)}
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
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn" disabled={readOnly}>
          <Plus size={14} /> {button}
        </button>
      </form>
      <Messages refused={refused} />
    </>
  );
}

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
