/** Which scenario states a config version uses, and setting them up for its `scenarios:`. */
import type { Problem } from '../../../shared/src/problems.js';
import type { OpenedStore } from '../apply-steps.js';
import type { ServiceModel } from '../model/service-model.js';
import type { PostgresStore } from '../store/postgres/postgres-store.js';
import { errorProblem } from '../summaries.js';
import type { ScenarioStates } from './scenario-states.js';

/**
 * On PostgreSQL, the states of the store's schema (a new store: new states, loaded only then); on
 * SQLite, the engine's own, kept across reloads.
 */
export async function scenarioStatesFor(
  opened: OpenedStore,
  current: ScenarioStates,
  memory: ScenarioStates,
): Promise<ScenarioStates> {
  if (opened.db.kind !== 'postgres') return memory;
  if (!opened.fresh && current !== memory) return current;
  const store = opened.db as PostgresStore;
  const { PostgresScenarioStates } = await import('./postgres-scenario-states.js');
  return new PostgresScenarioStates(store.connection, store.pgSchema);
}

/** Declares the config's scenarios to the states; a database failure is the apply's problem. */
export async function configureScenarios(
  states: ScenarioStates,
  model: ServiceModel,
): Promise<{ ok: true } | { failure: Problem }> {
  try {
    await states.configure(model.scenarios ?? new Map());
    return { ok: true };
  } catch (err) {
    return { failure: errorProblem('migrationFailed', `Scenario states: ${(err as Error).message}`) };
  }
}
