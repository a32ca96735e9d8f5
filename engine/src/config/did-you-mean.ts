import { closest, distance } from 'fastest-levenshtein';

/** True when `a` becomes `b` by swapping two neighbouring characters (`GTE` -> `GET`). */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  const [i, j] = diff;
  return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/** The closest candidate to `input`, if it is close enough to be a likely typo. */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const lower = input.toLowerCase();
  const caseOnly = candidates.find((c) => c.toLowerCase() === lower);
  if (caseOnly) return caseOnly;
  // Levenshtein counts a swap of two letters as two edits, too many for short words like methods.
  const swapped = candidates.find((c) => isTransposition(lower, c.toLowerCase()));
  if (swapped) return swapped;
  const best = closest(
    lower,
    candidates.map((c) => c.toLowerCase()),
  );
  const match = candidates.find((c) => c.toLowerCase() === best);
  const threshold = Math.max(1, Math.floor(Math.max(input.length, 3) / 3));
  if (match !== undefined && distance(lower, best) <= threshold) return match;
  // An abbreviation (`bool`, `int`) names the one candidate it starts.
  const prefixed = lower.length >= 3 ? candidates.filter((c) => c.toLowerCase().startsWith(lower)) : [];
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
