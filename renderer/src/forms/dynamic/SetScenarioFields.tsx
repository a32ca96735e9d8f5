import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { Messages, TextInput } from '../inputs';

const asMap = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * `setScenario` of an endpoint or a rule: for each scenario of the config (and any name written here
 * that is not one, so its problem shows), the state it moves to once this answer is chosen.
 * An empty box leaves that scenario alone; emptying the last one removes `setScenario`.
 */
export function SetScenarioFields({ at, value, owner }: { at: DocPath; value: unknown; owner: string }) {
  const { written, submit } = useForms();
  const current = asMap(value);
  const names = [...new Set([...Object.keys(written.scenarios), ...Object.keys(current)])];
  if (names.length === 0) return null;
  const here: DocPath = [...at, 'setScenario'];
  const write = (name: string, state: string) => {
    const others = Object.keys(current).filter((n) => n !== name);
    const target: DocPath = state === '' && others.length === 0 ? here : [...here, name];
    return submit((t) => modify(t, target, state === '' ? undefined : state), here);
  };
  return (
    <fieldset className="form-group" aria-label={`Set scenario (${owner})`}>
      <legend>Set scenario after answering</legend>
      <Messages at={here} exact />
      <div className="form-row">
        {names.map((name) => (
          <TextInput
            key={name}
            label={`Set ${name} to`}
            mono
            value={typeof current[name] === 'string' ? (current[name] as string) : ''}
            placeholder="unchanged"
            at={[...here, name]}
            onCommit={(state) => write(name, state.trim())}
          />
        ))}
      </div>
    </fieldset>
  );
}
