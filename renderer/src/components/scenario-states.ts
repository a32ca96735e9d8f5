import { readAsWritten } from '../../../shared/src/config-edit/as-written';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every string in a condition's value: `paid`, `{ eq: paid }`, `{ in: [paid, shipped] }`. */
function strings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (isRecord(value)) for (const v of Object.values(value)) strings(v, into);
}

function visit(entry: unknown, states: Map<string, Set<string>>): void {
  if (!isRecord(entry)) return;
  const add = (name: string, value: unknown) => {
    const set = states.get(name);
    if (set) strings(value, set);
  };
  if (isRecord(entry.setScenario)) for (const [name, state] of Object.entries(entry.setScenario)) add(name, state);
  if (isRecord(entry.when))
    for (const [target, cond] of Object.entries(entry.when))
      if (target.startsWith('scenario.')) add(target.slice('scenario.'.length), cond);
  if (Array.isArray(entry.rules)) for (const rule of entry.rules) visit(rule, states);
}

/**
 * The states each scenario of the config text can be in, as far as the config names them: its start
 * state, the states `setScenario` moves it to and the values rules test it against. The status bar's
 * switcher offers these.
 */
export function scenarioStatesIn(text: string): Map<string, string[]> {
  const written = readAsWritten(text);
  const states = new Map<string, Set<string>>();
  if (!written.ok) return new Map();
  for (const [name, start] of Object.entries(written.scenarios))
    states.set(name, new Set(typeof start === 'string' ? [start] : []));
  for (const endpoint of written.endpoints) visit(endpoint.value, states);
  return new Map([...states].map(([name, set]) => [name, [...set]]));
}
