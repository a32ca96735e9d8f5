import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { modify, renameKey } from '../../../shared/src/config-edit/index';
import { NewPairForm } from './NewPairForm';
import { useForms } from './form-context';
import { Messages, TextInput } from './inputs';

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const show = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * `scenarios:`: each scenario's name and start state. Rules read them with the `scenario.<name>`
 * target and endpoints or rules move them with `setScenario`; the status bar's switcher sets the
 * current state by hand.
 */
export function ScenariosForm() {
  const { written, submit, readOnly } = useForms();
  const rows = Object.entries(written.scenarios);
  const [name, setName] = useState('');
  const [start, setStart] = useState('');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    const s = start.trim();
    if (!NAME.test(n)) return setRefused('A scenario name is a word: letters, digits, _ or -, e.g. order.');
    if (n in written.scenarios) return setRefused(`There is already a scenario '${n}'.`);
    if (!s) return setRefused(`Give '${n}' a start state, e.g. started.`);
    const outcome = await submit((t) => modify(t, ['scenarios', n], s), ['scenarios', n]);
    if (outcome.ok) {
      setName('');
      setStart('');
    }
    setRefused(outcome.ok ? undefined : outcome.message);
  };
  return (
    <fieldset className="form-card form-group" aria-label="Scenarios" data-testid="scenarios-form">
      <legend>Scenarios</legend>
      <p className="form-hint">
        A scenario is a named state (cart → paid → shipped). Rules match it with the target <code>scenario.name</code>,
        and an endpoint or a rule moves it with “Set scenario”.
      </p>
      <Messages at={['scenarios']} exact />
      {rows.map(([scenario, state]) => (
        <div className="scenario-entry" key={scenario} data-testid={`scenario-${scenario}`}>
          <TextInput
            label={`Name of scenario ${scenario}`}
            bare
            mono
            exact
            value={scenario}
            at={['scenarios', scenario]}
            onCommit={(next) => submit((t) => renameKey(t, ['scenarios'], scenario, next.trim()), ['scenarios'])}
          />
          <TextInput
            label={`Start state of ${scenario}`}
            bare
            mono
            value={show(state)}
            onCommit={(next) => submit((t) => modify(t, ['scenarios', scenario], next.trim()), ['scenarios', scenario])}
          />
          <button
            type="button"
            className="icon danger"
            disabled={readOnly}
            aria-label={`Remove scenario ${scenario}`}
            onClick={() =>
              void submit(
                (t) => modify(t, rows.length === 1 ? ['scenarios'] : ['scenarios', scenario], undefined),
                ['scenarios'],
              )
            }
          >
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ))}
      <NewPairForm
        label="New scenario"
        disabled={readOnly}
        name={{
          label: 'Scenario name',
          placeholder: 'order',
          value: name,
          onChange: (v) => {
            setName(v);
            setRefused(undefined);
          },
        }}
        value={{
          label: 'Start state',
          placeholder: 'started',
          value: start,
          onChange: (v) => {
            setStart(v);
            setRefused(undefined);
          },
        }}
        add="Add scenario"
        onSubmit={(e) => void add(e)}
      />
      <Messages refused={refused} />
    </fieldset>
  );
}
