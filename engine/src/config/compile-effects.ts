/** Per-endpoint and per-rule `latency` and `fault`, at config time. */
import type { FaultDefinition, LatencyDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { FaultModel, LatencyModel } from '../model/dynamic-model.js';
import type { TemplateScope } from './compile-templates.js';
import type { DocPath } from './source.js';

/** The latency model, undefined when none is set, or null when it has a problem (reported). */
export function compileLatency(
  scope: TemplateScope,
  at: DocPath,
  latency: LatencyDefinition | undefined,
): LatencyModel | undefined | null {
  if (latency === undefined) return undefined;
  if (typeof latency === 'number') return { min: latency, max: latency };
  if (latency.min > latency.max) {
    scope.problems.push(scope.source.problemAt(at, 'latencyMinAboveMax', messages.latencyMinAboveMax()));
    return null;
  }
  return { min: latency.min, max: latency.max };
}

/** The fault model, undefined when none is set, or null when it has a problem (reported). */
export function compileFault(
  scope: TemplateScope,
  at: DocPath,
  fault: FaultDefinition | undefined,
): FaultModel | undefined | null {
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
}
