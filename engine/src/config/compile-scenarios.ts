/**
 * `scenarios:` (each scenario's start state) and `setScenario:` on endpoints and rules. A name that
 * `scenarios:` does not declare is a problem at its own position (so is one in a rule or a template:
 * compile-rules.ts, compile-templates.ts).
 */
import { ScenariosSchema } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import { didYouMean } from './did-you-mean.js';
import { withFix } from './fixes.js';
import type { ConfigSource, DocPath } from './source.js';

/** The declared scenarios and their start states, in order; names the structure check refused are left out. */
export function compileScenarios(raw: unknown): Map<string, string> {
  const parsed = ScenariosSchema.safeParse(raw ?? {});
  return new Map(parsed.success ? Object.entries(parsed.data) : []);
}

/** A problem for a scenario name the config does not declare, at `at` (the key or the value). */
export function unknownScenarioProblem(
  source: ConfigSource,
  at: DocPath,
  name: string,
  scenarios: ReadonlySet<string>,
  part: 'key' | 'value' = 'key',
): Problem {
  const known = [...scenarios];
  const suggestion = didYouMean(name, known);
  const message = `${messages.unknownScenario(name, known)}${suggestion ? ` Did you mean '${suggestion}'?` : ''}`;
  return withFix(source.problemAt(at, 'unknownScenario', message, 'error', part), suggestion);
}

/** `setScenario: { name: state }`, its names checked; null when one is unknown (reported). */
export function compileSetScenario(
  scope: { source: ConfigSource; problems: Problem[]; scenarios?: ReadonlySet<string> },
  at: DocPath,
  set: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> | undefined | null {
  if (set === undefined) return undefined;
  const scenarios = scope.scenarios ?? new Set<string>();
  let ok = true;
  for (const name of Object.keys(set)) {
    if (scenarios.has(name)) continue;
    scope.problems.push(unknownScenarioProblem(scope.source, [...at, name], name, scenarios));
    ok = false;
  }
  return ok ? { ...set } : null;
}
