/**
 * `rules:` of an endpoint at config time: each `when` target and operator checked (a body field the
 * schema does not have, a parameter the path does not have, a bad regex), each rule's response,
 * headers, latency and fault compiled like the endpoint's own.
 */
import { RE2JS } from 're2js';
import type { ConditionDefinition, RuleDefinition } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { ConditionModel, ConditionTarget, ConditionTest, RuleModel } from '../model/dynamic-model.js';
import type { SchemaModel } from '../model/service-model.js';
import { FORBIDDEN_NAMES } from '../templates/limits.js';
import { didYouMean } from './did-you-mean.js';
import { compileHeaders, compileResponse, type TemplateScope } from './compile-templates.js';
import { compileFault, compileLatency } from './compile-effects.js';
import { compileCallbacks } from './compile-callbacks.js';
import { compileSetScenario, unknownScenarioProblem } from './compile-scenarios.js';
import type { DocPath } from './source.js';

export interface RuleScope extends TemplateScope {
  /** The endpoint's path parameters. */
  params: readonly string[];
  /** The schema of a database-backed endpoint: body conditions must name its fields. */
  schema: SchemaModel | undefined;
  /** Schemas and fields whose errors are already reported. */
  broken: ReadonlySet<string>;
}

const TARGETS = ['params', 'query', 'headers', 'body', 'scenario', 'method'] as const;
const SEGMENT = /^[A-Za-z_$][\w$-]*$/;

/** `items[0].name` as keys and indexes, or undefined when it is not a plain path. */
export function parseBodyPath(text: string): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  for (const part of text.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return undefined;
    const [, name = '', indexes = ''] = match;
    if (name !== '') {
      if (!SEGMENT.test(name) || FORBIDDEN_NAMES.has(name)) return undefined;
      path.push(name);
    } else if (indexes === '') return undefined;
    for (const index of indexes.matchAll(/\[(\d+)\]/g)) path.push(Number(index[1]));
  }
  return path.length > 0 ? path : undefined;
}

/** Text of a value for equality: strings as they are, anything else as JSON. */
export const conditionText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

export function compileTests(
  scope: RuleScope,
  at: DocPath,
  label: string,
  condition: ConditionDefinition,
): ConditionTest[] | undefined {
  if (condition === null || typeof condition !== 'object') return [{ op: 'equals', text: conditionText(condition) }];
  const tests: ConditionTest[] = [];
  if (condition.regex !== undefined) {
    try {
      tests.push({ op: 'regex', regex: RE2JS.compile(condition.regex) });
    } catch (err) {
      const detail = regexProblem(condition.regex, err);
      scope.problems.push(
        scope.source.problemAt([...at, 'regex'], 'ruleBadRegex', messages.ruleBadRegex(label, detail)),
      );
      return undefined;
    }
  }
  if (condition.in !== undefined) tests.push({ op: 'in', texts: new Set(condition.in.map(conditionText)) });
  if (condition.present !== undefined) tests.push({ op: 'present', present: condition.present });
  for (const op of ['gt', 'gte', 'lt', 'lte'] as const) {
    const number = condition[op];
    if (number !== undefined) tests.push({ op, number });
  }
  if (tests.length === 0) {
    scope.problems.push(scope.source.problemAt(at, 'ruleEmptyCondition', messages.ruleEmptyCondition(label)));
    return undefined;
  }
  return tests;
}

function compileCondition(
  scope: RuleScope,
  at: DocPath,
  label: string,
  condition: ConditionDefinition,
): ConditionModel | undefined {
  const dot = label.indexOf('.');
  const head = dot === -1 ? label : label.slice(0, dot);
  const rest = dot === -1 ? '' : label.slice(dot + 1);
  const keyProblem = (code: string, message: string): undefined => {
    scope.problems.push(scope.source.problemAt(at, code, message, 'error', 'key'));
    return undefined;
  };
  if (!(TARGETS as readonly string[]).includes(head) || (head === 'method') !== (rest === '')) {
    const suggestion = didYouMean(head, TARGETS);
    return keyProblem(
      'ruleUnknownTarget',
      messages.ruleUnknownTarget(
        label,
        suggestion && suggestion !== head ? `${suggestion}${suggestion === 'method' ? '' : '.'}` : undefined,
      ),
    );
  }
  const target = head as ConditionTarget;
  let path: (string | number)[] = [];
  if (target === 'params') {
    if (!scope.params.includes(rest))
      return keyProblem('ruleUnknownParam', messages.ruleUnknownParam(scope.label, rest, scope.params));
    path = [rest];
  } else if (target === 'query' || target === 'headers') {
    if (rest === '') return keyProblem('ruleUnknownTarget', messages.ruleUnknownTarget(label));
    path = [target === 'headers' ? rest.toLowerCase() : rest];
  } else if (target === 'scenario') {
    if (!scope.scenarios?.has(rest)) {
      scope.problems.push(unknownScenarioProblem(scope.source, at, rest, scope.scenarios ?? new Set()));
      return undefined;
    }
    path = [rest];
  } else if (target === 'body') {
    const parsed = parseBodyPath(rest);
    if (!parsed) return keyProblem('ruleBadPath', messages.ruleBadPath(label));
    const [field] = parsed;
    const { schema } = scope;
    if (
      schema &&
      typeof field === 'string' &&
      !schema.fieldMap.has(field) &&
      !scope.broken.has(`${schema.name}.${field}`)
    ) {
      const fields = schema.fields.map((f) => f.name);
      return keyProblem(
        'ruleBodyNotAField',
        messages.ruleBodyNotAField(field, schema.name, fields, didYouMean(field, fields)),
      );
    }
    path = parsed;
  }
  const tests = compileTests(scope, at, label, condition);
  return tests && { label, target, path, tests };
}

export function compileRules(scope: RuleScope, at: DocPath, rules: readonly RuleDefinition[]): RuleModel[] | undefined {
  const out: RuleModel[] = [];
  let ok = true;
  rules.forEach((rule, index) => {
    const ruleAt = [...at, index];
    const when: ConditionModel[] = [];
    for (const [label, condition] of Object.entries(rule.when)) {
      const compiled = compileCondition(scope, [...ruleAt, 'when', label], label, condition);
      if (compiled) when.push(compiled);
      else ok = false;
    }
    // A response with neither `inline` nor `body` only adds its headers to the endpoint's answer.
    const answers =
      rule.response !== undefined && (rule.response.inline !== undefined || rule.response.body !== undefined);
    const response =
      answers && rule.response ? compileResponse(scope, [...ruleAt, 'response'], rule.response) : undefined;
    const ownHeaders = answers ? [] : compileHeaders(scope, [...ruleAt, 'response', 'headers'], rule.response?.headers);
    const ruleHeaders = compileHeaders(scope, [...ruleAt, 'headers'], rule.headers);
    const headers = ownHeaders && ruleHeaders && [...ownHeaders, ...ruleHeaders];
    const latency = compileLatency(scope, [...ruleAt, 'latency'], rule.latency);
    const fault = compileFault(scope, [...ruleAt, 'fault'], rule.fault);
    const setScenario = compileSetScenario(scope, [...ruleAt, 'setScenario'], rule.setScenario);
    const callbacks = compileCallbacks(scope, [...ruleAt, 'callbacks'], rule.callbacks);
    if (
      response === null ||
      !headers ||
      latency === null ||
      fault === null ||
      setScenario === null ||
      callbacks === null
    ) {
      ok = false;
      return;
    }
    out.push({
      number: index + 1,
      line: scope.source.lineOf(ruleAt),
      when,
      status: rule.status,
      // A rule's constant inline response is still its own answer (not the endpoint's).
      response:
        response ??
        (answers
          ? { kind: 'inline', value: { kind: 'constant', value: rule.response?.inline ?? null }, headers: [] }
          : undefined),
      headers,
      latency,
      fault,
      readsBody: when.some((c) => c.target === 'body'),
      ...(setScenario ? { setScenario } : {}),
      ...(callbacks ? { callbacks } : {}),
    });
  });
  return ok ? out : undefined;
}

/**
 * Why RE2 refuses a pattern, with where: RE2 has no backreferences or lookaround (the constructs that
 * make a match take exponential time), so those are config problems rather than slow requests.
 */
function regexProblem(pattern: string, err: unknown): string {
  const { error, input } = err as { error?: string; input?: string };
  if (error === undefined) return (err as Error).message;
  const at = input ? pattern.indexOf(input) : -1;
  return `${error}${input ? ` \`${input}\`` : ''}${at >= 0 ? ` at character ${at + 1}` : ''} (rules match with RE2 syntax: no backreferences or lookaround)`;
}
