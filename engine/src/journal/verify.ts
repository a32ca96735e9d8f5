/**
 * `mock.verify` and `POST /__mockyard/verify`: count the incoming requests that match an
 * expectation, and when the count is wrong, say which requests came nearest and why each one did
 * not match (method, path, which body field), as WireMock's near-miss report does.
 */
import type { JournalEntry, VerifyExpectation, VerifyResult } from '../library/types.js';

/** Near misses shown in a failed verification's message. */
export const NEAR_MISSES = 3;
/** Longest value quoted in a message. */
const QUOTE = 80;

const quote = (value: unknown): string => {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > QUOTE ? `${text.slice(0, QUOTE)}…` : text;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where `actual` differs from `expected`: an object matches when each field it names matches (extra
 * fields are fine); arrays and other values must be equal. Each difference names its field path.
 */
export function bodyDifferences(expected: unknown, actual: unknown, at = 'body'): string[] {
  if (isObject(expected)) {
    if (!isObject(actual)) return [`${at} is ${quote(actual)}, expected an object`];
    return Object.entries(expected).flatMap(([key, value]) =>
      Object.hasOwn(actual, key) ? bodyDifferences(value, actual[key], `${at}.${key}`) : [`${at}.${key} is missing`],
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at} is ${quote(actual)}, expected an array`];
    if (actual.length !== expected.length) return [`${at} has ${actual.length} items, expected ${expected.length}`];
    return expected.flatMap((value, i) => bodyDifferences(value, actual[i], `${at}[${i}]`));
  }
  return Object.is(expected, actual) ? [] : [`${at} is ${quote(actual)}, expected ${quote(expected)}`];
}

/** Why an entry does not match the expectation; empty when it matches. */
export function mismatches(entry: JournalEntry, expected: VerifyExpectation): string[] {
  const out: string[] = [];
  if (expected.method !== undefined && entry.method.toUpperCase() !== expected.method.toUpperCase())
    out.push(`method is ${entry.method}, expected ${expected.method.toUpperCase()}`);
  const { path } = expected;
  if (path !== undefined && (path instanceof RegExp ? !path.test(entry.path) : entry.path !== path))
    out.push(`path is ${entry.path}, expected ${path instanceof RegExp ? path.toString() : path}`);
  if (expected.body !== undefined) out.push(...bodyDifferences(expected.body, entry.body));
  return out;
}

/** How far an entry is from the expectation: a wrong path counts most, then the method, then each body field. */
const distance = (entry: JournalEntry, expected: VerifyExpectation, reasons: readonly string[]): number =>
  reasons.reduce((sum, reason) => sum + (reason.startsWith('path') ? 4 : reason.startsWith('method') ? 2 : 1), 0) +
  (expected.path !== undefined && typeof expected.path === 'string' && entry.path.startsWith(expected.path) ? -1 : 0);

/** The expectation in words: `POST /orders with body {"amount":10}`. */
export function describeExpectation(expected: VerifyExpectation): string {
  const method = expected.method?.toUpperCase() ?? 'any method';
  const path = expected.path === undefined ? 'any path' : expected.path.toString();
  return `${method} ${path}${expected.body === undefined ? '' : ` with body ${quote(expected.body)}`}`;
}

/** Counts the matching incoming requests and explains a wrong count. */
export function verifyJournal(entries: readonly JournalEntry[], expected: VerifyExpectation): VerifyResult {
  const incoming = entries.filter((e) => e.direction === 'incoming');
  const misses: { entry: JournalEntry; reasons: string[]; distance: number }[] = [];
  let count = 0;
  for (const entry of incoming) {
    const reasons = mismatches(entry, expected);
    if (reasons.length === 0) count++;
    else misses.push({ entry, reasons, distance: distance(entry, expected, reasons) });
  }
  const { times } = expected;
  const ok = times === undefined ? count > 0 : count === times;
  const wanted = times === undefined ? 'at least 1 request' : `exactly ${times} request${times === 1 ? '' : 's'}`;
  const head = `Expected ${wanted} matching ${describeExpectation(expected)}, but ${count} matched.`;
  if (ok) return { ok, count, message: head };
  if (count > 0 && times !== undefined && count > times) return { ok, count, message: head };
  const nearest = misses
    .map((m, order) => ({ ...m, order }))
    // Nearest first; among equals, the newest first.
    .sort((a, b) => a.distance - b.distance || b.order - a.order)
    .slice(0, NEAR_MISSES);
  if (nearest.length === 0)
    return { ok, count, message: `${head}\nNo other requests were received (the journal has ${incoming.length}).` };
  const lines = nearest.map(
    ({ entry, reasons }, i) => `  ${i + 1}. ${entry.method} ${entry.path} (#${entry.id}): ${reasons.join('; ')}`,
  );
  return { ok, count, message: `${head}\nNearest requests that did not match:\n${lines.join('\n')}` };
}
