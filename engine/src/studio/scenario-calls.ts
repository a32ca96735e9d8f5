import type { ScenarioState } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';

/** Every scenario the running config names, in the config's order, with its current and start state. */
export async function listScenarios(engine: Engine): Promise<ScenarioState[]> {
  const starts = engine.model?.scenarios;
  if (!starts || starts.size === 0) return [];
  const current = await engine.scenarios();
  return [...starts].map(([name, start]) => ({ name, start, state: current[name] ?? start }));
}

/** The status bar's switcher: sets one scenario's state by hand (as the admin API's PUT does). */
export async function setScenario(engine: Engine, args: { name: string; state: string }): Promise<ScenarioState[]> {
  if (typeof args?.name !== 'string' || typeof args.state !== 'string')
    throw new TypeError('scenarios.set needs { name: string, state: string }.');
  if (!engine.model?.scenarios?.has(args.name))
    throw new DomainError('not_found', `No scenario '${args.name}' in the config.`);
  const state = args.state.trim();
  if (state === '' || state.length > 200) throw new DomainError('invalid', 'A scenario state is 1 to 200 characters.');
  await engine.setScenario(args.name, state);
  return listScenarios(engine);
}
