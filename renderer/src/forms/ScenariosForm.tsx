import { modify } from '../../../shared/src/config-edit/index';
import type { EditOutcome } from './edit-queue';
import { NewPairForm } from './NewPairForm';
import { MapEntry } from './MapEntry';
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
  const { written, submit } = useForms();
  const rows = Object.entries(written.scenarios);
  const add = async (name: string, start: string): Promise<EditOutcome> => {
    const n = name.trim();
    const s = start.trim();
    if (!NAME.test(n)) return { ok: false, message: 'A scenario name is a word: letters, digits, _ or -, e.g. order.' };
    if (n in written.scenarios) return { ok: false, message: `There is already a scenario '${n}'.` };
    if (!s) return { ok: false, message: `Give '${n}' a start state, e.g. started.` };
    return submit((t) => modify(t, ['scenarios', n], s), ['scenarios', n]);
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
        <MapEntry
          key={scenario}
          at={['scenarios']}
          name={scenario}
          keyLabel={`Name of scenario ${scenario}`}
          kind="scenario"
          removes={rows.length === 1 ? ['scenarios'] : undefined}
          className="scenario-entry"
        >
          <TextInput
            label={`Start state of ${scenario}`}
            bare
            mono
            value={show(state)}
            onCommit={(next) => submit((t) => modify(t, ['scenarios', scenario], next.trim()), ['scenarios', scenario])}
          />
        </MapEntry>
      ))}
      <NewPairForm
        label="New scenario"
        name={{ label: 'Scenario name', placeholder: 'order' }}
        value={{ label: 'Start state', placeholder: 'started' }}
        add="Add scenario"
        onAdd={add}
      />
    </fieldset>
  );
}
