/**
 * What an endpoint does per request beyond a fixed answer: its templated response, `rules:`,
 * `latency` and `fault`. An endpoint with none of these gets no dynamic model and is served exactly
 * as before (a static one from a reply computed once).
 */
import type { EndpointDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { DynamicModel, ResponseModel } from '../model/dynamic-model.js';
import { compileFault, compileLatency } from './compile-effects.js';
import { compileRules, type RuleScope } from './compile-rules.js';
import { compileCallbacks } from './compile-callbacks.js';
import { compileSetScenario } from './compile-scenarios.js';
import { compileHeaders, compileResponse } from './compile-templates.js';
import type { DocPath } from './source.js';

/**
 * The dynamic model of an endpoint: undefined when it has nothing dynamic, null when something is
 * wrong (every problem reported).
 */
export function compileDynamic(
  scope: RuleScope,
  at: DocPath,
  def: EndpointDefinition,
): DynamicModel | undefined | null {
  const { response } = def;
  let own: ResponseModel | undefined | null;
  if (scope.schema) {
    if (response.body !== undefined) {
      scope.problems.push(
        scope.source.problemAt([...at, 'response', 'body'], 'bodyWithSchema', messages.bodyWithSchema(scope.label)),
      );
      own = null;
    } else {
      const headers = compileHeaders(scope, [...at, 'response', 'headers'], response.headers);
      own = !headers
        ? null
        : headers.length > 0
          ? { kind: 'inline', value: { kind: 'constant', value: null }, headers }
          : undefined;
    }
  } else {
    own = compileResponse(scope, [...at, 'response'], response);
  }
  const latency = compileLatency(scope, [...at, 'latency'], def.latency);
  const fault = compileFault(scope, [...at, 'fault'], def.fault);
  const rules = def.rules ? compileRules(scope, [...at, 'rules'], def.rules) : [];
  const setScenario = compileSetScenario(scope, [...at, 'setScenario'], def.setScenario);
  const callbacks = compileCallbacks(scope, [...at, 'callbacks'], def.callbacks);
  if (own === null || latency === null || fault === null || !rules || setScenario === null || callbacks === null)
    return null;
  if (!own && !latency && !fault && rules.length === 0 && !setScenario && !callbacks) return undefined;
  return {
    response: own,
    latency,
    fault,
    rules,
    ...(setScenario ? { setScenario } : {}),
    ...(callbacks ? { callbacks } : {}),
  };
}
