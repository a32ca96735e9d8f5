import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
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
import { MapEntry } from '../MapEntry';

/** One `when` entry: its target, and each operator with its value. */
export function ConditionRow({ at, target, condition }: { at: DocPath; target: string; condition: unknown }) {
  const { submit } = useForms();
  const parts = conditionParts(condition);
  const here: DocPath = [...at, target];
  const write = (next: ConditionPart[]) => submit((t) => modify(t, here, conditionValue(next)), here);
  const change = (i: number, patch: Partial<ConditionPart>) =>
    write(parts.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <MapEntry at={at} name={target} keyLabel={`Target of ${target}`} kind="condition" className="condition-row">
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
    </MapEntry>
  );
}
