import type { Problem } from '../../../shared/src/problems.js';
import { messages } from '../../../shared/src/messages.js';
import { graphqlNameProblems, graphqlPathProblems } from '../graphql/name-problems.js';
import type { ServiceModel } from '../model/service-model.js';
import type { CompileContext } from './compile-context.js';
import { compileEndpoints } from './compile-endpoints.js';
import { compileSchemas } from './compile-schemas.js';
import { compileScenarios } from './compile-scenarios.js';
import { compileSeed } from './compile-seed.js';
import { compileServer, type ServerOptions } from './compile-server.js';
import type { ConfigSource } from './source.js';
import { checkStructure } from './structure.js';
import { compileRealtime } from '../realtime/compile-realtime.js';

export interface ValidationResult {
  /** Every problem found, errors and warnings, in document order. */
  problems: Problem[];
  /** The compiled service, present only when there is no error. */
  model?: ServiceModel;
}

export const byPosition = (a: Problem, b: Problem): number =>
  a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column;

/** Every check after parsing (structure, then meaning), on either kind of source. */
export function checkConfig(source: ConfigSource, options: ServerOptions): ValidationResult {
  // `checked`: the document as the structure check parsed it, when it fits (the compile steps then
  // read its parts instead of parsing each again; the zod schemas have no transforms, so they are the same values).
  const { problems, config: checked } = checkStructure(source);
  const root = source.value;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return { problems };
  const raw = root as Record<string, unknown>;
  const broken = new Set<string>();
  const schemas = compileSchemas(source, raw.schemas, problems, broken, checked?.schemas);
  const scenarios = compileScenarios(raw.scenarios);
  const scenarioNames = new Set(scenarios.keys());
  const ctx: CompileContext = { source, schemas, problems, broken, scenarios: scenarioNames };
  const endpoints = compileEndpoints(ctx, raw.endpoints, checked?.endpoints);
  const realtime = compileRealtime(
    source,
    raw.endpoints,
    schemas,
    problems,
    broken,
    endpoints,
    scenarioNames,
    checked?.endpoints,
  );
  const seed = compileSeed(ctx, raw.seed);
  const server = compileServer(source, raw.server, options, problems, checked && (checked.server ?? {}));
  if (server.graphql)
    problems.push(...graphqlNameProblems(source, schemas), ...graphqlPathProblems(source, server.graphql, endpoints));
  if (Array.isArray(raw.endpoints) && raw.endpoints.length === 0) {
    problems.push(source.problemAt(['endpoints'], 'noEndpoints', messages.noEndpoints(), 'warning', 'key'));
  }
  problems.sort(byPosition);
  if (problems.some((p) => p.severity === 'error')) return { problems };
  return { problems, model: { schemas, endpoints, server, seed, scenarios, realtime } };
}
