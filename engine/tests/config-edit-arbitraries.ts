/**
 * Random configs full of comments for the config-edit property tests: a random JSON-like value and
 * a YAML text for it written the many ways people write YAML (block and flow collections, compact
 * list items, lists at their key's column or indented, plain and quoted scalars, blank lines), with a
 * unique `# cN` comment on nearly every line and comment lines between entries.
 */
import fc from 'fast-check';

export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

export const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
const STRINGS = [
  'ada',
  'hello world',
  'x-y',
  'x, y',
  'a: b',
  '# no',
  'yes',
  '123',
  '',
  "it's",
  'two\nlines',
  'null',
  '[x]',
];

export const scalarArb: fc.Arbitrary<Plain> = fc.oneof(
  fc.integer({ min: -5, max: 999 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...STRINGS),
);

const tree = fc.letrec<{ value: Plain; list: Plain[]; map: { [key: string]: Plain } }>((tie) => ({
  value: fc.oneof({ maxDepth: 3, depthIdentifier: 'v' }, scalarArb, tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'v' }),
  map: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), {
    maxKeys: 4,
    depthIdentifier: 'v',
    noNullPrototype: true,
  }),
}));

export const valueArb: fc.Arbitrary<Plain> = tree.value;
export const rootArb = fc.dictionary(fc.constantFrom(...KEYS), tree.value, {
  minKeys: 1,
  maxKeys: 5,
  noNullPrototype: true,
});

const isColl = (v: Plain): v is Plain[] | { [key: string]: Plain } => typeof v === 'object' && v !== null;
const isEmpty = (v: Plain[] | { [key: string]: Plain }): boolean => Object.keys(v).length === 0;
const sp = (n: number): string => ' '.repeat(n);

/** Writes `value` as YAML, choosing each style from `choices` (so fast-check shrinks the styles too). */
export function writeYaml(value: { [key: string]: Plain }, choices: readonly number[]): string {
  let cursor = 0;
  let id = 0;
  const pick = (n: number): number => (choices[cursor++ % choices.length] ?? 0) % n;
  const comment = (): string => (pick(5) === 0 ? '' : ` # c${++id}`);
  const between = (col: number): string[] => {
    const lines: string[] = [];
    if (pick(3) === 0) lines.push(`${sp(col)}# c${++id}`);
    if (pick(4) === 0) lines.push('');
    return lines;
  };
  const blockScalar = (v: Plain): string => {
    if (typeof v !== 'string') return v === null && pick(2) === 0 ? '~' : String(v);
    if (/^[a-z][a-z ,-]*[a-z]$/.test(v) && v !== 'null' && v !== 'yes' && pick(3) !== 0) return v;
    if (!v.includes('\n') && pick(2) === 0) return `'${v.replace(/'/g, "''")}'`;
    return JSON.stringify(v);
  };
  const flowScalar = (v: Plain): string =>
    typeof v === 'string' && !/^[a-z][a-z-]*$/.test(v) ? JSON.stringify(v) : blockScalar(v);
  const flow = (v: Plain, pad: boolean): string => {
    if (!isColl(v)) return flowScalar(v);
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    const items = Array.isArray(v)
      ? v.map((x) => flow(x, pad))
      : Object.entries(v).map(([k, x]) => `${k}: ${flow(x, pad)}`);
    if (items.length === 0) return `${open}${close}`;
    return pad ? `${open} ${items.join(', ')} ${close}` : `${open}${items.join(', ')}${close}`;
  };
  // Lines of a value after `head` (`key:` or `-`); the first line continues the head's line.
  const after = (head: string, v: Plain, col: number, inSeq: boolean): string[] => {
    if (!isColl(v) || isEmpty(v) || pick(3) === 0)
      return [`${head} ${isColl(v) ? flow(v, pick(2) === 0) : blockScalar(v)}${comment()}`];
    if (inSeq) {
      // Compact: `- a: 1` / `- - x`, the rest at the item's column.
      const [first, ...rest] = block(v, col + 2, true);
      return [`${head} ${first?.trimStart() ?? ''}`, ...rest];
    }
    const childCol = Array.isArray(v) && pick(2) === 0 ? col : col + 2;
    return [`${head}${comment()}`, ...block(v, childCol, false)];
  };
  const block = (v: Plain[] | { [key: string]: Plain }, col: number, compact: boolean): string[] => {
    const lines: string[] = [];
    const entries: [string, Plain][] = Array.isArray(v)
      ? v.map((x) => ['-', x])
      : Object.entries(v).map(([k, x]) => [`${k}:`, x]);
    entries.forEach(([head, x], i) => {
      if (i > 0 || !compact) lines.push(...between(col));
      const [first, ...rest] = after(head, x, col, head === '-');
      lines.push(`${sp(col)}${first ?? ''}`, ...rest);
    });
    return lines;
  };
  return `# c${++id} header\n${block(value, 0, false).join('\n')}\n`;
}

/** Every path of a value, with the value there. */
export function pathsOf(value: Plain, prefix: (string | number)[] = []): { path: (string | number)[]; value: Plain }[] {
  const here = prefix.length ? [{ path: prefix, value }] : [];
  if (!isColl(value)) return here;
  const children = Array.isArray(value)
    ? value.flatMap((x, i) => pathsOf(x, [...prefix, i]))
    : Object.entries(value).flatMap(([k, x]) => pathsOf(x, [...prefix, k]));
  return [...here, ...children];
}
