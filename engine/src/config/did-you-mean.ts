import { closest, distance } from 'fastest-levenshtein';

/** The closest candidate to `input`, if it is close enough to be a likely typo. */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const lower = input.toLowerCase();
  const caseOnly = candidates.find((c) => c.toLowerCase() === lower);
  if (caseOnly) return caseOnly;
  const best = closest(lower, candidates.map((c) => c.toLowerCase()));
  const match = candidates.find((c) => c.toLowerCase() === best);
  const threshold = Math.max(1, Math.floor(Math.max(input.length, 3) / 3));
  return match !== undefined && distance(lower, best) <= threshold ? match : undefined;
}
