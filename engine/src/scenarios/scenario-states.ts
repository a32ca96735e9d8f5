/**
 * Where the scenarios' current states live. On SQLite (or in memory) in the engine itself, kept
 * across reloads; on PostgreSQL in a table beside the config's tables, so every replica of a mock
 * sees (and moves) the same states.
 */
import type { MaybePromise } from '../store/store.js';

export interface ScenarioStates {
  /** Every declared scenario's current state. */
  all(): MaybePromise<Record<string, string>>;
  /** Sets states (names the config declares). */
  set(states: Readonly<Record<string, string>>): MaybePromise<void>;
  /** Every scenario back to its start state. */
  reset(): MaybePromise<void>;
  /** A config's scenarios: a new name starts at its start state; a known one keeps its state. */
  configure(starts: ReadonlyMap<string, string>): MaybePromise<void>;
}

/** The states in the engine's memory. */
export class MemoryScenarioStates implements ScenarioStates {
  private starts: ReadonlyMap<string, string> = new Map();
  private readonly states = new Map<string, string>();

  all(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, start] of this.starts) out[name] = this.states.get(name) ?? start;
    return out;
  }

  set(states: Readonly<Record<string, string>>): void {
    for (const [name, state] of Object.entries(states)) if (this.starts.has(name)) this.states.set(name, state);
  }

  reset(): void {
    this.states.clear();
  }

  configure(starts: ReadonlyMap<string, string>): void {
    this.starts = starts;
    for (const name of [...this.states.keys()]) if (!starts.has(name)) this.states.delete(name);
  }
}
