/** Per-endpoint and per-rule `latency` and `fault`, at config time. */
import type { FaultDefinition, LatencyDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { FaultModel, LatencyModel } from '../model/dynamic-model.js';
import type { TemplateScope } from './compile-templates.js';
import type { DocPath } from './source.js';

/**
 * An effect of an endpoint or rule, compiled: its model, undefined when none is set, or null when it
 * has a problem (reported in the scope's problems, placed at `at`).
 */
type CompileEffect<Definition, Model> = (
  scope: TemplateScope,
  at: DocPath,
  definition: Definition | undefined,
) => Model | undefined | null;

/** `latency: 100` or `latency: { min, max }`, as the range a delay is drawn from. */
export const compileLatency: CompileEffect<LatencyDefinition, LatencyModel> = (scope, at, latency) => {
  if (latency === undefined) return undefined;
  if (typeof latency === 'number') return { min: latency, max: latency };
  if (latency.min > latency.max) {
    scope.problems.push(scope.source.problemAt(at, 'latencyMinAboveMax', messages.latencyMinAboveMax()));
    return null;
  }
  return { min: latency.min, max: latency.max };
};

/** `fault: { rate, status }` or `fault: { rate, kind }`: exactly one of status and kind. */
export const compileFault: CompileEffect<FaultDefinition, FaultModel> = (scope, at, fault) => {
  if (fault === undefined) return undefined;
  if (fault.status !== undefined && fault.kind !== undefined) {
    scope.problems.push(scope.source.problemAt([...at, 'kind'], 'faultKindAndStatus', messages.faultKindAndStatus()));
    return null;
  }
  if (fault.status === undefined && fault.kind === undefined) {
    scope.problems.push(scope.source.problemAt(at, 'faultWithoutEffect', messages.faultWithoutEffect()));
    return null;
  }
  return { rate: fault.rate ?? 1, status: fault.status, kind: fault.kind };
};
