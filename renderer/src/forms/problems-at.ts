import type { DocPath } from '../../../shared/src/config-edit/index';
import type { Problem } from '../../../shared/src/problems';

/** `path` is `at` or inside it: ['endpoints', 2, 'method'] is under ['endpoints', 2]. */
export const isUnder = (path: readonly (string | number)[], at: DocPath): boolean =>
  at.length <= path.length && at.every((part, i) => part === path[i]);

/** The problems a form field shows: those whose document path is at or under the field's. */
export const problemsAt = (problems: readonly Problem[], at: DocPath): Problem[] =>
  problems.filter((p) => isUnder(p.path, at));
