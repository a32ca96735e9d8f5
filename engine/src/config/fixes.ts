import type { Problem } from '../../../shared/src/problems.js';

/**
 * The problem with a quick fix that writes `text` over the problem's own range (the misspelt key or
 * value it points at). Without a replacement the problem is returned as it was, so call sites can
 * pass a "did you mean" result straight through.
 */
export function withFix(problem: Problem, text: string | undefined, title = `Change to '${text}'`): Problem {
  if (text === undefined) return problem;
  return { ...problem, fixes: [...(problem.fixes ?? []), { title, range: problem.range, text }] };
}
