/**
 * A rule's condition (`when: { target: condition }`) as the rules editor shows it: one or more
 * operator and value pairs, and back. `{ gte: 3, lt: 100 }` is two pairs; a plain value is `equals`.
 */

export const OPERATORS = [
  { value: 'eq', label: 'equals' },
  { value: 'regex', label: 'matches regex' },
  { value: 'in', label: 'is one of' },
  { value: 'present', label: 'is sent' },
  { value: 'absent', label: 'is not sent' },
  { value: 'gt', label: '>' },
  { value: 'gte', label: '≥' },
  { value: 'lt', label: '<' },
  { value: 'lte', label: '≤' },
] as const;

export type Operator = (typeof OPERATORS)[number]['value'];

export const NUMERIC: readonly Operator[] = ['gt', 'gte', 'lt', 'lte'];
/** Operators without a value to type. */
export const VALUELESS: readonly Operator[] = ['present', 'absent'];

export interface ConditionPart {
  op: Operator;
  /** As typed: `in` lists its values separated by commas. */
  value: string;
}

const shown = (v: unknown): string => (v === null ? 'null' : v === undefined ? '' : String(v));

/** The condition as operator/value pairs (an object with no known operator gives none). */
export function conditionParts(condition: unknown): ConditionPart[] {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition))
    return [{ op: 'eq', value: shown(condition) }];
  const parts: ConditionPart[] = [];
  for (const [key, v] of Object.entries(condition)) {
    if (key === 'regex') parts.push({ op: 'regex', value: shown(v) });
    else if (key === 'in') parts.push({ op: 'in', value: Array.isArray(v) ? v.map(shown).join(', ') : shown(v) });
    else if (key === 'present') parts.push({ op: v === false ? 'absent' : 'present', value: '' });
    else if ((NUMERIC as readonly string[]).includes(key)) parts.push({ op: key as Operator, value: shown(v) });
  }
  return parts;
}

/** A plain value as typed: a number when it reads back the same, true/false/null, else text. */
export function plainValue(text: string): string | number | boolean | null {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t === 'null') return null;
  if (t !== '' && String(Number(t)) === t) return Number(t);
  return text;
}

/** A bound as typed: a number, or the text as typed so the engine says what is wrong. */
const numberValue = (text: string): number | string => {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : text;
};

/** The YAML value of the pairs; `equals` alone is the plain value, and wins over any other pair. */
export function conditionValue(parts: readonly ConditionPart[]): unknown {
  const eq = parts.find((p) => p.op === 'eq');
  if (eq) return plainValue(eq.value);
  const out: Record<string, unknown> = {};
  for (const { op, value } of parts) {
    if (op === 'regex') out.regex = value;
    else if (op === 'in')
      out.in = value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map(plainValue);
    else if (op === 'present' || op === 'absent') out.present = op === 'present';
    else out[op] = numberValue(value);
  }
  return out;
}

/** One line for a rule's heading: `body.password = wrong, query.mode ~ ^slow`. */
export function describeWhen(when: unknown): string {
  if (when === null || typeof when !== 'object' || Array.isArray(when)) return 'no conditions';
  const sign: Record<Operator, string> = {
    eq: '=',
    regex: '~',
    in: 'in',
    present: 'is sent',
    absent: 'is not sent',
    gt: '>',
    gte: '≥',
    lt: '<',
    lte: '≤',
  };
  const items = Object.entries(when).map(([target, c]) =>
    conditionParts(c)
      .map(({ op, value }) =>
        VALUELESS.includes(op)
          ? `${target} ${sign[op]}`
          : `${target} ${sign[op]} ${op === 'in' ? `[${value}]` : value}`,
      )
      .join(' and '),
  );
  return items.length ? items.join(', ') : 'no conditions (always)';
}
