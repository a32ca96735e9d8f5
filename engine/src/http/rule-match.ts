/** Which rule of an endpoint a request matches: the first whose conditions all hold. */
import type { IncomingHttpHeaders } from 'node:http';
import { conditionText } from '../config/compile-rules.js';
import type { ConditionModel, ConditionTest, RuleModel } from '../model/dynamic-model.js';

/** Longest request value a rule's regex looks at, in characters; a longer one does not match. */
export const MAX_REGEX_INPUT = 16 * 1024;

export interface MatchFacts {
  method: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams | undefined;
  headers: IncomingHttpHeaders;
  /** The parsed body (undefined when none was read or sent). */
  body: unknown;
  /** The scenarios' current states (read only for an endpoint whose rules test one). */
  scenarios?: Readonly<Record<string, string>> | undefined;
}

/** The request's value a condition looks at; undefined when it was not sent. */
function requestValue(condition: ConditionModel, facts: MatchFacts): unknown {
  const [name] = condition.path;
  switch (condition.target) {
    case 'method':
      return facts.method;
    case 'scenario':
      return facts.scenarios?.[name as string];
    case 'params':
      return Object.hasOwn(facts.params, name as string) ? facts.params[name as string] : undefined;
    case 'query':
      return facts.query?.get(name as string) ?? undefined;
    case 'headers': {
      const value = facts.headers[name as string];
      return Array.isArray(value) ? value.join(', ') : value;
    }
    case 'body': {
      let current: unknown = facts.body;
      for (const segment of condition.path) {
        if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
        current = (current as Record<string | number, unknown>)[segment];
      }
      return current;
    }
  }
}

const asNumber = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;

function passes(test: ConditionTest, value: unknown): boolean {
  if (test.op === 'present') return (value !== undefined) === test.present;
  if (value === undefined) return false;
  switch (test.op) {
    case 'equals':
      return conditionText(value) === test.text;
    case 'regex': {
      // RE2 matches in linear time; the cap bounds that time too (a longer value does not match).
      const text = conditionText(value);
      return text.length <= MAX_REGEX_INPUT && test.regex.matcher(text).find();
    }
    case 'in':
      return test.texts.has(conditionText(value));
    default: {
      const n = asNumber(value);
      if (!Number.isFinite(n)) return false;
      if (test.op === 'gt') return n > test.number;
      if (test.op === 'gte') return n >= test.number;
      if (test.op === 'lt') return n < test.number;
      return n <= test.number;
    }
  }
}

export const conditionHolds = (condition: ConditionModel, facts: MatchFacts): boolean => {
  const value = requestValue(condition, facts);
  return condition.tests.every((test) => passes(test, value));
};

/** The first rule whose `when` holds, or undefined. */
export const matchRule = (rules: readonly RuleModel[], facts: MatchFacts): RuleModel | undefined =>
  rules.find((rule) => rule.when.every((condition) => conditionHolds(condition, facts)));
